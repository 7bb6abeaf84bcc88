import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CPTS, mockApi, type ApiRequest } from '../../test/mock-api';
import { renderScreen } from '../../test/render';
import { SubmissionsPage } from './submissions-route';

const entry = (n: number, state = 'proposed') => ({
  id: `e${n}`,
  type: n % 2 ? 'article' : 'event',
  title: `Beitrag ${n}`,
  state,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-21T12:30:00.000Z',
});

// Five pages of 20; answers the page and filters the request asks for.
function listAnswer({ url }: ApiRequest) {
  const page = Number(url.searchParams.get('current_page'));
  const deleted = url.searchParams.get('filters')?.includes('state:is:deleted');
  return {
    meta: {
      pagination: {
        current_page: page,
        page_size: 20,
        total_entries: 95,
        first_page: 1,
        last_page: 5,
        previous_page: page > 1 ? page - 1 : null,
        next_page: page < 5 ? page + 1 : null,
      },
    },
    data: [entry(page * 100 + 1, deleted ? 'deleted' : 'proposed'), entry(page * 100 + 2)],
  };
}

function renderSubmissions(path = '/admin/submissions') {
  const api = mockApi({ 'GET admin/collection/entries': listAnswer, 'GET admin/config/cpts': CPTS });
  const view = renderScreen(<SubmissionsPage />, { path });
  const lastList = () => api.sent('GET admin/collection/entries').at(-1)!.url.searchParams;
  return { ...view, ...api, lastList };
}

afterEach(() => vi.unstubAllGlobals());

describe('submissions', { timeout: 20_000 }, () => {
  it('lists entries newest change first, with type, labelled state and date', async () => {
    const { lastList } = renderSubmissions();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Beitrag 101');
    expect(await within(rows[1]!).findByText('Artikel')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Vorgeschlagen');
    expect(rows[1]).toHaveTextContent('21.11.2026 12:30 UTC');
    expect(within(rows[1]!).getByRole('link', { name: 'Beitrag 101' })).toHaveAttribute(
      'href',
      '/moderate/article/e101',
    );
    expect(screen.getByText('95 Beiträge')).toBeInTheDocument();
    expect(lastList().get('sort')).toBe('updated_at:desc');
    expect(lastList().get('page_size')).toBe('20');
    expect(lastList().get('current_page')).toBe('1');
    expect(lastList().has('filters')).toBe(false);
  });

  it('filters by state, deleted included and labelled, keeping the filter in the URL', async () => {
    const user = userEvent.setup();
    const { router, lastList } = renderSubmissions('/admin/submissions?page=3');
    await screen.findByRole('table');
    const state = screen.getByRole('combobox', { name: 'Status' });
    expect(within(state).getByRole('option', { name: 'Gelöscht' })).toBeInTheDocument();

    await user.selectOptions(state, 'deleted');
    await waitFor(() => expect(router.state.location.search).toBe('?state=deleted'));
    await waitFor(() => expect(lastList().get('filters')).toBe('state:is:deleted'));
    expect(lastList().get('current_page')).toBe('1');
    expect(await screen.findAllByText('Gelöscht', { selector: '.mantine-Badge-label' })).not.toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Art' }), 'article');
    await waitFor(() => expect(router.state.location.search).toBe('?state=deleted&type=article'));
    await waitFor(() => expect(lastList().get('filters')).toBe('type:is:article,state:is:deleted'));
  });

  it('reads filter and page from the URL', async () => {
    const { lastList } = renderSubmissions('/admin/submissions?type=event&page=4');
    await screen.findByRole('table');
    expect(lastList().get('filters')).toBe('type:is:event');
    expect(lastList().get('current_page')).toBe('4');
    expect(screen.getByRole('combobox', { name: 'Art' })).toHaveValue('event');
    expect(screen.getByRole('button', { name: 'Seite 4' })).toHaveAttribute('aria-current', 'page');
  });

  it('pages with numbers and first, previous, next and last, the page kept in the URL', async () => {
    const user = userEvent.setup();
    const { router, lastList } = renderSubmissions();
    await screen.findByRole('table');
    const pages = screen.getByRole('navigation', { name: 'Seiten' });
    expect(within(pages).getByRole('button', { name: 'Erste Seite' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();
    expect(within(pages).getByText('Seite 1 von 5')).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(lastList().get('current_page')).toBe('2'));
    expect(await screen.findByText('Beitrag 201')).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Letzte Seite' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=5'));
    expect(await screen.findByText('Beitrag 501')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Seite 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));

    await user.click(within(pages).getByRole('button', { name: 'Erste Seite' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastList().get('current_page')).toBe('1'));
  });
});
