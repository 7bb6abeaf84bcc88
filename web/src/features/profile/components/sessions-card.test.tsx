import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAuth, setAuth } from '../../../lib/auth-store';
import { mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import '../strings';
import { browserNameOf } from '../browser-name';
import { SessionsCard } from './sessions-card';

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const sessions = {
  data: [
    {
      id: 'b',
      created_at: '2026-11-25T09:30:00.000Z',
      last_used_at: '2026-11-25T10:00:00.000Z',
      user_agent: chrome,
      current: false,
    },
    {
      id: 'a',
      created_at: '2026-11-24T08:00:00.000Z',
      last_used_at: '2026-11-25T10:05:00.000Z',
      user_agent: firefox,
      current: true,
    },
    {
      id: 'c',
      created_at: '2026-11-20T08:00:00.000Z',
      last_used_at: '2026-11-20T08:00:00.000Z',
      user_agent: null,
      current: false,
    },
  ],
};

function renderCard() {
  return renderRoutes(
    [
      { path: '/admin/profile', element: <SessionsCard /> },
      { path: '/login', element: <h1>login</h1> },
    ],
    '/admin/profile',
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('sessions card', () => {
  it('lists the sessions with browser, dates and this one marked', async () => {
    mockApi({ 'GET admin/profile/sessions': sessions });
    renderCard();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Chrome auf Windows');
    expect(rows[1]).toHaveTextContent('25.11.2026 09:30 UTC');
    expect(rows[1]).toHaveTextContent('25.11.2026 10:00 UTC');
    expect(rows[2]).toHaveTextContent('Firefox auf Linux');
    expect(within(rows[2]!).getByText('Diese Sitzung')).toBeInTheDocument();
    expect(rows[2]).toHaveAttribute('aria-current', 'true');
    expect(rows[3]).toHaveTextContent('Unbekannter Browser');
  });

  it('ends another session and reloads the list', async () => {
    let list = sessions;
    const { sent } = mockApi({
      'GET admin/profile/sessions': () => list,
      'DELETE admin/profile/sessions/b': () => {
        list = { data: sessions.data.filter((session) => session.id !== 'b') };
        return new Response(null, { status: 204 });
      },
    });
    renderCard();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sitzung in Chrome auf Windows beenden' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Die Sitzung ist beendet.');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(sent('DELETE admin/profile/sessions/b')).toHaveLength(1);
  });

  it('ending this session logs out', async () => {
    setAuth({ role: 'mod', ttl: Math.floor(Date.now() / 1000) + 3600 });
    mockApi({
      'GET admin/profile/sessions': sessions,
      'DELETE admin/profile/sessions/a': new Response(null, { status: 204 }),
    });
    const { router } = renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Beenden: Diese Sitzung' }));
    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getAuth().role).toBe('none');
  });
});

describe('browserNameOf', () => {
  it('names common browsers and systems', () => {
    expect(browserNameOf(firefox)).toEqual({ browser: 'Firefox', system: 'Linux' });
    expect(browserNameOf(chrome)).toEqual({ browser: 'Chrome', system: 'Windows' });
    expect(
      browserNameOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      ),
    ).toEqual({ browser: 'Safari', system: 'macOS' });
    expect(
      browserNameOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ).browser,
    ).toBe('Edge');
    expect(browserNameOf(null)).toEqual({ browser: null, system: null });
  });
});
