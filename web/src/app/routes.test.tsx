import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryRouter,
  RouterProvider,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { clearAuth, getAuth, setAuth } from '../lib/auth-store';
import { ROUTER_BASE, type Role } from '../lib/contract';
import { jsonResponse } from '../test/render';
import { AppProviders, createQueryClient } from '../components/providers';
import { entryTypeKeys } from '../lib/query-keys';
import { createAppRoutes, type RouteHandle } from './routes';

const fetchMock = vi.fn<typeof fetch>();
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

function renderApp(path: string, role: Role = 'none') {
  if (role !== 'none') setAuth({ role, ttl: inAnHour() });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes({ authReady: () => Promise.resolve(), queryClient }), {
    basename: ROUTER_BASE,
    initialEntries: [`${ROUTER_BASE}${path}`],
  });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const h1 = () => screen.findByRole('heading', { level: 1 });

/** How many requests went to the API's root (GET /api/v1/: the entry types). */
const entryTypesRequests = () =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === '/api/v1/')
    .length;

function findRoute(routes: RouteObject[], name: string): RouteObject | undefined {
  for (const route of routes) {
    if ((route.handle as RouteHandle | undefined)?.name === name) return route;
    const found = findRoute(route.children ?? [], name);
    if (found !== undefined) return found;
  }
  return undefined;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/admin/dashboard')
      ? jsonResponse({ data: { proposals: [], scheduled: [], timeline: [] } })
      : jsonResponse({ meta: { version: '1' }, data: [] }),
  );
  clearAuth();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('app routes', () => {
  // First: React Router warns once per module, and every screen's first load would.
  it('loads the first screen without a warning from React Router (its fallback while a screen loads)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      renderApp('/about');
      expect(await h1()).toBeInTheDocument();
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('redirects an unknown path to the 404 page', async () => {
    const router = renderApp('/no/such/page/here');
    expect(await h1()).toHaveTextContent('Seite nicht gefunden');
    expect(router.state.location.pathname).toBe('/publish/404');
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/publish');
  });

  it('guards before navigation: no role on editCPT goes to the password check of the same entry', async () => {
    const router = renderApp('/article/abc');
    expect(await h1()).toHaveTextContent('Beitrag öffnen');
    expect(router.state.location.pathname).toBe('/publish/article/abc/authenticate');
  });

  it('sends nobody from the back office to login, and a moderator from accounts to login', async () => {
    const router = renderApp('/admin/submissions');
    expect(await h1()).toHaveTextContent('Anmeldung für die Moderation');
    expect(router.state.location.pathname).toBe('/publish/login');
  });

  it('keeps admin-only screens from moderators', async () => {
    const router = renderApp('/admin/users', 'mod');
    await waitFor(() => expect(router.state.location.pathname).toBe('/publish/login'));
  });

  it('shows moderators the back office with their top bar and the dashboard', async () => {
    renderApp('/admin', 'mod');
    expect(await h1()).toHaveTextContent('Übersicht');
    expect(await screen.findByText('Zurzeit wartet kein Beitrag auf die Moderation.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Vorschläge', 'Beiträge', 'Suche', 'Status', 'Profil', 'Über Einwurf']);
    expect(within(nav).getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
  });

  it('passes the entry of moderateCPT to the screen', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ error: { code: 'NOT_FOUND', message: 'no such entry' } }, { status: 404 }),
    );
    renderApp('/moderate/event/ev-7', 'admin');
    expect(await h1()).toHaveTextContent('Beitrag moderieren');
    expect(await screen.findByRole('alert')).toHaveTextContent('Diesen Beitrag gibt es nicht.');
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toContain('/api/v1/admin/collection/entry/ev-7');
    expect(urls).toContain('/api/v1/schema/event/schema.json');
  });

  it('logs out from the top bar: POST auth/logout, login cleared, home', async () => {
    const router = renderApp('/admin', 'admin');
    await h1();
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/auth/logout')
        ? jsonResponse({ role: 'none', ttl: 0 })
        : jsonResponse({ meta: { version: '1' }, data: [] }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publish'));
    expect(getAuth().role).toBe('none');
    const logoutCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/auth/logout'));
    expect(logoutCall?.[1]?.method).toBe('POST');
    // Home is a lazy route, and the top bar renders again as the login is cleared: wait for the
    // link as it stays, not for the first one found.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Moderation' })).toBeInTheDocument(), {
      timeout: 5000,
    });
  });

  it('shows a danger toast when logout fails', async () => {
    renderApp('/admin', 'admin');
    await h1();
    fetchMock.mockImplementation(async () =>
      jsonResponse({ error: { code: 'UNAVAILABLE', message: 'down' } }, { status: 503 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Abmelden fehlgeschlagen')).toBeInTheDocument();
    expect(getAuth().role).toBe('admin');
  });

  it("asks for home's entry types as home is navigated to, before its screen renders", async () => {
    const queryClient = createQueryClient();
    const home = findRoute(createAppRoutes({ authReady: () => Promise.resolve(), queryClient }), 'home');
    const args = { request: new Request('http://localhost/publish'), params: {}, context: {} };
    expect(await (home?.loader as LoaderFunction)(args as LoaderFunctionArgs)).toBeNull();
    expect(entryTypesRequests()).toBe(1);
    await waitFor(() => expect(queryClient.getQueryData(entryTypeKeys.list())).toBeDefined());
  });

  it('renders home with its entry types asked for once', async () => {
    renderApp('/');
    expect(await h1()).toHaveTextContent('Beitrag vorschlagen');
    expect(
      await screen.findByText('Zurzeit kann keine Art von Beitrag vorgeschlagen werden.'),
    ).toBeInTheDocument();
    expect(entryTypesRequests()).toBe(1);
  });

  it('shows the about page to everyone', async () => {
    renderApp('/about');
    expect(await h1()).toHaveTextContent('Über Einwurf');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);
  });
});
