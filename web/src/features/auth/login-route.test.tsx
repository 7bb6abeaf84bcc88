import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAuth, clearAuth } from '../../lib/auth-store';
import { changeLocale } from '../../lib/i18n';
import { jsonResponse, renderRoutes } from '../../test/render';
import { Component as LoginPage } from './login-route';

const fetchMock = vi.fn<typeof fetch>();

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/admin', element: <h1>dashboard</h1> },
    ],
    path,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
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
});
