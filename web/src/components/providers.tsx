import type { ReactNode } from 'react';
import {
  MantineProvider,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  localStorageColorSchemeManager,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../lib/contract';
import { DeferredNotifications } from './deferred-notifications';

// Shade 8 keeps links, buttons and alert titles above WCAG AA contrast on white, and white text on
// filled buttons in both schemes. The text of "light" variants (alerts, badges) stays below AA on their
// tinted background even in the darkest shade of green, so it is darkened further in the light scheme;
// the dark scheme keeps Mantine's light text (light-dark() follows the scheme Mantine sets on <html>).
// Text in a chosen dark shade on the page's own background (outline, subtle: "gray.8", "red.9") would
// be dark on dark in the dark scheme: there it takes the colour's shade 3 (the text colour for "dark").
const TEXT_ON_BODY_VARIANTS = new Set(['outline', 'subtle', 'transparent']);

const resolveVariantColors: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (TEXT_ON_BODY_VARIANTS.has(input.variant) && parsed.isThemeColor && parsed.shade !== undefined) {
    const onDark =
      parsed.color === 'dark' ? 'var(--mantine-color-text)' : `var(--mantine-color-${parsed.color}-3)`;
    const color = `light-dark(${resolved.color}, ${onDark})`;
    return { ...resolved, color, border: resolved.border.replace(resolved.color, color) };
  }
  if (input.variant !== 'light') return resolved;
  return parsed.isThemeColor
    ? {
        ...resolved,
        color: `light-dark(${darken(input.theme.colors[parsed.color]![9], 0.35)}, ${resolved.color})`,
      }
    : resolved;
};

export const theme = createTheme({
  variantColorResolver: resolveVariantColors,
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
});

// Mantine's defaults for secondary text, errors and placeholders fall below WCAG AA contrast, on white
// in the light scheme and on dark-7 (the page) and dark-6 (cards, inputs) in the dark one.
export const resolveContrastVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});

/**
 * Light, dark or the system's setting (the default), remembered in this browser; color-scheme.js in
 * index.html reads the same key before the first paint, so a dark page never flashes white.
 */
const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

type AppProvidersProps = { children: ReactNode; queryClient: QueryClient };

/**
 * The theme's CSS variables (those that differ from Mantine's stylesheet) are built into
 * app/theme-variables.css rather than computed at every start (about 10 ms of a first render of
 * 55–90 ms, profiled); providers.test.tsx holds that file to what MantineProvider would inject.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={resolveContrastVariables}
      withCssVariables={false}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <DeferredNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
