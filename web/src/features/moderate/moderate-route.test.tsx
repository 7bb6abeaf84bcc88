import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mergeSchemas, type ObjectSchema, type UiSchema } from '@einwurf/contract';
import base from '../../../../content-types/base.json';
import articleSchema from '../../../../content-types/article/schema.json';
import articleUiSchema from '../../../../content-types/article/uischema.json';
import { CPTS, errorResponse, mockApi, type ApiRequest } from '../../test/mock-api';
import { jsonResponse, renderScreen } from '../../test/render';
import { ModeratePage } from './moderate-route';

// jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to.
if (!('fonts' in document) || !document.fonts) {
  const fonts = { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() };
  Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
}

const schema = mergeSchemas(base as ObjectSchema, articleSchema as ObjectSchema);
// The plain fields are enough here; the rich widgets have tests of their own.
const uiSchema = (articleUiSchema as UiSchema).filter((element) =>
  ['lead', 'content', 'category'].includes(element.scope),
);

const stored = (changes: Record<string, unknown> = {}) => ({
  meta: { version: '1', licence: 'CC BY-SA 4.0' },
  data: {
    id: 'e1',
    type: 'article',
    state: 'proposed',
    title: 'Neue Velowege',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-21T09:05:00.000Z',
    revision: 3,
    content: '# Velo\n\nMehr <b>Wege</b>.',
    lead: 'Kurz gesagt',
    category: 'local',
    ...changes,
  },
});

let current = stored();
const comments = {
  data: [
    {
      id: 1,
      title: 'Quelle?',
      content: 'Woher stammt die Zahl?',
      origin: 'moderation',
      created_at: '2026-11-21T10:00:00.000Z',
    },
    {
      id: 2,
      title: 'Antwort',
      content: 'Vom Amt.',
      origin: 'contributor',
      created_at: '2026-11-21T11:00:00.000Z',
    },
  ],
};
const events = {
  data: [
    {
      kind: 'created',
      actor: 'author',
      from_state: null,
      to_state: 'draft',
      created_at: '2026-11-20T10:00:00.000Z',
    },
    {
      kind: 'proposed',
      actor: 'author',
      from_state: 'draft',
      to_state: 'proposed',
      created_at: '2026-11-20T11:00:00.000Z',
    },
  ],
};

const snapshot = {
  content: '# Velo\n\nMehr <b>Wege</b>.',
  fields: { lead: 'Kurz gesagt', category: 'local' },
};
const revisions = {
  meta: {
    pagination: {
      current_page: 1,
      page_size: 100,
      total_entries: 1,
      first_page: 1,
      last_page: 1,
      previous_page: null,
      next_page: null,
    },
    last_decision: null,
  },
  data: [
    {
      revision: 3,
      saved_at: '2026-11-21T09:05:00.000Z',
      actor: 'author',
      username: null,
      state: 'proposed',
      title: 'Neue Velowege',
    },
  ],
};

function renderModerate(routes: Record<string, unknown> = {}) {
  const api = mockApi({
    'GET admin/collection/entry/e1': () => current,
    'GET schema/article/schema.json': schema,
    'GET schema/article/uischema.json': uiSchema,
    'GET admin/collection/entry/e1/comments': comments,
    'GET admin/collection/entry/e1/events': events,
    'GET admin/config/cpts': CPTS,
    'GET admin/collection/entry/e1/revisions': revisions,
    'GET admin/collection/entry/e1/revisions/3': { data: { ...revisions.data[0], ...snapshot } },
    'PUT admin/collection/entry/e1': ({ body }: ApiRequest) => {
      const { data } = body as { data: Record<string, unknown> };
      current = stored({
        ...data,
        revision: Number(data.revision) + 1,
        updated_at: '2026-11-21T12:00:00.000Z',
      });
      return current;
    },
    ...routes,
  });
  const view = renderScreen(<ModeratePage cpt="article" id="e1" />);
  return { ...view, ...api };
}

const titleField = () => screen.findByRole('textbox', { name: 'Titel' });

beforeEach(() => {
  current = stored();
});
afterEach(() => vi.unstubAllGlobals());

describe('moderate', () => {
  it('shows the entry in the form, its sanitized preview, comments with badges and its timeline', async () => {
    renderModerate();
    expect(screen.getByRole('heading', { level: 1, name: 'Beitrag moderieren' })).toBeInTheDocument();
    expect(await titleField()).toHaveValue('Neue Velowege');
    expect(screen.getByRole('textbox', { name: 'Lead' })).toHaveValue('Kurz gesagt');
    const preview = screen.getByRole('region', { name: 'Vorschau' });
    expect(await within(preview).findByRole('heading', { level: 1, name: 'Velo' })).toBeInTheDocument();
    expect(preview.textContent).toContain('Mehr');
    expect(preview.querySelector('pre')).toBeNull();

    const list = await screen.findByRole('list', { name: 'Kommentare zum Beitrag' });
    const [fromModeration, fromContributor] = within(list).getAllByRole('listitem');
    expect(fromModeration).toHaveTextContent('von der Moderation');
    expect(fromContributor).toHaveTextContent('von der beitragenden Person');

    const timeline = screen.getByRole('region', { name: 'Verlauf' });
    expect(await within(timeline).findByText('Vorgeschlagen: Entwurf → Vorgeschlagen')).toBeInTheDocument();
    expect(timeline).toHaveTextContent('von Beitragende Person');
  });

  it('asks before publishing and sends the state with the revision loaded', async () => {
    const user = userEvent.setup();
    const { sent } = renderModerate();
    await titleField();
    expect(screen.queryByRole('button', { name: 'Wieder öffnen' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Beitrag veröffentlichen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('PUT admin/collection/entry/e1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    dialog = await screen.findByRole('dialog', { name: 'Beitrag veröffentlichen?' });
    expect(dialog).toHaveTextContent(
      '„Neue Velowege“ wird mit deinen Änderungen gespeichert und veröffentlicht.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Veröffentlichen' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Der Beitrag ist veröffentlicht.');
    const [put] = sent('PUT admin/collection/entry/e1');
    expect(put!.body).toEqual({
      data: {
        title: 'Neue Velowege',
        content: '# Velo\n\nMehr <b>Wege</b>.',
        lead: 'Kurz gesagt',
        category: 'local',
        revision: 3,
        state: 'published',
        publish_at: null,
      },
    });
    expect(await screen.findByRole('button', { name: 'Wieder öffnen' })).toBeInTheDocument();
    // The confirmation keeps its words while it fades out; once it is gone, so is the state's action.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Veröffentlichen' })).not.toBeInTheDocument();
    // Its button gone, focus goes to the heading of the state actions, not to the page.
    expect(screen.getByRole('heading', { name: 'Status ändern' })).toHaveFocus();
  });

  it('publishes at a chosen date and time in UTC, and shows the entry as scheduled then', async () => {
    const user = userEvent.setup();
    const { sent } = renderModerate();
    await titleField();
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag veröffentlichen?' });
    expect(within(dialog).getByRole('radio', { name: 'Jetzt veröffentlichen' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Zu einem Zeitpunkt veröffentlichen' }));
    const time = within(dialog).getByLabelText('Zeitpunkt: Uhrzeit (UTC)');
    fireEvent.input(time, { target: { value: '07:30' } });
    expect(dialog).toHaveTextContent('erscheint zum gewählten Zeitpunkt');
    await user.click(within(dialog).getByRole('button', { name: 'Einplanen' }));

    await waitFor(() => expect(sent('PUT admin/collection/entry/e1')).toHaveLength(1));
    const body = sent('PUT admin/collection/entry/e1')[0]!.body as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ state: 'published', revision: 3 });
    const publishAt = String(body.data.publish_at);
    expect(publishAt).toMatch(/^\d{4}-\d{2}-\d{2}T07:30:00\.000Z$/);
    expect(Date.parse(publishAt)).toBeGreaterThan(Date.now());
    const [date] = publishAt.slice(0, 10).split('T');
    const shown = `${date!.slice(8, 10)}.${date!.slice(5, 7)}.${date!.slice(0, 4)} 07:30 UTC`;
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Die Veröffentlichung ist für ${shown} geplant.`,
    );
    expect(screen.getAllByText('Geplant').length).toBeGreaterThan(0);
    expect(screen.getAllByText(`Erscheint am ${shown}`).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Zeitpunkt ändern' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wieder öffnen' })).toBeInTheDocument();
  });

  it('refuses a time that is no longer in the future and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = renderModerate();
    await titleField();
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag veröffentlichen?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Zu einem Zeitpunkt veröffentlichen' }));
    // The suggested time lies a day ahead; a clock far ahead makes it past.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2199-01-01T00:00:00Z'));
    await user.click(within(dialog).getByRole('button', { name: 'Einplanen' }));
    expect(within(dialog).getByRole('group', { name: 'Zeitpunkt' })).toHaveAccessibleDescription(
      'Bitte wähle einen Zeitpunkt in der Zukunft.',
    );
    vi.restoreAllMocks();
    expect(sent('PUT admin/collection/entry/e1')).toHaveLength(0);
  });

  it('says so when the server finds the chosen time passed', async () => {
    const user = userEvent.setup();
    renderModerate({
      'PUT admin/collection/entry/e1': () =>
        errorResponse(400, 'VALIDATION_FAILED', [
          { field: 'data/publish_at', keyword: 'format', message: 'must be in the future' },
        ]),
    });
    await titleField();
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag veröffentlichen?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Zu einem Zeitpunkt veröffentlichen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Einplanen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte wähle einen Zeitpunkt in der Zukunft.');
  });

  it('publishes a scheduled entry now or at another time; the other actions cancel it', async () => {
    current = stored({ state: 'published', publish_at: '2099-12-01T08:00:00.000Z' });
    const user = userEvent.setup();
    const { sent } = renderModerate();
    await titleField();
    expect(screen.getByText('Geplant')).toBeInTheDocument();
    expect(screen.getAllByText('Erscheint am 01.12.2099 08:00 UTC')).toHaveLength(2);
    expect(screen.getByText(/heben die geplante Veröffentlichung auf/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zeitpunkt ändern' }));
    let dialog = await screen.findByRole('dialog', { name: 'Beitrag veröffentlichen?' });
    expect(within(dialog).getByRole('radio', { name: 'Zu einem Zeitpunkt veröffentlichen' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Zeitpunkt: Datum' })).toHaveTextContent('01.12.2099');
    const time = within(dialog).getByLabelText('Zeitpunkt: Uhrzeit (UTC)');
    expect(time).toHaveValue('08:00');
    fireEvent.input(time, { target: { value: '18:15' } });
    await user.click(within(dialog).getByRole('button', { name: 'Einplanen' }));
    await waitFor(() => expect(sent('PUT admin/collection/entry/e1')).toHaveLength(1));
    expect(
      (sent('PUT admin/collection/entry/e1')[0]!.body as { data: Record<string, unknown> }).data,
    ).toMatchObject({ state: 'published', publish_at: '2099-12-01T18:15:00.000Z' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Die Veröffentlichung ist für 01.12.2099 18:15 UTC geplant.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Jetzt veröffentlichen' }));
    dialog = await screen.findByRole('dialog', { name: 'Beitrag veröffentlichen?' });
    expect(within(dialog).getByRole('radio', { name: 'Jetzt veröffentlichen' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Veröffentlichen' }));
    await waitFor(() => expect(sent('PUT admin/collection/entry/e1')).toHaveLength(2));
    expect(
      (sent('PUT admin/collection/entry/e1')[1]!.body as { data: Record<string, unknown> }).data,
    ).toMatchObject({ state: 'published', publish_at: null });
  });

  it('rejects, reopens and sends back to draft, each after a confirmation', async () => {
    const user = userEvent.setup();
    const { sent } = renderModerate();
    await titleField();
    const steps = [
      ['Ablehnen', 'Beitrag ablehnen?', 'rejected', 'Der Beitrag ist abgelehnt.'],
      ['Zurück zum Entwurf', 'Zurück zum Entwurf?', 'draft', 'Der Beitrag ist wieder ein Entwurf.'],
      ['Wieder öffnen', 'Beitrag wieder öffnen?', 'proposed', 'Der Beitrag ist wieder vorgeschlagen.'],
    ] as const;
    for (const [action, question, state, done] of steps) {
      await user.click(screen.getByRole('button', { name: action }));
      const dialog = await screen.findByRole('dialog', { name: question });
      await user.click(within(dialog).getByRole('button', { name: action }));
      expect(await screen.findByRole('status')).toHaveTextContent(done);
      expect(
        (sent('PUT admin/collection/entry/e1').at(-1)!.body as { data: { state: string } }).data.state,
      ).toBe(state);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { name: 'Status ändern' })).toHaveFocus();
    }
    expect(
      sent('PUT admin/collection/entry/e1').map(
        (put) => (put.body as { data: { revision: number } }).data.revision,
      ),
    ).toEqual([3, 4, 5]);
  });

  it('does not publish an incomplete entry and shows what is missing', async () => {
    const user = userEvent.setup();
    const { sent } = renderModerate();
    await titleField();
    await user.clear(screen.getByRole('textbox', { name: 'Lead' }));
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag veröffentlichen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Veröffentlichen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vor dem Veröffentlichen müssen alle Pflichtfelder stimmen.',
    );
    expect(screen.getByRole('textbox', { name: 'Lead' })).toHaveAccessibleDescription(
      expect.stringContaining('Dieses Feld ist erforderlich.'),
    );
    expect(sent('PUT admin/collection/entry/e1')).toHaveLength(0);
  });

  it('offers a choice on a conflict and saves mine over theirs only when chosen', async () => {
    const user = userEvent.setup();
    let puts = 0;
    const { sent } = renderModerate({
      'PUT admin/collection/entry/e1': ({ body }: ApiRequest) => {
        puts += 1;
        if (puts === 1) {
          current = stored({ title: 'Ihr Titel', revision: 4, updated_at: '2026-11-21T11:45:00.000Z' });
          return errorResponse(409, 'CONFLICT', undefined, current);
        }
        const { data } = body as { data: Record<string, unknown> };
        return jsonResponse(stored({ ...data, revision: 5 }));
      },
    });
    const title = await titleField();
    await user.clear(title);
    await user.type(title, 'Mein Titel');
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Jemand hat den Beitrag inzwischen gespeichert',
    });
    expect(dialog).toHaveTextContent('21.11.2026 11:45 UTC');
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Titel');
    expect(sent('PUT admin/collection/entry/e1')).toHaveLength(1);

    await user.click(
      within(dialog).getByRole('button', { name: 'Meine Fassung speichern (die andere überschreiben)' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Der Beitrag ist gespeichert.');
    const second = sent('PUT admin/collection/entry/e1')[1]!.body as { data: Record<string, unknown> };
    expect(second.data).toMatchObject({ title: 'Mein Titel', revision: 4 });
    expect(second.data.state).toBeUndefined();
  });

  it('reloads their version when chosen, discarding mine', async () => {
    const user = userEvent.setup();
    const { sent } = renderModerate({
      'PUT admin/collection/entry/e1': () => {
        current = stored({ title: 'Ihr Titel', revision: 4 });
        return errorResponse(409, 'CONFLICT', undefined, current);
      },
    });
    const title = await titleField();
    await user.clear(title);
    await user.type(title, 'Mein Titel');
    await user.click(screen.getByRole('button', { name: 'Ablehnen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Jemand hat den Beitrag inzwischen gespeichert',
    });
    await user.click(
      within(dialog).getByRole('button', { name: 'Gespeicherte Fassung laden (meine Änderungen verwerfen)' }),
    );
    expect(await titleField()).toHaveValue('Ihr Titel');
    expect(screen.getByRole('status')).toHaveTextContent('Die gespeicherte Fassung ist geladen');
    expect(screen.queryByText('Ungespeicherte Änderungen')).not.toBeInTheDocument();
    expect(sent('PUT admin/collection/entry/e1')).toHaveLength(1);
  });

  it('names both states when the transition is refused', async () => {
    const user = userEvent.setup();
    renderModerate({ 'PUT admin/collection/entry/e1': errorResponse(409, 'INVALID_TRANSITION') });
    await titleField();
    await user.click(screen.getByRole('button', { name: 'Zurück zum Entwurf' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Zurück zum Entwurf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Status kann nicht von „Vorgeschlagen“ zu „Entwurf“ wechseln.',
    );
  });

  it('deletes only after the title is typed', async () => {
    const user = userEvent.setup();
    const { sent, router } = renderModerate({
      'DELETE admin/collection/entry/e1': new Response(null, { status: 204 }),
    });
    await titleField();
    await user.click(screen.getByRole('button', { name: 'Beitrag löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag wirklich löschen?' });
    const confirm = within(dialog).getByRole('button', { name: 'Endgültig löschen' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Titel des Beitrags' }), 'Neue Velo');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Titel des Beitrags' }), 'wege');
    await user.click(confirm);
    await waitFor(() => expect(sent('DELETE admin/collection/entry/e1')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/submissions'));
  });

  it('adds a comment from moderation', async () => {
    const user = userEvent.setup();
    const { sent } = renderModerate({
      'POST admin/collection/entry/e1/comments': jsonResponse(
        {
          data: {
            id: 3,
            title: 'Danke',
            content: 'Passt.',
            origin: 'moderation',
            created_at: '2026-11-21T12:00:00.000Z',
          },
        },
        { status: 201 },
      ),
    });
    await titleField();
    const panel = screen.getByRole('region', { name: 'Kommentare' });
    await user.click(within(panel).getByRole('button', { name: 'Kommentar senden' }));
    expect(within(panel).getAllByText('Dieses Feld ist erforderlich.')).toHaveLength(2);
    expect(sent('POST admin/collection/entry/e1/comments')).toHaveLength(0);

    await user.type(within(panel).getByRole('textbox', { name: 'Betreff' }), 'Danke');
    await user.type(within(panel).getByRole('textbox', { name: 'Kommentar' }), 'Passt.');
    await user.click(within(panel).getByRole('button', { name: 'Kommentar senden' }));
    await waitFor(() => expect(sent('POST admin/collection/entry/e1/comments')).toHaveLength(1));
    expect(sent('POST admin/collection/entry/e1/comments')[0]!.body).toEqual({
      title: 'Danke',
      content: 'Passt.',
    });
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'Betreff' })).toHaveValue(''));
    await waitFor(() => expect(sent('GET admin/collection/entry/e1/comments')).toHaveLength(2));
  });
});
