import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fieldBox, renderLoadedField } from '../form-harness';

const pattern = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

describe('time widget', () => {
  it('shows and stores the time as HH:mm', async () => {
    const { container, lastValue } = await renderLoadedField(
      { scope: 'doors', widget: 'time' },
      { type: 'string', pattern },
      {
        value: { doors: '19:00' },
      },
    );
    const input = screen.getByLabelText('doors');
    expect(input).toHaveAttribute('type', 'time');
    expect(input).toHaveValue('19:00');
    fireEvent.input(input, { target: { value: '18:30' } });
    expect(lastValue()).toEqual({ doors: '18:30' });
    expect(fieldBox(container, 'doors')).toHaveAttribute('data-state', 'valid');
  });
});
