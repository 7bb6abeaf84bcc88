import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, mockApi } from '../../test/mock-api';
import { renderScreen } from '../../test/render';
import { ProfilePage } from './profile-route';

const account = { role: 'mod', ttl: Math.floor(Date.now() / 1000) + 3600, username: 'alice' };
const profile = {
  data: {
    username: 'alice',
    role: 'mod',
    email: 'alice@example.org',
    language: 'de',
    notifications: { proposed: 'immediately', author: 'never', assigned: 'never' },
    mail_enabled: true,
  },
};

// The second factor and the sessions cards ask too; their own tests are in components/.
const security = {
  'GET admin/profile/second-factor': {
    data: { totp: false, passkeys: 0, recovery_codes_left: 0, required: false },
  },
  'GET admin/profile/sessions': { data: [] },
  'GET admin/profile/passkeys': { data: [] },
};

async function changePassword(old: string, next: string, repeat = next) {
  const user = userEvent.setup();
  const [oldInput, nextInput, repeatInput] = screen.getAllByLabelText(/Passwort/, { selector: 'input' });
  await user.type(oldInput!, old);
  await user.type(nextInput!, next);
  await user.type(repeatInput!, repeat);
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('profile', () => {
  it('shows the own account from GET auth', async () => {
    mockApi({ ...security, 'GET auth': account, 'GET admin/profile': profile });
    renderScreen(<ProfilePage />);
    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(screen.getByText('Moderation')).toBeInTheDocument();
  });

  it('shows the spec’s message when the old password is wrong', async () => {
    const { sent } = mockApi({
      ...security,
      'GET auth': account,
      'GET admin/profile': profile,
      'PATCH admin/users/alice': errorResponse(400, 'VALIDATION_FAILED', [
        {
          field: 'old_password',
          keyword: 'credentials',
          message: 'login name and password combination wrong',
        },
      ]),
    });
    renderScreen(<ProfilePage />);
    await screen.findByText('alice');
    await changePassword('not-my-password', 'a-new-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Kombination aus Benutzername und Passwort ist falsch.',
    );
    expect(sent('PATCH admin/users/alice')[0]!.body).toEqual({
      old_password: 'not-my-password',
      password: 'a-new-password-1',
    });
  });

  it('changes the password and checks the repeat first', async () => {
    const { sent } = mockApi({
      ...security,
      'GET auth': account,
      'GET admin/profile': profile,
      'PATCH admin/users/alice': { data: {} },
    });
    renderScreen(<ProfilePage />);
    await screen.findByText('alice');
    await changePassword('old-password-1', 'a-new-password-1', 'a-new-password-2');
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(sent('PATCH admin/users/alice')).toHaveLength(0);

    const repeat = screen.getByLabelText(/Neues Passwort wiederholen/, { selector: 'input' });
    await userEvent.clear(repeat);
    await userEvent.type(repeat, 'a-new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Dein Passwort ist geändert.');
    await waitFor(() => expect(sent('PATCH admin/users/alice')).toHaveLength(1));
  });

  it('keeps the address, the language of the mails and what one hears of, and asks for the password for a new address', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      ...security,
      'GET auth': account,
      'GET admin/profile': profile,
      'PATCH admin/profile': profile,
    });
    renderScreen(<ProfilePage />);
    const email = await screen.findByRole('textbox', { name: /E-Mail-Adresse/ });
    expect(email).toHaveValue('alice@example.org');
    expect(screen.getByRole('combobox', { name: 'Neuer Vorschlag' })).toHaveValue('immediately');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Mir wurde ein Beitrag zugewiesen' }),
      'Tägliche Zusammenfassung',
    );
    await user.clear(email);
    await user.type(email, 'neu@example.org');
    await user.click(screen.getByRole('button', { name: 'Benachrichtigungen speichern' }));
    expect(
      await screen.findByText('Für eine neue Adresse brauchen wir dein aktuelles Passwort.'),
    ).toBeInTheDocument();
    expect(sent('PATCH admin/profile')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Aktuelles Passwort/, { selector: 'input' }), 'my-password-1');
    await user.click(screen.getByRole('button', { name: 'Benachrichtigungen speichern' }));
    await waitFor(() => expect(sent('PATCH admin/profile')).toHaveLength(1));
    expect(sent('PATCH admin/profile')[0]!.body).toEqual({
      language: 'de',
      notifications: { proposed: 'immediately', author: 'never', assigned: 'daily' },
      email: 'neu@example.org',
      current_password: 'my-password-1',
    });
    expect(await screen.findByText('Deine Einstellungen sind gespeichert.')).toBeInTheDocument();
  });
});
