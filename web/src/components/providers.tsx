import type { ReactNode } from 'react';
import {
  MantineProvider,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DeferredNotifications } from './deferred-notifications';

// Shade 8 keeps links, buttons and alert titles above WCAG AA contrast on white.
// The text of "light" variants (alerts, badges) stays below AA on their tinted background even in the
// darkest shade of green, so it is darkened further.
const resolveVariantColors: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  return parsed.isThemeColor
    ? { ...resolved, color: darken(input.theme.colors[parsed.color]![9], 0.35) }
    : resolved;
};

export const theme = createTheme({
  variantColorResolver: resolveVariantColors,
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 4 },
});

// Mantine's light defaults for secondary text, errors and placeholders fall below WCAG AA contrast on white.
export const resolveContrastVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

type AppProvidersProps = { children: ReactNode; queryClient: QueryClient };

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={resolveContrastVariables}>
      <DeferredNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
