import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, mockApi, type ApiRequest } from '../../../test/mock-api';
import { renderScreen } from '../../../test/render';
import '../strings';
import { PasskeysCard } from './passkeys-card';

const answer = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};

// The browser's dialog is the library's part; here it answers at once, as a key would.
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async () => answer),
  startAuthentication: vi.fn(),
}));

const laptop = {
  id: 'k1',
  name: 'Laptop',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
};

describe('passkeys card', () => {
  it('adds a named passkey through the browser, and removes one with the password', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    let keys: (typeof laptop)[] = [];
    const { sent } = mockApi({
      'GET admin/profile/passkeys': () => ({ data: keys }),
      'POST admin/profile/passkeys/options': { data: { challenge: 'abc', rp: { name: 'Einwurf' } } },
      'POST admin/profile/passkeys': ({ body }: ApiRequest) => {
        keys = [{ ...laptop, name: (body as { name: string }).name }];
        return keys[0]!;
      },
      'DELETE admin/profile/passkeys/k1': ({ body }: ApiRequest) => {
        if ((body as { password: string }).password !== 'right') {
          return errorResponse(400, 'VALIDATION_FAILED', [{ field: 'password' }]);
        }
        keys = [];
        return null;
      },
    });
    const user = userEvent.setup();
    renderScreen(<PasskeysCard />);
    expect(
      await screen.findByText('Keine Passkeys oder Sicherheitsschlüssel hinzugefügt.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Passkey hinzufügen' }));
    expect(await screen.findByText('Dieses Feld ist erforderlich.')).toBeInTheDocument();
    expect(sent('POST admin/profile/passkeys/options')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Name des neuen Schlüssels/ }), ' Laptop ');
    await user.click(screen.getByRole('button', { name: 'Passkey hinzufügen' }));
    expect(await screen.findByRole('rowheader', { name: 'Laptop' })).toBeInTheDocument();
    expect(sent('POST admin/profile/passkeys').map((r) => r.body)).toEqual([
      { name: 'Laptop', response: answer },
    ]);

    await user.click(screen.getByRole('button', { name: 'Passkey „Laptop“ entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passkey entfernen' });
    await user.type(within(dialog).getByLabelText(/Passwort/, { selector: 'input' }), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    expect(await within(dialog).findByText('Das Passwort ist falsch.')).toBeInTheDocument();
    const password = within(dialog).getByLabelText(/Passwort/, { selector: 'input' });
    await user.clear(password);
    await user.type(password, 'right');
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    expect(
      await screen.findByText('Keine Passkeys oder Sicherheitsschlüssel hinzugefügt.'),
    ).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
