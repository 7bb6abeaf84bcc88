import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLoadedField } from '../form-harness';

// Holds the calendar's chunk back until the test lets it load, as a slow network would.
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});
vi.mock('./date-calendar', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

const element = { scope: 'publish_on', widget: 'date' };
const property = { type: 'string', format: 'date' };

describe('date picker field', () => {
  it('shows a loader while the calendar loads, then moves the focus into the calendar', async () => {
    const user = userEvent.setup();
    const { lastValue } = await renderLoadedField(element, property, { value: { publish_on: '2026-11-21' } });
    await user.tab();
    await user.keyboard('{Enter}');
    const loader = await screen.findByLabelText('Wird geladen …');
    const dropdown = loader.closest<HTMLElement>('[data-dates-dropdown]');
    expect(dropdown).not.toBeNull();

    gate.open();
    const calendar = await screen.findByRole('table');
    await waitFor(() => {
      expect(document.activeElement).not.toBe(dropdown);
      expect(dropdown).toContainElement(document.activeElement as HTMLElement);
    });
    within(calendar).getByRole('button', { name: '21 November 2026' }).focus();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(lastValue()).toEqual({ publish_on: '2026-11-20' });
  });
});
