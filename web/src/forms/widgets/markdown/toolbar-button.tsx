import type { ComponentPropsWithRef, ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';

type ToolbarIconButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'> & {
  /** The translated accessible name, also shown on hover. */
  label: string;
  children: ReactNode;
};

/** A toolbar button of ours next to MDXEditor's: named, focusable, the same size. */
export function ToolbarIconButton({ label, children, ...rest }: ToolbarIconButtonProps) {
  return (
    <ActionIcon variant="subtle" color="dark" size="lg" aria-label={label} title={label} {...rest}>
      {children}
    </ActionIcon>
  );
}
