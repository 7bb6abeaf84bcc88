import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fieldBox, renderField } from '../form-harness';

describe('checkbox widget', () => {
  it('stores a boolean and turns valid once changed', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = renderField(
      { scope: 'reviewed', widget: 'checkbox' },
      { type: 'boolean' },
    );
    const box = screen.getByRole('checkbox', { name: 'reviewed' });
    expect(box).not.toBeChecked();
    expect(fieldBox(container, 'reviewed')).toHaveAttribute('data-state', 'neutral');
    await user.keyboard('{Tab}');
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    expect(lastValue()).toEqual({ reviewed: true });
    expect(box).toBeChecked();
    expect(fieldBox(container, 'reviewed')).toHaveAttribute('data-state', 'valid');
  });

  it('is marked invalid and described by its errors', () => {
    renderField(
      { scope: 'reviewed', widget: 'checkbox' },
      { type: 'boolean' },
      {
        errors: [
          {
            field: 'reviewed',
            keyword: 'const',
            message: 'validation.const',
            params: { allowedValue: true },
          },
        ],
      },
    );
    const box = screen.getByRole('checkbox', { name: 'reviewed' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Bitte setze hier das Häkchen.');
  });

  it('marks a required checkbox with the asterisk and aria-required, its name without the asterisk', () => {
    const { container } = renderField(
      { scope: 'consent', widget: 'checkbox' },
      { type: 'boolean', const: true },
      { required: true },
    );
    const box = screen.getByRole('checkbox', { name: 'consent' });
    expect(box).toHaveAttribute('aria-required', 'true');
    expect(box).not.toHaveAttribute('required');
    expect(fieldBox(container, 'consent').querySelector('label')).toHaveTextContent('consent *');
  });

  it('has no mark when the schema does not require it', () => {
    const { container } = renderField({ scope: 'reviewed', widget: 'checkbox' }, { type: 'boolean' });
    expect(screen.getByRole('checkbox', { name: 'reviewed' })).not.toHaveAttribute('aria-required');
    expect(fieldBox(container, 'reviewed').querySelector('label')).toHaveTextContent(/^reviewed$/);
  });
});
