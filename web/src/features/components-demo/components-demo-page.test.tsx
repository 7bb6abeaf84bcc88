import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithForms } from '../../forms/test-utils';
import ComponentsDemoPage from './components-demo-page';

describe('components demo page', () => {
  // About seventy Mantine inputs: slow in jsdom, above all when the suite runs in parallel (the web
  // tests' time-out, vitest.config.ts, leaves room for it).
  it('shows every widget under its own heading, in the four states, labelled in the current language', () => {
    const { container } = renderWithForms(<ComponentsDemoPage />, { language: 'en' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Input field',
      'Text area',
      'Select',
      'Multiple select',
      'Checkbox',
      'Date picker',
      'Time picker',
      'Date and time',
      'Free tags',
      'Predefined tags',
      'Markdown editor',
      'Image',
      'Files',
      'Every type of the input field',
    ]);
    for (const state of ['neutral', 'valid', 'invalid']) {
      expect(container.querySelectorAll(`[data-state="${state}"]`).length).toBeGreaterThanOrEqual(13);
    }
    expect(screen.getByLabelText('Input field: Disabled')).toBeDisabled();
    expect(screen.getByLabelText('Input field: Invalid')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Input field: Invalid')).toHaveAccessibleDescription(
      expect.stringContaining('This value does not fit.'),
    );
    expect(screen.getByLabelText('Type color')).toHaveAttribute('type', 'color');
  });
});
