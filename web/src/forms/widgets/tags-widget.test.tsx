import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fieldBox, renderField } from '../form-harness';

const property = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 5 }, maxItems: 20 };

describe('free tags widget', () => {
  it('adds what the author types on Enter and removes the last tag on Backspace', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = renderField({ scope: 'tags', widget: 'tags' }, property);
    const input = screen.getByRole('combobox', { name: 'tags' });
    await user.type(input, 'Bern{Enter}');
    expect(lastValue()).toEqual({ tags: ['Bern'] });
    await user.type(input, 'Zürich{Enter}');
    expect(lastValue()).toEqual({ tags: ['Bern', 'Zürich'] });
    expect(fieldBox(container, 'tags')).toHaveAttribute('data-state', 'invalid');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Bitte gib höchstens 5 Zeichen ein.');
    await user.keyboard('{Backspace}');
    expect(lastValue()).toEqual({ tags: ['Bern'] });
    expect(fieldBox(container, 'tags')).toHaveAttribute('data-state', 'valid');
  });

  it('names its clear button in the interface language', () => {
    const { container } = renderField({ scope: 'tags', widget: 'tags' }, property, {
      value: { tags: ['Bern'] },
    });
    const box = within(fieldBox(container, 'tags'));
    expect(box.getByRole('button', { name: 'Alle Schlagwörter entfernen' })).toBeInTheDocument();
  });
});
