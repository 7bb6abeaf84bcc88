import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTimeText } from '../../components/date-time-text';
import { STORAGE_KEYS } from '../../lib/contract';
import { formatPointInTime, ownTimeZone } from '../../lib/time-zone';
import { renderRoutes } from '../../test/render';
import { DisplaySettings } from './display-settings';

afterEach(() => localStorage.clear());

const at = '2026-11-25T15:40:00.000Z';

function renderSettings() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <DisplaySettings direction="row" />
          <p data-testid="shown">
            <DateTimeText value={at} />
          </p>
        </>
      ),
    },
  ]);
}

describe('display settings', () => {
  it('opens with the keyboard and switches the colour scheme, remembered', async () => {
    const user = userEvent.setup();
    renderSettings();
    const button = screen.getByRole('button', { name: 'Darstellung' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const schemes = await screen.findByRole('radiogroup', { name: 'Farbschema' });
    expect(screen.getByRole('radio', { name: 'Wie im System eingestellt' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Dunkel' }));
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    );
    expect(localStorage.getItem(STORAGE_KEYS.colorScheme)).toBe('dark');
    expect(schemes).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('radiogroup', { name: 'Farbschema' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows times in the own zone, named, on every time of the page, and back in UTC', async () => {
    const user = userEvent.setup();
    renderSettings();
    expect(screen.getByTestId('shown')).toHaveTextContent('25.11.2026 15:40 UTC');

    await user.click(screen.getByRole('button', { name: 'Darstellung' }));
    await screen.findByRole('radiogroup', { name: 'Zeiten anzeigen in' });
    expect(screen.getByRole('radio', { name: 'UTC (Standard)' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: `Meiner Zeitzone (${ownTimeZone()})` }));

    expect(localStorage.getItem(STORAGE_KEYS.timeZone)).toBe('local');
    // The zone's own time (formatPointInTime's tests check the arithmetic), named in brackets.
    expect(screen.getByTestId('shown')).toHaveTextContent(formatPointInTime(at, 'local'));
    expect(screen.getByTestId('shown')).toHaveTextContent(`(${ownTimeZone()})`);

    await user.click(screen.getByRole('radio', { name: 'UTC (Standard)' }));
    expect(screen.getByTestId('shown')).toHaveTextContent('25.11.2026 15:40 UTC');
  });

  it('closes on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('button', { name: 'Darstellung' }));
    await screen.findByRole('radiogroup', { name: 'Farbschema' });
    await user.click(screen.getByTestId('shown'));
    // The menu closes once its outside-click handler has run, which a busy machine may delay.
    await waitFor(() =>
      expect(screen.queryByRole('radiogroup', { name: 'Farbschema' })).not.toBeInTheDocument(),
    );
  });
});
