import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INPUT_TYPES } from '@einwurf/contract';
import { fieldBox, renderField } from '../form-harness';

describe('input widget', () => {
  it.each(INPUT_TYPES)('renders an input of type %s', (type) => {
    const numeric = type === 'number' || type === 'range';
    renderField({ scope: 'f', widget: 'input', options: { type } }, { type: numeric ? 'number' : 'string' });
    const input = document.getElementById(screen.getByText('f').getAttribute('for') ?? '');
    expect(input).toHaveAttribute('type', type);
  });

  it('is a text input when the element names no type', () => {
    renderField({ scope: 'f', widget: 'input' }, { type: 'string' });
    expect(screen.getByLabelText('f')).toHaveAttribute('type', 'text');
  });

  it('refuses a type outside the list', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderField({ scope: 'f', widget: 'input', options: { type: 'week' } }, { type: 'string' }),
    ).toThrow(/input type "week" is not one of text, number/);
    vi.restoreAllMocks();
  });

  it('emits numbers for a number input and checks them against the schema', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = renderField(
      { scope: 'f', widget: 'input', options: { type: 'number' } },
      { type: 'number', minimum: 0, maximum: 100 },
    );
    const input = screen.getByLabelText('f');
    expect(input).toHaveAttribute('min', '0');
    await user.type(input, '150');
    expect(lastValue()).toEqual({ f: 150 });
    expect(fieldBox(container, 'f')).toHaveAttribute('data-state', 'invalid');
    expect(screen.getByText('Bitte gib eine Zahl bis höchstens 100 ein.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '42');
    expect(lastValue()).toEqual({ f: 42 });
    expect(fieldBox(container, 'f')).toHaveAttribute('data-state', 'valid');
  });

  it('links the error list to the input with aria-describedby', async () => {
    const user = userEvent.setup();
    renderField(
      { scope: 'mail', widget: 'input', options: { type: 'email' } },
      { type: 'string', format: 'email' },
    );
    const input = screen.getByLabelText('mail');
    await user.type(input, 'nope');
    const errorId = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)).toHaveTextContent(
      'Bitte gib eine E-Mail-Adresse ein, zum Beispiel name@example.org.',
    );
  });
});
