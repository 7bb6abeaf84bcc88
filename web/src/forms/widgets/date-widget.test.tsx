import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fieldBox, renderLoadedField } from '../form-harness';

const element = { scope: 'publish_on', widget: 'date' };
const property = { type: 'string', format: 'date' };

describe('date widget', () => {
  it('shows a stored YYYY-MM-DD date as DD.MM.YYYY', async () => {
    await renderLoadedField(element, property, { value: { publish_on: '2026-11-21' } });
    expect(screen.getByRole('button', { name: 'publish_on' })).toHaveTextContent('21.11.2026');
  });

  it('opens a German calendar whose weeks start on Monday and stores the picked day as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = await renderLoadedField(element, property, {
      value: { publish_on: '2026-11-21' },
    });
    await user.click(screen.getByRole('button', { name: 'publish_on' }));
    // The calendar is a chunk of its own, loaded when the field is first pointed at or opened.
    const calendar = await screen.findByRole('table');
    const weekdays = within(calendar)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(weekdays).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(screen.getByText('November 2026')).toBeInTheDocument();

    await user.click(within(calendar).getByRole('button', { name: '3 November 2026' }));
    expect(lastValue()).toEqual({ publish_on: '2026-11-03' });
    expect(screen.getByRole('button', { name: 'publish_on' })).toHaveTextContent('03.11.2026');
    expect(fieldBox(container, 'publish_on')).toHaveAttribute('data-state', 'valid');
  });

  it('can be used with the keyboard alone', async () => {
    const user = userEvent.setup();
    const { lastValue } = await renderLoadedField(element, property, { value: { publish_on: '2026-11-21' } });
    await user.tab();
    expect(screen.getByRole('button', { name: 'publish_on' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const calendar = await screen.findByRole('table');
    // Focus moves into the calendar once it has loaded, as in Mantine's own date input.
    await waitFor(() =>
      expect(calendar.closest('[data-dates-dropdown]')).toContainElement(
        document.activeElement as HTMLElement,
      ),
    );
    const selected = within(calendar).getByRole('button', { name: '21 November 2026' });
    selected.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(lastValue()).toEqual({ publish_on: '2026-11-22' });
  });

  it('names its clear button in the interface language and clears the date with it', async () => {
    const user = userEvent.setup();
    const { lastValue } = await renderLoadedField(element, property, {
      value: { publish_on: '2026-11-21' },
    });
    await user.click(screen.getByRole('button', { name: 'Datum löschen' }));
    expect(lastValue()).toEqual({ publish_on: '' });
  });

  it('is marked required by the asterisk alone: its picker is a button, which takes no aria-required', async () => {
    const { container } = await renderLoadedField(element, property, { required: true });
    const picker = screen.getByRole('button', { name: 'publish_on' });
    expect(picker).not.toHaveAttribute('aria-required');
    expect(fieldBox(container, 'publish_on').querySelector('label')).toHaveTextContent('publish_on *');
  });
});
