import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAuth, clearAuth } from '../../lib/auth-store';
import { changeLocale } from '../../lib/i18n';
import { jsonResponse, renderRoutes } from '../../test/render';
import { Component as LoginPage } from './login-route';

const fetchMock = vi.fn<typeof fetch>();
/** What `GET auth/login-options` answers; the other requests go to fetchMock. */
let loginOptions: unknown = { password_login: true, sso: null };
const routedFetch: typeof fetch = (input, init) =>
  String(input).includes('auth/login-options')
    ? Promise.resolve(jsonResponse(loginOptions))
    : fetchMock(input, init);

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/admin', element: <h1>dashboard</h1> },
      { path: '/admin/profile', element: <h1>profile</h1> },
    ],
    path,
  );
}

beforeEach(() => {
  loginOptions = { password_login: true, sso: null };
  vi.stubGlobal('fetch', routedFetch);
  clearAuth();
});
afterEach(async () => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  await changeLocale('de');
});

async function submit(username: string, password: string) {
  await userEvent.type(screen.getByLabelText('Benutzername'), username);
  await userEvent.type(screen.getByLabelText('Passwort'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('login page', () => {
  it("offers single sign-on with the organisation's name and says why a refusal came", async () => {
    loginOptions = { password_login: true, sso: { name: 'Stadt Beispiel' } };
    renderLogin('/login?sso_error=no_role');
    const button = await screen.findByRole('link', { name: 'Mit Stadt Beispiel anmelden' });
    expect(button).toHaveAttribute('href', '/api/v1/auth/oidc/start');
    expect(screen.getByRole('alert')).toHaveTextContent('hat keinen Zugang zur Moderation');
    expect(screen.getByLabelText('Benutzername')).toBeInTheDocument();
  });

  it('hides the password form when the installation turned it off', async () => {
    loginOptions = { password_login: false, sso: { name: 'Stadt Beispiel' } };
    await changeLocale('de-CH');
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Mit Stadt Beispiel anmelden' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Benutzername')).not.toBeInTheDocument();
  });

  it('shows the translated message on 401 and stays', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } },
        { status: 401 },
      ),
    );
    renderLogin();
    await submit('mod', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Deine Angaben sind nicht korrekt!');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Anmeldung für die Moderation');
  });

  it('shows the English message in English', async () => {
    await changeLocale('en');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'INVALID_CREDENTIALS', message: 'x' } }, { status: 401 }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'mod');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect values');
  });

  it('logs in, keeps the login and opens the dashboard', async () => {
    const ttl = Math.floor(Date.now() / 1000) + 3600;
    fetchMock.mockResolvedValueOnce(jsonResponse({ role: 'mod', ttl }));
    const { router } = renderLogin();
    await submit('mod', 'secret-password');
    expect(await screen.findByRole('heading', { name: 'dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(getAuth()).toEqual({ role: 'mod', ttl });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth');
    expect(JSON.parse(String(init!.body))).toEqual({ username: 'mod', password: 'secret-password' });
  });

  it('says the session expired when sent here with unauthenticated=true', () => {
    renderLogin('/login?unauthenticated=true');
    expect(screen.getByRole('status')).toHaveTextContent('Deine Sitzung ist abgelaufen.');
  });

  describe('second factor', () => {
    const required = () =>
      jsonResponse(
        { error: { code: 'SECOND_FACTOR_REQUIRED', message: 'code', fields: [{ field: 'totp' }] } },
        { status: 401 },
      );
    const codeLabel = 'Code aus der Authenticator-App oder Wiederherstellungscode';

    it('asks for the code, focuses it, and sends it with username and password', async () => {
      const ttl = Math.floor(Date.now() / 1000) + 3600;
      fetchMock.mockResolvedValueOnce(required()).mockResolvedValueOnce(jsonResponse({ role: 'mod', ttl }));
      const { router } = renderLogin();
      await submit('mod', 'secret-password');
      const code = await screen.findByLabelText(codeLabel);
      await waitFor(() => expect(code).toHaveFocus());
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Passwort')).not.toBeInTheDocument();
      await userEvent.type(code, '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Code bestätigen' }));
      expect(await screen.findByRole('heading', { name: 'dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin');
      expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({
        username: 'mod',
        password: 'secret-password',
        code: '123456',
      });
    });

    it('says a wrong code is wrong and keeps the step; back returns to the password', async () => {
      fetchMock
        .mockResolvedValueOnce(required())
        .mockResolvedValueOnce(
          jsonResponse({ error: { code: 'SECOND_FACTOR_INVALID', message: 'wrong' } }, { status: 401 }),
        );
      renderLogin();
      await submit('mod', 'secret-password');
      await userEvent.type(await screen.findByLabelText(codeLabel), '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Code bestätigen' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Der Code ist falsch oder wurde schon verwendet.',
      );
      expect(screen.getByLabelText(codeLabel)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Zurück zu Benutzername und Passwort' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Benutzername')).toHaveValue('mod');
      expect(screen.queryByLabelText(codeLabel)).not.toBeInTheDocument();
    });

    it('opens the profile when the account must still set up a second factor', async () => {
      const ttl = Math.floor(Date.now() / 1000) + 3600;
      fetchMock.mockResolvedValueOnce(
        jsonResponse({ role: 'mod', ttl, username: 'mod', second_factor_setup_required: true }),
      );
      const { router } = renderLogin();
      await submit('mod', 'secret-password');
      expect(await screen.findByRole('heading', { name: 'profile' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/profile');
    });
  });
});
