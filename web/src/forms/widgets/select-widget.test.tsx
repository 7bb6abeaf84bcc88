import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fieldBox, renderField } from '../form-harness';

const choices = [
  { value: 'politics', text: { de: 'Politik', 'de-CH': 'Politik', en: 'Politics' } },
  { value: 'culture', text: { de: 'Kultur', 'de-CH': 'Kultur', en: 'Culture' } },
  { value: 'sports', text: 'Sport' },
];
const single = { scope: 'category', widget: 'select', options: { choices } };
const multiple = { scope: 'audience', widget: 'select', options: { multiple: true, choices } };
const values = ['politics', 'culture', 'sports'];

describe('select widget', () => {
  it('offers the choices with their texts in the current language and stores the value', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = renderField(
      single,
      { type: 'string', enum: values },
      { language: 'en' },
    );
    expect(fieldBox(container, 'category')).toHaveAttribute('data-state', 'neutral');
    await user.click(screen.getByRole('combobox', { name: 'category' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Politics',
      'Culture',
      'Sport',
    ]);
    await user.click(screen.getByRole('option', { name: 'Culture' }));
    expect(lastValue()).toEqual({ category: 'culture' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'category' })).toHaveValue('Culture'));
    expect(fieldBox(container, 'category')).toHaveAttribute('data-state', 'valid');
  });

  it('marks a required select and never shows it valid once emptied', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = renderField(
      single,
      { type: 'string', enum: values },
      { language: 'en', required: true },
    );
    const select = screen.getByRole('combobox', { name: 'category' });
    expect(select).toHaveAttribute('aria-required', 'true');
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Culture' }));
    expect(fieldBox(container, 'category')).toHaveAttribute('data-state', 'valid');
    const clear = fieldBox(container, 'category').querySelector('button');
    if (!clear) throw new Error('no clear button');
    await user.click(clear);
    expect(lastValue()).toEqual({ category: '' });
    expect(fieldBox(container, 'category')).toHaveAttribute('data-state', 'neutral');
  });

  it('shows a stored value that is not among the choices as invalid once the server says so', () => {
    renderField(
      single,
      { type: 'string', enum: values },
      {
        value: { category: 'weather' },
        errors: [
          {
            field: 'category',
            keyword: 'enum',
            message: 'validation.enum',
            params: { allowedValues: values },
          },
        ],
      },
    );
    expect(screen.getByText('Bitte wähle Politik, Kultur oder Sport.')).toBeInTheDocument();
  });

  it('chooses several values with options.multiple, by keyboard too', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderField(multiple, { type: 'array', items: { type: 'string', enum: values } });
    const input = screen.getByRole('combobox', { name: 'audience' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'Sport' }));
    expect(lastValue()).toEqual({ audience: ['sports'] });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(lastValue()?.audience).toHaveLength(2);
  });

  it.each([
    ['without a text', [{ value: 'a', text: '' }]],
    ['without a value', [{ value: '', text: 'A' }]],
    ['with a text missing in every language', [{ value: 'a', text: { de: '', 'de-CH': '', en: '' } }]],
  ])('refuses a choice %s', (_case, badChoices) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderField({ scope: 'c', widget: 'select', options: { choices: badChoices } }, { type: 'string' }),
    ).toThrow('Field "c": every select choice needs a value and a text');
    vi.restoreAllMocks();
  });

  // Mantine hides a select's clear button from assistive technology; here screen readers get it, named.
  it.each([
    ['de', 'Auswahl löschen'],
    ['en', 'Clear selection'],
  ] as const)('names the clear buttons of a single and a multiple select (%s)', (language, name) => {
    const { container } = renderField(
      single,
      { type: 'string', enum: values },
      { language, value: { category: 'culture' } },
    );
    expect(within(fieldBox(container, 'category')).getByRole('button', { name })).toBeInTheDocument();
    const other = renderField(
      multiple,
      { type: 'array', items: { type: 'string', enum: values } },
      { language, value: { audience: ['culture'] } },
    );
    expect(within(fieldBox(other.container, 'audience')).getByRole('button', { name })).toBeInTheDocument();
  });
});
