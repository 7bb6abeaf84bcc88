import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import '../../forms/test-utils';
import { setClientNavigate } from '../../lib/api-client';
import { clearAuth, setAuth } from '../../lib/auth-store';
import { writeCurrentEntry, readCurrentEntry } from '../../lib/current-entry';
import { jsonResponse, renderRoutes } from '../../test/render';
import { clientNavigationPath } from '../../lib/client-navigation';
import { Component as EditPage } from './edit-route';
import articleSchema from '../../../../content-types/article/schema.json';
import articleUiSchema from '../../../../content-types/article/uischema.json';
import base from '../../../../content-types/base.json';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const fetchMock = vi.fn<typeof fetch>();
const schema = {
  ...articleSchema,
  properties: { ...base.properties, ...articleSchema.properties },
  required: [...base.required, ...articleSchema.required],
};

type Data = Record<string, unknown> & { revision: number; title: string; state: string };
function entryOf(overrides: Partial<Data> = {}) {
  return {
    meta: { version: '0.1.0', licence: 'CC BY-SA 4.0' },
    data: {
      id: ID,
      type: 'article',
      state: 'draft',
      title: 'Velowege',
      created_at: '2026-11-21T10:00:00.000Z',
      updated_at: '2026-11-21T10:05:00.000Z',
      revision: 3,
      content: 'Drei Wege.',
      lead: 'Kurz',
      ...overrides,
    },
  };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers the edit page's requests by method and path; `overrides` replace single answers. */
function serve(overrides: Record<string, Handler> = {}, entry = entryOf()) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input).replace('/api/v1/', '');
    const key = `${init?.method ?? 'GET'} ${path}`;
    if (overrides[key]) return overrides[key](init);
    switch (key) {
      case `GET anon/${ID}`:
        return jsonResponse(entry);
      case 'GET schema/article/schema.json':
        return jsonResponse(schema);
      case 'GET schema/article/uischema.json':
        return jsonResponse(articleUiSchema);
      case `GET anon/${ID}/comments`:
        return jsonResponse({ data: [] });
      case `GET anon/${ID}/comments/schema.json`:
        return jsonResponse({ properties: { title: { maxLength: 200 }, content: { maxLength: 10000 } } });
      case `GET anon/${ID}/events`:
        return jsonResponse({ data: [] });
      default:
        return jsonResponse({ error: { code: 'NOT_FOUND', message: key } }, { status: 404 });
    }
  });
}

function renderEdit() {
  const view = renderRoutes(
    [
      { path: '/:cpt/:id', element: <EditPage /> },
      { path: '/:cpt/:id/proposed', element: <h1>proposed page</h1> },
      { path: '/:cpt/:id/authenticate', element: <h1>password page</h1> },
      { path: '/', element: <h1>home page</h1> },
    ],
    `/article/${ID}`,
  );
  setClientNavigate((target) => void view.router.navigate(clientNavigationPath(target)));
  return view;
}

const titleInput = () => screen.findByRole('textbox', { name: 'Titel' });
const calls = (key: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace('/api/v1/', '')}` === key,
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setAuth({ role: 'anon', ttl: Math.floor(Date.now() / 1000) + 3600 });
  writeCurrentEntry({ cpt: 'article', id: ID });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clearAuth();
  notifications.clean();
});

// Each test renders the whole editor (Mantine, the form engine); a busy machine needs more than 5 s.
describe('edit page', () => {
  it('sets the unsaved-changes flag on a change and clears it after saving', async () => {
    serve({
      [`PUT anon/${ID}`]: (init) => {
        const { data } = JSON.parse(String(init!.body)) as { data: Data };
        return jsonResponse(entryOf({ ...data, revision: data.revision + 1 }));
      },
    });
    renderEdit();
    const title = await titleInput();
    expect(title).toHaveValue('Velowege');
    expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull();
    await userEvent.type(title, ' im Quartier');
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeInTheDocument();
    await userEvent.clear(title);
    await userEvent.type(title, 'Velowege');
    expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull();

    await userEvent.type(title, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull());
    const [, init] = calls(`PUT anon/${ID}`)[0]!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      data: { title: 'Velowege!', revision: 3, lead: 'Kurz' },
    });
  });

  it('reads "Propose changes" once the entry is proposed', async () => {
    serve({}, entryOf({ state: 'proposed' }));
    renderEdit();
    expect(await screen.findByRole('button', { name: 'Änderungen vorschlagen' })).toBeInTheDocument();
    expect(screen.getByText('Status: In Moderation')).toBeInTheDocument();
  });

  it('submits: saves the change, proposes and opens the proposed page; the label switches', async () => {
    serve({
      [`PUT anon/${ID}`]: (init) => {
        const { data } = JSON.parse(String(init!.body)) as { data: Data };
        return jsonResponse(entryOf({ ...data, revision: 4 }));
      },
      [`POST anon/${ID}/publish`]: () => jsonResponse(entryOf({ state: 'proposed', revision: 4 })),
    });
    renderEdit();
    await userEvent.type(await titleInput(), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Zur Moderation vorschlagen' }));
    expect(await screen.findByRole('heading', { name: 'proposed page' })).toBeInTheDocument();
    expect(calls(`PUT anon/${ID}`)).toHaveLength(1);
    expect(calls(`POST anon/${ID}/publish`)).toHaveLength(1);
  });

  it('shows every failing field when proposing is refused', async () => {
    serve({
      [`POST anon/${ID}/publish`]: () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'missing',
              fields: [
                { field: 'data/category', keyword: 'required', message: 'validation.required' },
                {
                  field: 'data/title',
                  keyword: 'minLength',
                  message: 'validation.minLength',
                  params: { limit: 1 },
                },
              ],
            },
          },
          { status: 400 },
        ),
    });
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Zur Moderation vorschlagen' }));
    expect(
      await screen.findByText('Der Beitrag konnte nicht zur Moderation freigegeben werden'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Dieses Feld ist erforderlich.').length).toBeGreaterThan(0);
  });

  it('on a stale save offers to load the stored version', async () => {
    serve({
      [`PUT anon/${ID}`]: () =>
        jsonResponse(
          {
            error: { code: 'CONFLICT', message: 'stale' },
            ...entryOf({ title: 'Ihre Fassung', revision: 5 }),
          },
          { status: 409 },
        ),
    });
    renderEdit();
    const title = await titleInput();
    await userEvent.clear(title);
    await userEvent.type(title, 'Meine Fassung');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Der Beitrag wurde inzwischen gespeichert' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gespeicherte Fassung laden' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Titel' })).toHaveValue('Ihre Fassung'));
    expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull();
  });

  it('on a stale save keeps mine by saving it over the stored revision', async () => {
    let puts = 0;
    serve({
      [`PUT anon/${ID}`]: (init) => {
        puts += 1;
        const { data } = JSON.parse(String(init!.body)) as { data: Data };
        if (puts === 1) {
          return jsonResponse(
            {
              error: { code: 'CONFLICT', message: 'stale' },
              ...entryOf({ title: 'Ihre Fassung', revision: 5 }),
            },
            { status: 409 },
          );
        }
        return jsonResponse(entryOf({ ...data, revision: 6 }));
      },
    });
    renderEdit();
    const title = await titleInput();
    await userEvent.clear(title);
    await userEvent.type(title, 'Meine Fassung');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Der Beitrag wurde inzwischen gespeichert' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Meine Fassung behalten' }));
    await waitFor(() => expect(puts).toBe(2));
    const [, init] = calls(`PUT anon/${ID}`)[1]!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ data: { title: 'Meine Fassung', revision: 5 } });
    await waitFor(() => expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Titel' })).toHaveValue('Meine Fassung');
  });

  it('deletes only once the exact title is typed', async () => {
    serve({ [`DELETE anon/${ID}`]: () => new Response(null, { status: 204 }) });
    renderEdit();
    // The Markdown editor arrives in a chunk of its own and re-renders the form; on a loaded machine
    // that could land between opening the menu and choosing from it, so the menu opens once it is there.
    await screen.findByRole('toolbar', {}, { timeout: 20_000 });
    await userEvent.click(await screen.findByRole('button', { name: 'Optionen' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Beitrag löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag löschen' });
    const confirm = within(dialog).getByRole('button', { name: 'Endgültig löschen' });
    const typed = within(dialog).getByLabelText('Gib zur Bestätigung „Velowege“ ein');
    expect(confirm).toBeDisabled();
    await userEvent.type(typed, 'velowege');
    expect(confirm).toBeDisabled();
    await userEvent.clear(typed);
    await userEvent.type(typed, 'Velowege ');
    expect(confirm).toBeDisabled();
    await userEvent.type(typed, '{Backspace}');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(await screen.findByRole('heading', { name: 'home page' })).toBeInTheDocument();
    expect(calls(`DELETE anon/${ID}`)).toHaveLength(1);
    expect(readCurrentEntry()).toBeNull();
  });

  it('restores the edit cached across a session expiry and removes the cache', async () => {
    sessionStorage.setItem(
      'cached_cpt',
      JSON.stringify({ cpt: 'article', id: ID, data: entryOf({ title: 'Getippt vor dem Ablauf' }).data }),
    );
    serve();
    renderEdit();
    expect(await titleInput()).toHaveValue('Getippt vor dem Ablauf');
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeInTheDocument();
    expect(screen.getByText(/Deine ungespeicherten Änderungen wurden wiederhergestellt/)).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem('cached_cpt')).toBeNull());
  });

  it('keeps the edit when the session expires during a save and goes to the password check', async () => {
    serve({
      [`PUT anon/${ID}`]: () =>
        jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'expired' } }, { status: 401 }),
    });
    const { router } = renderEdit();
    const title = await titleInput();
    await userEvent.type(title, ' neu');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('heading', { name: 'password page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?unauthenticated=true');
    const cached = JSON.parse(sessionStorage.getItem('cached_cpt')!) as {
      cpt: string;
      id: string;
      data: Data;
    };
    expect(cached).toMatchObject({ cpt: 'article', id: ID, data: { title: 'Velowege neu', revision: 3 } });
  });

  it('asks before leaving with unsaved changes', async () => {
    serve();
    const { router } = renderEdit();
    await userEvent.type(await titleInput(), '?');
    // As an author would: the screen shows the edit as unsaved before anyone leaves.
    expect(await screen.findByText('Ungespeicherte Änderungen')).toBeInTheDocument();
    void router.navigate('/');
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bleiben' }));
    expect(screen.getByRole('textbox', { name: 'Titel' })).toHaveValue('Velowege?');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    void router.navigate('/');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' })).getByRole('button', {
        name: 'Seite verlassen',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'home page' })).toBeInTheDocument();
  });

  it('asks also when a link is followed as soon as the edit shows as unsaved, before the next frame', async () => {
    serve();
    const { router } = renderEdit();
    const title = await titleInput();
    // The screen has been shown for a while: what its first frames set up has run.
    await new Promise((resolve) => setTimeout(resolve, 250));
    // A browser's input event, outside any test wrapper; the link is followed in the same turn as the
    // screen first shows the edit as unsaved, before anything that waits for the paint has run.
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.body.textContent?.includes('Ungespeicherte Änderungen')) return;
        observer.disconnect();
        void router.navigate('/');
        resolve();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(title, 'Velowege!');
      title.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' })).toBeInTheDocument();
  });

  it('labels each comment with its origin', async () => {
    serve({
      [`GET anon/${ID}/comments`]: () =>
        jsonResponse({
          data: [
            {
              id: 1,
              title: 'Rückfrage',
              content: 'Quelle?',
              origin: 'moderation',
              created_at: '2026-11-21T11:00:00.000Z',
            },
            {
              id: 2,
              title: 'Antwort',
              content: 'Siehe Link.',
              origin: 'contributor',
              created_at: '2026-11-21T12:30:00.000Z',
            },
          ],
        }),
    });
    renderEdit();
    const list = await screen.findByRole('list', { name: 'Kommentare' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Moderation')).toBeInTheDocument();
    expect(first).toHaveTextContent('21.11.2026 11:00 UTC');
    expect(within(second!).getByText('Du')).toBeInTheDocument();
  });

  it('adds a comment', async () => {
    serve({
      [`POST anon/${ID}/comments`]: () =>
        jsonResponse(
          {
            data: {
              id: 3,
              title: 'Frage',
              content: 'Passt das?',
              origin: 'contributor',
              created_at: '2026-11-21T12:00:00.000Z',
            },
          },
          { status: 201 },
        ),
    });
    renderEdit();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Betreff' }), 'Frage');
    await userEvent.type(screen.getByRole('textbox', { name: 'Kommentar' }), 'Passt das?');
    await userEvent.click(screen.getByRole('button', { name: 'Kommentar senden' }));
    await waitFor(() => expect(calls(`POST anon/${ID}/comments`)).toHaveLength(1));
    const [, init] = calls(`POST anon/${ID}/comments`)[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ title: 'Frage', content: 'Passt das?' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Betreff' })).toHaveValue(''));
  });

  it('shows the timeline with translated kinds and UTC dates', async () => {
    serve({
      [`GET anon/${ID}/events`]: () =>
        jsonResponse({
          data: [
            {
              kind: 'created',
              actor: 'author',
              from_state: null,
              to_state: 'draft',
              created_at: '2026-11-21T10:00:00.000Z',
            },
            {
              kind: 'state_changed',
              actor: 'mod',
              from_state: 'proposed',
              to_state: 'rejected',
              created_at: '2026-11-21T23:59:00.000Z',
            },
          ],
        }),
    });
    renderEdit();
    const list = await screen.findByRole('list', { name: 'Ereignisse, neueste zuerst' });
    const [newest, oldest] = within(list).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Status geändert: In Moderation → Abgelehnt');
    expect(newest).toHaveTextContent('21.11.2026 23:59 UTC · Moderation');
    expect(oldest).toHaveTextContent('Beitrag angelegt');
  });

  it('shows a published entry read-only', async () => {
    serve({}, entryOf({ state: 'published' }));
    renderEdit();
    expect(
      await screen.findByText(
        'Dieser Beitrag ist veröffentlicht und kann nicht mehr bearbeitet oder gelöscht werden.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Titel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Optionen' })).toBeNull();
  });

  it('tells the author when a scheduled publication appears, in the alert, the badge and the timeline', async () => {
    serve(
      {
        [`GET anon/${ID}/events`]: () =>
          jsonResponse({
            data: [
              {
                kind: 'state_changed',
                actor: 'mod',
                from_state: 'proposed',
                to_state: 'published',
                created_at: '2026-11-22T09:00:00.000Z',
                publish_at: '2099-12-01T08:00:00.000Z',
              },
            ],
          }),
      },
      entryOf({ state: 'published', publish_at: '2099-12-01T08:00:00.000Z' }),
    );
    renderEdit();
    const alert = await screen.findByText(/Dein Beitrag erscheint am 01\.12\.2099 08:00 UTC\./);
    expect(alert).toBeInTheDocument();
    expect(screen.getByText('Veröffentlichung geplant')).toBeInTheDocument();
    expect(screen.getByText('Status: Geplant')).toBeInTheDocument();
    expect(screen.queryByText('Status: Veröffentlicht')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Titel' })).toBeDisabled();
    const list = await screen.findByRole('list', { name: 'Ereignisse, neueste zuerst' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'Status geändert: In Moderation → Veröffentlicht – erscheint am 01.12.2099 08:00 UTC',
    );
  });

  it('shows a published entry whose time has come as published', async () => {
    serve({}, entryOf({ state: 'published', publish_at: '2026-11-22T08:00:00.000Z' }));
    renderEdit();
    expect(await screen.findByText('Status: Veröffentlicht')).toBeInTheDocument();
    expect(screen.queryByText('Veröffentlichung geplant')).toBeNull();
  });
});

describe('kept typing on the edit page', () => {
  const KEY = `einwurf_kept:author:${ID}`;
  // An hour ago, to the minute: a copy is kept for KEEP_MS (a week) from when it was typed.
  const KEPT_AT = Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000;
  const two = (n: number) => String(n).padStart(2, '0');
  const kept = new Date(KEPT_AT);
  const KEPT_AT_TEXT = `${two(kept.getUTCDate())}.${two(kept.getUTCMonth() + 1)}.${kept.getUTCFullYear()} ${two(kept.getUTCHours())}:${two(kept.getUTCMinutes())} UTC`;
  const keep = (fields: Record<string, unknown>, revision = 3) =>
    localStorage.setItem(
      KEY,
      JSON.stringify({
        data: { ...entryOf().data, ...fields },
        keptAt: KEPT_AT,
        revision,
      }),
    );

  it('keeps what the author types in the browser and forgets it after saving', async () => {
    serve({
      [`PUT anon/${ID}`]: (init) => {
        const { data } = JSON.parse(String(init!.body)) as { data: Data };
        return jsonResponse(entryOf({ ...data, revision: data.revision + 1 }));
      },
    });
    renderEdit();
    await userEvent.type(await titleInput(), '!');
    await waitFor(() => expect(localStorage.getItem(KEY)).toContain('"title":"Velowege!"'));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ revision: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
  });

  it('offers a kept copy back; restoring puts it in the form unsaved, without saving', async () => {
    serve();
    keep({ title: 'Velowege im Quartier' });
    renderEdit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Nicht gespeicherte Änderungen vom ${KEPT_AT_TEXT} gefunden`);
    expect(await titleInput()).toHaveValue('Velowege');
    await userEvent.click(within(alert).getByRole('button', { name: 'Wiederherstellen' }));
    expect(await titleInput()).toHaveValue('Velowege im Quartier');
    expect(await titleInput()).toHaveFocus();
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls(`PUT anon/${ID}`)).toHaveLength(0);
  });

  it('says when the entry was saved since; discarding forgets the copy', async () => {
    serve({}, entryOf({ revision: 4 }));
    keep({ title: 'Velowege im Quartier' }, 3);
    renderEdit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Der Beitrag wurde seither gespeichert.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Verwerfen' }));
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(await titleInput()).toHaveValue('Velowege');
    expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull();
  });

  it('offers nothing and forgets a copy that equals the stored entry', async () => {
    serve();
    keep({});
    renderEdit();
    await titleInput();
    await waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
