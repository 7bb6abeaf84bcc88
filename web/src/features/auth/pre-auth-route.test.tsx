import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAuth, getAuth } from '../../lib/auth-store';
import { changeLocale } from '../../lib/i18n';
import { readCurrentEntry } from '../../lib/current-entry';
import { jsonResponse, renderRoutes } from '../../test/render';
import { Component as PreAuthPage } from './pre-auth-route';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const fetchMock = vi.fn<typeof fetch>();

function renderPreAuth(search = '') {
  return renderRoutes(
    [
      { path: '/:cpt/:id/authenticate', element: <PreAuthPage /> },
      { path: '/:cpt/:id', element: <h1>edit page</h1> },
    ],
    `/article/${ID}/authenticate${search}`,
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

describe('password check of an entry', () => {
  it('says a wrong password is invalid for the link', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { error: { code: 'INVALID_CREDENTIALS', message: 'invalid credentials' } },
        { status: 401 },
      ),
    );
    renderPreAuth();
    await userEvent.type(screen.getByLabelText('Passwort des Beitrags'), 'falsch-falsch');
    await userEvent.click(screen.getByRole('button', { name: 'Beitrag öffnen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Das Passwort ist für den Link ungültig.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth');
    expect(JSON.parse(String(init!.body))).toEqual({
      cpt: 'article',
      article_id: ID,
      password: 'falsch-falsch',
    });
  });

  it('says it in English too', async () => {
    await changeLocale('en');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'INVALID_CREDENTIALS', message: 'x' } }, { status: 401 }),
    );
    renderPreAuth();
    await userEvent.type(screen.getByLabelText('Password of the entry'), 'nope-nope');
    await userEvent.click(screen.getByRole('button', { name: 'Open entry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is invalid for this link.');
  });

  it('opens the entry with the right password and remembers it as the current entry', async () => {
    const ttl = Math.floor(Date.now() / 1000) + 3600;
    fetchMock.mockResolvedValueOnce(jsonResponse({ role: 'anon', ttl }));
    renderPreAuth();
    await userEvent.type(screen.getByLabelText('Passwort des Beitrags'), 'das-richtige');
    await userEvent.click(screen.getByRole('button', { name: 'Beitrag öffnen' }));
    expect(await screen.findByRole('heading', { name: 'edit page' })).toBeInTheDocument();
    expect(getAuth()).toEqual({ role: 'anon', ttl });
    expect(readCurrentEntry()).toEqual({ cpt: 'article', id: ID });
  });

  it('says the session expired when sent here with unauthenticated=true', () => {
    renderPreAuth('?unauthenticated=true');
    expect(screen.getByRole('status')).toHaveTextContent('Deine Sitzung ist abgelaufen.');
  });
});
