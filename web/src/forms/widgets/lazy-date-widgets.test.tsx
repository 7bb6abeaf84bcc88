import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fieldBox, renderField } from '../form-harness';

describe('lazy date widgets', () => {
  it('mark a required field while the widget loads as it will once loaded', async () => {
    const { container } = renderField(
      { scope: 'publish_on', widget: 'date' },
      { type: 'string', format: 'date' },
      { required: true, value: { publish_on: '2026-11-21' } },
    );
    const standIn = screen.getByRole('textbox', { name: 'publish_on' });
    expect(standIn).toHaveAttribute('data-lazy-widget');
    expect(standIn).toHaveAttribute('aria-required', 'true');
    expect(fieldBox(container, 'publish_on').querySelector('label')).toHaveTextContent('publish_on *');
    // Loaded, the picker is a button: the asterisk stays, aria-required does not.
    const picker = await screen.findByRole('button', { name: 'publish_on' });
    expect(picker).not.toHaveAttribute('aria-required');
    expect(fieldBox(container, 'publish_on').querySelector('label')).toHaveTextContent('publish_on *');
  });
});
