import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CPTS, mockApi, type ApiRequest } from '../../test/mock-api';
import { renderScreen } from '../../test/render';
import { SearchPage } from './search-route';

function hits({ url }: ApiRequest) {
  const page = Number(url.searchParams.get('current_page'));
  return {
    meta: {
      pagination: {
        current_page: page,
        page_size: 20,
        total_entries: 21,
        first_page: 1,
        last_page: 2,
        previous_page: page > 1 ? page - 1 : null,
        next_page: page < 2 ? page + 1 : null,
      },
    },
    data: [
      {
        id: `h${page}`,
        type: 'article',
        title: `Velo-Demo ${page}`,
        state: 'published',
        created_at: '2026-11-01T10:00:00.000Z',
        updated_at: '2026-11-02T10:00:00.000Z',
        snippet: [
          { text: 'Am Samstag fahren alle ', match: false },
          { text: 'Velo', match: true },
          { text: ' <b>quer</b> durch die Stadt', match: false },
        ],
      },
    ],
  };
}

function renderSearch(path = '/admin/search') {
  const api = mockApi({ 'GET admin/collection/entries': hits, 'GET admin/config/cpts': CPTS });
  return { ...renderScreen(<SearchPage />, { path }), ...api };
}

afterEach(() => vi.unstubAllGlobals());

describe('search', () => {
  it('says below the labelled field that it needs 4 characters, and does not search with fewer', async () => {
    const user = userEvent.setup();
    const { sent } = renderSearch();
    const field = screen.getByRole('searchbox', { name: 'Suchbegriff' });
    expect(field).toHaveAccessibleDescription('Die Suche beginnt ab 4 Zeichen.');
    await user.type(field, 'Vel');
    expect(
      await screen.findByText('Bitte gib mindestens 4 Zeichen ein, damit die Suche startet.'),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent('GET admin/collection/entries')).toHaveLength(0);
  });

  it('searches from 4 characters, keeps the query in the URL and marks the match in the snippet', async () => {
    const user = userEvent.setup();
    const { router, sent } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Suchbegriff' }), 'Velo');
    const results = await screen.findByRole('list', { name: 'Suchergebnisse' });
    expect(router.state.location.search).toBe('?q=Velo');
    const request = sent('GET admin/collection/entries')[0]!.url.searchParams;
    expect(request.get('query')).toBe('Velo');
    expect(request.get('current_page')).toBe('1');
    expect(screen.getByText('21 Treffer')).toBeInTheDocument();

    const hit = within(results).getByRole('listitem');
    expect(within(hit).getByRole('link', { name: 'Velo-Demo 1' })).toHaveAttribute(
      'href',
      '/moderate/article/h1',
    );
    expect(hit).toHaveTextContent('Veröffentlicht');
    expect(await within(hit).findByText('Artikel')).toBeInTheDocument();
    const mark = hit.querySelector('mark');
    expect(mark).toHaveTextContent('Velo');
    // The snippet is text: markup in it shows as written and never becomes an element.
    expect(hit).toHaveTextContent('<b>quer</b> durch die Stadt');
    expect(hit.querySelector('b')).toBeNull();
  });

  it('says when a common word matched more entries than are ranked', async () => {
    mockApi({
      'GET admin/config/cpts': CPTS,
      'GET admin/collection/entries': (request: ApiRequest) => {
        const answer = hits(request);
        return {
          ...answer,
          meta: { pagination: { ...answer.meta.pagination, total_entries: 1000, total_capped: true } },
        };
      },
    });
    renderScreen(<SearchPage />, { path: '/admin/search?q=festival' });
    expect(
      await screen.findByText(
        'Mehr als 1.000 Treffer; 1.000 davon werden gezeigt, die mit den Wörtern im Titel zuerst. Ein genauerer Suchbegriff findet weniger.',
      ),
    ).toBeInTheDocument();
  });

  it('starts from the query in the URL and pages through the hits', async () => {
    const user = userEvent.setup();
    const { router, sent } = renderSearch('/admin/search?q=Velofahrt');
    expect(screen.getByRole('searchbox', { name: 'Suchbegriff' })).toHaveValue('Velofahrt');
    expect(await screen.findByText('Velo-Demo 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('Velo-Demo 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=Velofahrt&page=2');
    expect(sent('GET admin/collection/entries').at(-1)!.url.searchParams.get('current_page')).toBe('2');
  });

  it('selects results and acts on them in one step, as the submissions list does', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET admin/collection/entries': hits,
      'GET admin/config/cpts': CPTS,
      'GET admin/staff': { data: { staff: [] } },
      'POST admin/collection/entries/bulk': {
        data: { results: [{ id: 'h1', ok: true }], succeeded: 1, failed: 0 },
      },
    });
    renderScreen(<SearchPage />, { path: '/admin/search?q=velo-demo' });
    const results = await screen.findByRole('list', { name: 'Suchergebnisse' });
    await user.click(within(results).getByRole('checkbox', { name: /Velo-Demo 1/ }));
    const toolbar = screen.getByRole('toolbar', { name: 'Aktionen für die ausgewählten Beiträge' });
    await user.click(within(toolbar).getByRole('button', { name: 'Ablehnen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 Beitrag erledigt.');
    expect(api.sent('POST admin/collection/entries/bulk')[0]!.body).toEqual({
      ids: ['h1'],
      action: 'reject',
    });
  });
});
