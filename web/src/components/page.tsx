import type { ReactNode } from 'react';
import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '../lib/document-title';

type PageProps = { title: string; children?: ReactNode; size?: 'xs' | 'sm' | 'md' | 'lg' };

/**
 * A screen's frame: its single h1 and the content below it. The h1 also titles the browser tab, and
 * takes focus after a navigation (components/route-announcer.tsx).
 */
export function Page({ title, children, size = 'md' }: PageProps) {
  const heading = useDocumentTitle(title);
  return (
    <Container size={size} px={0}>
      <Stack gap="md">
        <Title ref={heading} order={1} tabIndex={-1}>
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}
