import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fieldBox, renderLoadedField } from '../form-harness';
import { dateTimeProblem, joinDateTime, splitDateTime } from './datetime-parts';

const element = { scope: 'starts_at', widget: 'datetime' };
const property = { type: 'string', format: 'date-time' };

describe('date-time parts', () => {
  it('splits an ISO string into the UTC date and time', () => {
    expect(splitDateTime('2026-11-21T18:30:00.000Z')).toEqual({ date: '2026-11-21', time: '18:30' });
    expect(splitDateTime('2026-11-21T23:30:00+02:00')).toEqual({ date: '2026-11-21', time: '21:30' });
    expect(splitDateTime('')).toEqual({ date: null, time: '' });
    expect(splitDateTime('soon')).toEqual({ date: null, time: '' });
  });

  it('joins only a set and valid date and time', () => {
    expect(joinDateTime({ date: '2026-11-21', time: '18:30' })).toBe('2026-11-21T18:30:00.000Z');
    expect(joinDateTime({ date: '2026-11-21', time: '' })).toBeUndefined();
    expect(joinDateTime({ date: null, time: '18:30' })).toBeUndefined();
    expect(joinDateTime({ date: '2026-02-30', time: '18:30' })).toBeUndefined();
    expect(joinDateTime({ date: '2026-11-21', time: '25:00' })).toBeUndefined();
    expect(dateTimeProblem({ date: null, time: '' })).toBeUndefined();
    expect(dateTimeProblem({ date: '2026-11-21', time: '' })).toBe('incomplete');
    expect(dateTimeProblem({ date: '2026-02-30', time: '10:00' })).toBe('invalid');
  });
});

describe('date-time widget', () => {
  it('shows a stored value as date DD.MM.YYYY and time HH:mm in UTC', async () => {
    await renderLoadedField(element, property, { value: { starts_at: '2026-11-21T18:30:00.000Z' } });
    expect(screen.getByRole('group', { name: 'starts_at' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'starts_at: Datum' })).toHaveTextContent('21.11.2026');
    expect(screen.getByLabelText('starts_at: Uhrzeit (UTC)')).toHaveValue('18:30');
  });

  it('emits nothing and shows an error while only one part is set, then emits the ISO UTC string', async () => {
    const user = userEvent.setup();
    const { container, onChange, lastValue } = await renderLoadedField(element, property, {
      required: true,
      mode: 'strict',
    });
    expect(fieldBox(container, 'starts_at')).toHaveAttribute('data-state', 'neutral');

    const time = screen.getByLabelText('starts_at: Uhrzeit (UTC)');
    fireEvent.input(time, { target: { value: '18:30' } });
    expect(onChange).not.toHaveBeenCalled();
    const group = screen.getByRole('group', { name: 'starts_at' });
    expect(group).toHaveAccessibleDescription('Bitte gib Datum und Uhrzeit an.');
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(time).toHaveAccessibleDescription('Bitte gib Datum und Uhrzeit an.');

    await user.click(screen.getByRole('button', { name: 'starts_at: Datum' }));
    await user.click(within(await screen.findByRole('table')).getAllByRole('button', { name: /^21 / })[0]!);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(lastValue()?.starts_at).toMatch(/^\d{4}-\d{2}-21T18:30:00\.000Z$/);
    expect(screen.queryByText('Bitte gib Datum und Uhrzeit an.')).not.toBeInTheDocument();
    expect(time).not.toHaveAttribute('aria-invalid');
    expect(fieldBox(container, 'starts_at')).toHaveAttribute('data-state', 'valid');
  });

  it('keeps the last valid value while the time is being cleared', async () => {
    const { onChange } = await renderLoadedField(element, property, {
      value: { starts_at: '2026-11-21T18:30:00.000Z' },
    });
    fireEvent.input(screen.getByLabelText('starts_at: Uhrzeit (UTC)'), { target: { value: '' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Bitte gib Datum und Uhrzeit an.')).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText('starts_at: Uhrzeit (UTC)'), { target: { value: '07:05' } });
    expect(onChange).toHaveBeenLastCalledWith({ starts_at: '2026-11-21T07:05:00.000Z' });
  });

  it("names the date part's clear button and clears the date with it", async () => {
    const user = userEvent.setup();
    await renderLoadedField(element, property, { value: { starts_at: '2026-11-21T18:30:00.000Z' } });
    await user.click(screen.getByRole('button', { name: 'Datum löschen' }));
    expect(screen.getByRole('button', { name: 'starts_at: Datum' })).not.toHaveTextContent('21.11.2026');
  });
});
