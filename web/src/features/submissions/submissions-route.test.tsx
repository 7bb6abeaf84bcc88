import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAuth, setAuth } from '../../lib/auth-store';
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

describe('submissions', () => {
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

describe('export', () => {
  const encoder = new TextEncoder();
  const CSV_HEAD = '\uFEFFid,type,state,title,created_at,updated_at,published_at,content\r\n';
  // The second record's quoted cell holds a line break, which must not count as an entry.
  const CSV_BODY = [
    'a,event,published,Eins,,,,x\r\n',
    'b,event,published,"Zwei\r\nZeilen",,,,y\r\nc,event,published,Drei,,,,z\r\n',
  ];

  afterEach(() => clearAuth());

  /** A download the test feeds chunk by chunk; it fails like a real one when its request is aborted. */
  function streamedExport() {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const response = new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="einwurf-entries-2026-11-23.csv"',
        'x-total-count': '3',
      },
    });
    return {
      response,
      push: (text: string) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
      fail: () => controller.error(new DOMException('aborted', 'AbortError')),
    };
  }

  function renderAsAdmin(download: ReturnType<typeof streamedExport>, path: string) {
    setAuth({ role: 'admin', ttl: Math.floor(Date.now() / 1000) + 3600 });
    const api = mockApi({
      'GET admin/collection/entries': listAnswer,
      'GET admin/config/cpts': CPTS,
      'GET admin/collection/export': () => download.response,
    });
    renderScreen(<SubmissionsPage />, { path });
    return api;
  }

  it('is offered to admins only', async () => {
    setAuth({ role: 'mod', ttl: Math.floor(Date.now() / 1000) + 3600 });
    renderSubmissions();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Exportieren' })).not.toBeInTheDocument();
  });

  it('downloads the current filters as CSV, showing the progress, and saves the file', async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    const created = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:export';
    });
    // jsdom has no object URLs; the download is handed one as a browser would.
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    const download = streamedExport();
    const api = renderAsAdmin(download, '/admin/submissions?type=event&state=published');
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beiträge exportieren' });
    expect(dialog).toHaveTextContent('Veranstaltung, Veröffentlicht');
    await user.click(within(dialog).getByRole('radio', { name: /CSV/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Herunterladen' }));

    const sent = api.sent('GET admin/collection/export')[0]!.url.searchParams;
    expect(Object.fromEntries(sent)).toEqual({ format: 'csv', type: 'event', state: 'published' });
    download.push(CSV_HEAD + CSV_BODY[0]);
    expect(await within(dialog).findByText('1 von 3 Beiträgen empfangen')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Fortschritt des Exports' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    download.push(CSV_BODY[1]!);
    download.end();
    expect(
      await within(dialog).findByText('3 Beiträge exportiert; die Datei wird gespeichert.'),
    ).toBeInTheDocument();
    expect(clicks).toEqual(['einwurf-entries-2026-11-23.csv']);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.size).toBe(encoder.encode(CSV_HEAD + CSV_BODY.join('')).byteLength);
    click.mockRestore();
  });

  it('cancels a running download', async () => {
    const user = userEvent.setup();
    const download = streamedExport();
    const api = renderAsAdmin(download, '/admin/submissions');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beiträge exportieren' });
    expect(within(dialog).getByRole('radio', { name: /JSON Lines/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Herunterladen' }));
    download.push(CSV_HEAD);
    await within(dialog).findByRole('progressbar');
    const signal = api.fetchMock.mock.calls.find(([input]) => String(input).includes('export'))![1]!.signal!;
    signal.addEventListener('abort', download.fail);

    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(signal.aborted).toBe(true);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Herunterladen' })).toBeEnabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('picks entries by checkbox, the page at once, and filters by assignee, mine sent as the own name', async () => {
    setAuth({ role: 'mod', ttl: Math.floor(Date.now() / 1000) + 3600, username: 'Mona' });
    const user = userEvent.setup();
    const { router, lastList } = renderSubmissions();
    const table = await screen.findByRole('table');
    const all = within(table).getByRole('checkbox', { name: 'Alle Beiträge dieser Seite auswählen' });
    await user.click(within(table).getByRole('checkbox', { name: 'Beitrag 101 auswählen' }));
    // Mantine marks the box in an effect, which may run after the paint.
    await waitFor(() => expect(all).toHaveAttribute('data-indeterminate', 'true'));
    expect(screen.getByRole('toolbar')).toHaveTextContent('1 Beitrag ausgewählt');
    await user.click(all);
    expect(all).toBeChecked();
    expect(screen.getByRole('toolbar')).toHaveTextContent('2 Beiträge ausgewählt');
    await user.click(all);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();

    const assignee = screen.getByRole('combobox', { name: 'Zuständig' });
    await user.selectOptions(assignee, 'mine');
    await waitFor(() => expect(router.state.location.search).toBe('?assignee=mine'));
    await waitFor(() => expect(lastList().get('filters')).toBe('assignee:is:Mona'));
    await user.selectOptions(assignee, 'none');
    await waitFor(() => expect(lastList().get('filters')).toBe('assignee:is:none'));
    clearAuth();
  });
});
