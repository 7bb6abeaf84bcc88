import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { AppProviders, createQueryClient, resolveContrastVariables, theme } from './providers';

/** The stylesheets Mantine put in the page as it rendered, by their data-mantine-styles attribute. */
function mantineStyles(): Map<string, string> {
  return new Map(
    [...document.querySelectorAll('style[data-mantine-styles]')].map((style) => [
      style.getAttribute('data-mantine-styles') ?? '',
      style.textContent ?? '',
    ]),
  );
}

const THEME_CSS_HEADER =
  '/* Written by components/providers.test.tsx: the CSS variables of the theme (components/providers.tsx). */\n';

describe('the theme CSS variables', () => {
  // `npx vitest run -u web/src/components/providers.test.tsx` writes the file anew after a theme change.
  it('app/theme-variables.css holds what MantineProvider would put in the page for the theme', async () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={resolveContrastVariables}>
        <p>themed</p>
      </MantineProvider>,
    );
    const variables = mantineStyles().get('true') ?? '';
    expect(variables).toContain('--mantine-color-dimmed');
    await expect(`${THEME_CSS_HEADER}${variables.trim()}\n`).toMatchFileSnapshot(
      '../app/theme-variables.css',
    );
  });

  it('are not computed at run time: the app renders no stylesheet of variables', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>app</p>
      </AppProviders>,
    );
    expect(mantineStyles().has('true')).toBe(false);
    expect(mantineStyles().has('classes')).toBe(true);
  });
});
