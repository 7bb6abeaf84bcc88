import type { ReactNode } from 'react';
import { Container, Stack, Title } from '@mantine/core';

type PageProps = { title: string; children?: ReactNode; size?: 'xs' | 'sm' | 'md' | 'lg' };

/** A screen's frame: its single h1 and the content below it. */
export function Page({ title, children, size = 'md' }: PageProps) {
  return (
    <Container size={size} px={0}>
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}
