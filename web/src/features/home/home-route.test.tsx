import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../lib/contract';
import { jsonResponse, renderRoutes } from '../../test/render';
import { Component as HomePage } from './home-route';

const fetchMock = vi.fn<typeof fetch>();
const text = (de: string, en: string) => ({ de, 'de-CH': de, en });
const apiRoot = {
  meta: { version: '1' },
  data: [
    { name: 'article', title: text('Artikel', 'Article'), description: text('Ein Text', 'A text') },
    { name: 'event', title: text('Veranstaltung', 'Event'), description: text('Ein Termin', 'A date') },
  ],
};

function renderHome() {
  return renderRoutes(
    [
      { path: '/', element: <HomePage /> },
      { path: '/create/:cpt', element: <h1>create</h1> },
      { path: '/:cpt/:id', element: <h1>edit</h1> },
    ],
    '/',
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(jsonResponse(apiRoot));
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('home', () => {
  it('lists one button per entry type and starts the chosen one', async () => {
    const { router } = renderHome();
    const list = await screen.findByRole('list', { name: 'Beitragsarten' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Artikel', 'Veranstaltung']);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/');
    await userEvent.click(screen.getByRole('button', { name: 'Veranstaltung' }));
    expect(router.state.location.pathname).toBe('/create/event');
  });

  it('warns and asks before starting another entry while one is being edited', async () => {
    localStorage.setItem(STORAGE_KEYS.currentEntry, JSON.stringify({ cpt: 'article', id: 'a1' }));
    const { router } = renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Artikel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Du bearbeitest bereits einen Beitrag' });
    expect(router.state.location.pathname).toBe('/');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(router.state.location.pathname).toBe('/');

    await userEvent.click(screen.getByRole('button', { name: 'Artikel' }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Neuen Beitrag beginnen' }));
    expect(router.state.location.pathname).toBe('/create/article');
  });

  it('offers the way back to the entry being edited', async () => {
    localStorage.setItem(STORAGE_KEYS.currentEntry, JSON.stringify({ cpt: 'article', id: 'a1' }));
    const { router } = renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Veranstaltung' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Zurück zu meinem Beitrag' }));
    expect(router.state.location.pathname).toBe('/article/a1');
  });

  it('says so when the entry types cannot be loaded', async () => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: 'UNAVAILABLE', message: 'down' } }, { status: 503 }),
    );
    renderHome();
    expect(await screen.findByRole('alert')).toHaveTextContent('Schwerer Fehler');
  });
});
