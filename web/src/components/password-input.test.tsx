import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../test/render';
import { PasswordInput } from './password-input';

describe('PasswordInput', () => {
  it('ties its help and its error to the input, and marks it invalid while the error shows', async () => {
    renderScreen(
      <PasswordInput
        label="Passwort"
        description="Mindestens 12 Zeichen."
        error="Das Passwort ist zu kurz."
      />,
    );
    const input = await screen.findByLabelText('Passwort', { selector: 'input' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Das Passwort ist zu kurz. Mindestens 12 Zeichen.');
  });

  it('is neither invalid nor described by an error it does not show', async () => {
    renderScreen(<PasswordInput label="Passwort" description="Mindestens 12 Zeichen." />);
    const input = await screen.findByLabelText('Passwort', { selector: 'input' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Mindestens 12 Zeichen.');
  });
});
