import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canTransition,
  lifecycleActorOf,
  type Entry,
  type EntryEvent,
  type EntryList,
  type EntryState,
  type ErrorBody,
} from '@einwurf/contract';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { completeFields, insertTestEntry } from '../../test/entries.ts';
import { createEntryAsAuthor } from '../../test/pow.ts';
import { purgeDeletedEntries } from './service.ts';

const BASE = '/api/v1/admin/collection';
const codeOf = (r: LightMyRequestResponse) => r.json<ErrorBody>().error.code;
const fieldsOf = (r: LightMyRequestResponse) =>
  r
    .json<ErrorBody>()
    .error.fields?.map((f) => f.field)
    .sort();

// SQLite on worker threads too, as the server runs it.
const databases = testDatabases({ sqliteWorkers: true });

describe.each(databases)('moderating entries on $name', (target) => {
  let t: TestApp;
  const list = async (query: string) => {
    const response = await t.request({ method: 'GET', url: `${BASE}/entries?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EntryList>();
  };
  const events = async (id: string) =>
    (await t.request({ method: 'GET', url: `${BASE}/entry/${id}/events` })).json<{ data: EntryEvent[] }>()
      .data;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('admin');
  });
  afterAll(() => t.close());

  describe('the list', () => {
    // A type of its own per test keeps the counts exact while other tests add entries.
    it('pages with correct pagination: first, last, past the end, and empty', async () => {
      const empty = await list('filters=type:is:event,state:is:rejected');
      expect(empty.data).toEqual([]);
      expect(empty.meta.pagination).toEqual({
        current_page: 1,
        page_size: 20,
        total_entries: 0,
        first_page: 1,
        last_page: 1,
        previous_page: null,
        next_page: null,
        next_cursor: null,
        previous_cursor: null,
      });

      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        ids.push(
          (await insertTestEntry(t.database.db, { type: 'event', state: 'rejected', title: `Fest ${i}` }))
            .data.id,
        );
      }
      const first = await list('filters=type:is:event,state:is:rejected&page_size=2&sort=updated_at:desc');
      expect(first.data.map((e) => e.id)).toEqual([ids[4], ids[3]]);
      expect(first.meta.pagination).toMatchObject({
        total_entries: 5,
        last_page: 3,
        previous_page: null,
        next_page: 2,
      });
      expect(first.data[0]).toEqual({
        id: ids[4],
        type: 'event',
        title: 'Fest 4',
        state: 'rejected',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        publish_at: null,
        assignee: null,
      });

      const last = await list('filters=type:is:event,state:is:rejected&page_size=2&current_page=3');
      expect(last.data.map((e) => e.id)).toEqual([ids[0]]);
      expect(last.meta.pagination).toMatchObject({ current_page: 3, previous_page: 2, next_page: null });

      const past = await list('filters=type:is:event,state:is:rejected&page_size=2&current_page=9');
      expect(past.data).toEqual([]);
      expect(past.meta.pagination).toMatchObject({
        current_page: 9,
        last_page: 3,
        previous_page: 3,
        next_page: null,
      });

      const oldestFirst = await list(
        'filters=state:is:rejected,type:is:event&sort=updated_at:asc&page_size=100',
      );
      expect(oldestFirst.data.map((e) => e.id)).toEqual(ids);
      const byTitle = await list('filters=type:is:event,state:is:rejected&sort=title:desc');
      expect(byTitle.data.map((e) => e.title)).toEqual(['Fest 4', 'Fest 3', 'Fest 2', 'Fest 1', 'Fest 0']);
    });

    it('filters by type and state, and shows deleted entries only when asked', async () => {
      const article = await insertTestEntry(t.database.db, {
        type: 'article',
        state: 'published',
        title: 'Filter A',
      });
      const event = await insertTestEntry(t.database.db, {
        type: 'event',
        state: 'published',
        title: 'Filter E',
      });
      const deleted = await insertTestEntry(t.database.db, {
        type: 'article',
        state: 'deleted',
        title: 'Filter D',
      });

      const all = (await list('page_size=100')).data.map((e) => e.id);
      expect(all).toEqual(expect.arrayContaining([article.data.id, event.data.id]));
      expect(all).not.toContain(deleted.data.id);

      const articles = (await list('filters=type:is:article&page_size=100')).data;
      expect(articles.every((e) => e.type === 'article' && e.state !== 'deleted')).toBe(true);
      expect(articles.map((e) => e.id)).toContain(article.data.id);

      const published = (await list('filters=state:is:published&page_size=100')).data;
      expect(published.every((e) => e.state === 'published')).toBe(true);
      expect(published.map((e) => e.id)).toEqual(expect.arrayContaining([article.data.id, event.data.id]));

      const gone = await list('filters=state:is:deleted');
      expect(gone.data.map((e) => e.id)).toContain(deleted.data.id);
      expect(gone.data.every((e) => e.state === 'deleted')).toBe(true);
    });

    it('accepts page sizes from 1 to 100', async () => {
      expect((await list('page_size=1')).data).toHaveLength(1);
      expect((await list('page_size=100')).meta.pagination.page_size).toBe(100);
    });

    it.each([
      ['sort=updated_at', 'sort'],
      ['sort=revision:asc', 'sort'],
      ['sort=title:up', 'sort'],
      ['current_page=0', 'current_page'],
      ['current_page=-1', 'current_page'],
      ['current_page=abc', 'current_page'],
      ['current_page=1.5', 'current_page'],
      ['current_page=99999999999999999999', 'current_page'],
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
      ['page_size=', 'page_size'],
      ['filters=type:article', 'filters'],
      ['filters=type:is:nope', 'filters'],
      ['filters=state:is:gone', 'filters'],
      ['filters=title:is:x', 'filters'],
      ['filters=type:is:article,type:is:event', 'filters'],
      ['filters=type:is:article:x', 'filters'],
      ['filters=,', 'filters'],
      ['query=abc', 'query'],
      ['query=%20%20ab%20%20', 'query'],
      [`query=${'x'.repeat(201)}`, 'query'],
      // No text holds NUL characters (PostgreSQL stores none).
      ['query=%00%00%00%00', 'query'],
    ])('answers 400 naming the parameter for %s', async (query, field) => {
      const response = await t.request({ method: 'GET', url: `${BASE}/entries?${query}` });
      expect(response.statusCode, response.body).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
      expect(fieldsOf(response)).toEqual([field]);
    });

    it.each(['query=%22%22%22%22', 'query=*:^()', 'query=NEAR(a b)', "query=' or 1=1 --"])(
      'never fails on odd search text: %s',
      async (query) => {
        const response = await t.request({ method: 'GET', url: `${BASE}/entries?${query}` });
        expect(response.statusCode, response.body).toBe(200);
      },
    );
  });

  describe('search', () => {
    it('finds words of title and text, the title match ranked first, with a plain snippet', async () => {
      const body = await insertTestEntry(t.database.db, {
        title: 'Ein Abend im Quartier',
        content: 'Wir reden über den **Kürbismarkt** am Samstag und [mehr](https://example.org).',
      });
      const title = await insertTestEntry(t.database.db, {
        title: 'Kürbismarkt eröffnet',
        content: 'Ab heute gibt es wieder Gemüse.',
      });
      const found = await list('query=K%C3%BCrbismarkt');
      expect(found.data.map((e) => e.id)).toEqual([title.data.id, body.data.id]);
      expect(found.meta.pagination.total_entries).toBe(2);
      const snippet = found.data[1]!.snippet!;
      expect(snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['Kürbismarkt']);
      const text = snippet.map((p) => p.text).join('');
      expect(text).toContain('Wir reden über den Kürbismarkt am Samstag und mehr');
      expect(text).not.toMatch(/[*<>[\]]|https/);
      expect(found.data[0]!.snippet!.some((p) => p.match && p.text === 'Kürbismarkt')).toBe(true);
    });

    it('matches umlauts with their base letters and ß with ss, both ways', async () => {
      const zurich = await insertTestEntry(t.database.db, {
        title: 'Velotour',
        content: 'Start in Zürich am Bahnhof.',
      });
      const strasse = await insertTestEntry(t.database.db, {
        title: 'Baustelle',
        content: 'Die Hauptstraße ist gesperrt.',
      });
      const gasse = await insertTestEntry(t.database.db, {
        title: 'Umleitung',
        content: 'Über die Seitengasse ausweichen.',
      });
      const ids = async (q: string) => (await list(`query=${encodeURIComponent(q)}`)).data.map((e) => e.id);
      expect(await ids('Zurich')).toEqual([zurich.data.id]);
      expect(await ids('ZÜRICH')).toEqual([zurich.data.id]);
      expect(await ids('Hauptstrasse')).toEqual([strasse.data.id]);
      expect(await ids('Hauptstraße')).toEqual([strasse.data.id]);
      expect(await ids('seitengaße')).toEqual([gasse.data.id]);
      const snippet = (await list('query=Hauptstrasse')).data[0]!.snippet!;
      expect(snippet.find((p) => p.match)?.text).toBe('Hauptstraße');
    });

    it('searches the other text fields, filters, excludes deleted entries, and follows edits', async () => {
      const event = await insertTestEntry(t.database.db, {
        type: 'event',
        state: 'published',
        title: 'Konzert',
        fields: { location: 'Turnhalle Wiesenthal' },
      });
      const deleted = await insertTestEntry(t.database.db, {
        state: 'deleted',
        title: 'Wiesenthal gestrichen',
      });
      const ids = async (q: string) => (await list(q)).data.map((e) => e.id);
      expect(await ids('query=wiesenthal')).toEqual([event.data.id]);
      expect(await ids('query=wiesenthal&filters=type:is:article')).toEqual([]);
      expect(await ids('query=wiesenthal&filters=state:is:deleted')).toEqual([deleted.data.id]);

      const response = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${event.data.id}`,
        payload: { data: { ...event.data, location: 'Aula Neubad' } },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await ids('query=wiesenthal')).toEqual([]);
      expect(await ids('query=neubad')).toEqual([event.data.id]);
    });

    it('does not match the words it files states and types under', async () => {
      await insertTestEntry(t.database.db, { state: 'draft', title: 'Facettenprobe' });
      for (const word of ['sdraft', 'sdeleted', 'facets', 't61727469636c65']) {
        expect((await list(`query=${word}`)).meta.pagination.total_entries).toBe(0);
      }
    });

    it('finds an entry an author saved', async () => {
      const author = await t.newClient();
      const id = await createEntryAsAuthor(author);
      const entry = (await author.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
      await author.request({
        method: 'PUT',
        url: `/api/v1/anon/${id}`,
        payload: { data: { ...entry.data, title: 'Flohmarkt', content: 'Tische für Schallplatten.' } },
      });
      expect((await list('query=schallplatten')).data.map((e) => e.id)).toEqual([id]);
    });
  });

  describe('one entry', () => {
    it('reads any entry, deleted ones too; 404 for an unknown id', async () => {
      const deleted = await insertTestEntry(t.database.db, { state: 'deleted', title: 'Weg' });
      const response = await t.request({ method: 'GET', url: `${BASE}/entry/${deleted.data.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json<Entry>().data).toMatchObject({
        id: deleted.data.id,
        state: 'deleted',
        title: 'Weg',
      });
      expect(response.json<Entry>().meta).toEqual({ version: expect.any(String), licence: 'CC BY-SA 4.0' });
      const unknown = await t.request({ method: 'GET', url: `${BASE}/entry/AAAAAAAAAAAAAAAAAAAAAA` });
      expect(unknown.statusCode).toBe(404);
      expect(codeOf(unknown)).toBe('NOT_FOUND');
    });

    const MODERATION_TARGETS: EntryState[] = ['published', 'rejected', 'proposed', 'draft'];
    const STATES: EntryState[] = ['draft', 'proposed', 'rejected', 'published'];
    const allowed = (from: EntryState, to: EntryState) => canTransition(lifecycleActorOf('admin'), from, to);

    it.each(
      STATES.flatMap((from) =>
        MODERATION_TARGETS.filter((to) => to !== from).map((to) => [from, to] as const),
      ),
    )('moves an entry from %s to %s with the event, in one save', async (from, to) => {
      expect(allowed(from, to)).toBe(true);
      const entry = await insertTestEntry(t.database.db, { state: from });
      const response = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${entry.data.id}`,
        payload: { data: { ...entry.data, title: 'Neu betitelt', state: to } },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Entry>().data).toMatchObject({
        state: to,
        title: 'Neu betitelt',
        revision: entry.data.revision + 1,
      });
      const timeline = await events(entry.data.id);
      expect(timeline.slice(-2)).toEqual([
        expect.objectContaining({ kind: 'saved', actor: 'admin', from_state: from, to_state: from }),
        expect.objectContaining({ kind: 'state_changed', actor: 'admin', from_state: from, to_state: to }),
      ]);
    });

    it.each(MODERATION_TARGETS)(
      'refuses deleted to %s with 409 INVALID_TRANSITION naming both states',
      async (to) => {
        const entry = await insertTestEntry(t.database.db, { state: 'deleted' });
        const response = await t.request({
          method: 'PUT',
          url: `${BASE}/entry/${entry.data.id}`,
          payload: { data: { ...entry.data, state: to } },
        });
        expect(response.statusCode).toBe(409);
        expect(codeOf(response)).toBe('INVALID_TRANSITION');
        expect(response.json<ErrorBody>().error.message).toContain(`from deleted to ${to}`);
      },
    );

    it('refuses state deleted in a PUT (DELETE does that) and unknown states', async () => {
      const entry = await insertTestEntry(t.database.db);
      const viaPut = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${entry.data.id}`,
        payload: { data: { ...entry.data, state: 'deleted' } },
      });
      expect(viaPut.statusCode).toBe(400);
      expect(fieldsOf(viaPut)).toEqual(['data/state']);
      const unknown = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${entry.data.id}`,
        payload: { data: { ...entry.data, state: 'archived' } },
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('answers a stale revision with 409 and the stored entry, and writes nothing', async () => {
      const entry = await insertTestEntry(t.database.db, { state: 'proposed', title: 'Erste Fassung' });
      const first = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${entry.data.id}`,
        payload: { data: { ...entry.data, title: 'Zweite Fassung' } },
      });
      expect(first.statusCode).toBe(200);
      const before = await events(entry.data.id);
      const stale = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${entry.data.id}`,
        payload: { data: { ...entry.data, title: 'Dritte Fassung', state: 'published' } },
      });
      expect(stale.statusCode).toBe(409);
      const body = stale.json<ErrorBody & Entry>();
      expect(body.error.code).toBe('CONFLICT');
      expect(body.data).toMatchObject({
        title: 'Zweite Fassung',
        state: 'proposed',
        revision: entry.data.revision + 1,
      });
      expect(body.meta.licence).toBe('CC BY-SA 4.0');
      expect(await events(entry.data.id)).toEqual(before);
    });

    it('an author and a moderator editing together: the later save gets 409', async () => {
      const author = await t.newClient();
      const id = await createEntryAsAuthor(author);
      const loaded = (await t.request({ method: 'GET', url: `${BASE}/entry/${id}` })).json<Entry>();
      const byAuthor = await author.request({
        method: 'PUT',
        url: `/api/v1/anon/${id}`,
        payload: { data: { ...loaded.data, title: 'Vom Autor' } },
      });
      expect(byAuthor.statusCode).toBe(200);
      const byModeration = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${id}`,
        payload: { data: { ...loaded.data, title: 'Von der Moderation' } },
      });
      expect(byModeration.statusCode).toBe(409);
      expect(byModeration.json<Entry>().data.title).toBe('Vom Autor');
    });

    it('checks the whole schema when publishing and writes no event when that fails', async () => {
      const entry = await insertTestEntry(t.database.db, { state: 'draft' });
      const before = await events(entry.data.id);
      const { lead: _lead, category: _category, ...incomplete } = entry.data as Record<string, unknown>;
      const response = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${entry.data.id}`,
        payload: { data: { ...incomplete, content: '', state: 'published' } },
      });
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
      expect(fieldsOf(response)).toEqual(['data/category', 'data/content', 'data/lead']);
      expect(await events(entry.data.id)).toEqual(before);
      const stored = (
        await t.request({ method: 'GET', url: `${BASE}/entry/${entry.data.id}` })
      ).json<Entry>();
      expect(stored.data).toMatchObject({ state: 'draft', revision: entry.data.revision });

      // The same incomplete fields save as a draft (and reject keeps draft-mode checks).
      const asDraft = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${entry.data.id}`,
        payload: { data: { ...incomplete, content: '', state: 'rejected' } },
      });
      expect(asDraft.statusCode, asDraft.body).toBe(200);
      // Types are checked in every mode.
      const wrongType = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${entry.data.id}`,
        payload: { data: { ...asDraft.json<Entry>().data, category: 'weather' } },
      });
      expect(wrongType.statusCode).toBe(400);
      expect(fieldsOf(wrongType)).toEqual(['data/category']);
    });

    it('publishes an entry whose author filled it in, as the journey does', async () => {
      const entry = await insertTestEntry(t.database.db, {
        type: 'event',
        state: 'proposed',
        fields: completeFields('event'),
      });
      const response = await t.request({
        method: 'PUT',
        url: `${BASE}/entry/${entry.data.id}`,
        payload: { meta: entry.meta, data: { ...entry.data, state: 'published' } },
      });
      expect(response.statusCode).toBe(200);
      const kinds = (await events(entry.data.id)).slice(-1).map((e) => [e.kind, e.from_state, e.to_state]);
      // Nothing but the state changed: no saved event.
      expect(kinds).toEqual([['state_changed', 'proposed', 'published']]);
    });

    it('deletes softly with an event; a second delete is 204 and changes nothing; unknown is 404', async () => {
      const entry = await insertTestEntry(t.database.db, { state: 'published' });
      const url = `${BASE}/entry/${entry.data.id}`;
      expect((await t.request({ method: 'DELETE', url })).statusCode).toBe(204);
      const timeline = await events(entry.data.id);
      expect(timeline.at(-1)).toMatchObject({
        kind: 'deleted',
        actor: 'admin',
        from_state: 'published',
        to_state: 'deleted',
      });
      expect((await t.request({ method: 'DELETE', url })).statusCode).toBe(204);
      expect(await events(entry.data.id)).toEqual(timeline);
      expect((await t.request({ method: 'GET', url })).json<Entry>().data.state).toBe('deleted');
      expect(
        (await t.request({ method: 'DELETE', url: `${BASE}/entry/AAAAAAAAAAAAAAAAAAAAAA` })).statusCode,
      ).toBe(404);
    });

    it('records which account made a change', async () => {
      const mod = await t.newClient();
      await mod.loginAs('mod', 'Zeuge1');
      const entry = await insertTestEntry(t.database.db, { state: 'proposed' });
      await mod.request({
        method: 'PUT',
        url: `${BASE}/entry/${entry.data.id}`,
        payload: { data: { ...entry.data, state: 'rejected' } },
      });
      const row = await t.database.db
        .selectFrom('entry_events')
        .innerJoin('users', 'users.id', 'entry_events.user_id')
        .select(['users.username', 'entry_events.actor', 'entry_events.kind'])
        .where('entry_id', '=', entry.data.id)
        .where('kind', '=', 'state_changed')
        .executeTakeFirst();
      expect(row).toEqual({ username: 'Zeuge1', actor: 'mod', kind: 'state_changed' });
    });
  });

  describe('comments', () => {
    it('adds moderation comments the author sees with their badge, beside the author’s', async () => {
      const author = await t.newClient();
      const id = await createEntryAsAuthor(author);
      await author.request({
        method: 'POST',
        url: `/api/v1/anon/${id}/comments`,
        payload: { title: 'Hallo', content: 'Bitte prüfen.' },
      });
      const added = await t.request({
        method: 'POST',
        url: `${BASE}/entry/${id}/comments`,
        payload: { title: 'Rückfrage', content: 'Quelle fehlt.' },
      });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({
        data: { title: 'Rückfrage', origin: 'moderation', id: expect.any(Number) },
      });

      const seenByModeration = (
        await t.request({ method: 'GET', url: `${BASE}/entry/${id}/comments` })
      ).json<{
        data: { origin: string; title: string }[];
      }>();
      const seenByAuthor = (
        await author.request({ method: 'GET', url: `/api/v1/anon/${id}/comments` })
      ).json();
      expect(seenByModeration).toEqual(seenByAuthor);
      expect(seenByModeration.data.map((c) => [c.title, c.origin])).toEqual([
        ['Hallo', 'contributor'],
        ['Rückfrage', 'moderation'],
      ]);
      expect((await events(id)).at(-1)).toMatchObject({ kind: 'comment_added', actor: 'admin' });

      const bad = await t.request({
        method: 'POST',
        url: `${BASE}/entry/${id}/comments`,
        payload: { title: '' },
      });
      expect(bad.statusCode).toBe(400);
      const schema = await t.request({ method: 'GET', url: `${BASE}/entry/${id}/comments/schema.json` });
      expect(schema.json()).toMatchObject({ required: ['title', 'content'] });
    });

    it('shows a deleted entry’s comments and timeline; 404 for unknown entries', async () => {
      const entry = await insertTestEntry(t.database.db, { state: 'deleted' });
      expect(
        (await t.request({ method: 'GET', url: `${BASE}/entry/${entry.data.id}/comments` })).statusCode,
      ).toBe(200);
      expect((await events(entry.data.id)).at(-1)).toMatchObject({ kind: 'deleted' });
      const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
      expect((await t.request({ method: 'GET', url: `${BASE}/entry/${unknown}/comments` })).statusCode).toBe(
        404,
      );
      expect((await t.request({ method: 'GET', url: `${BASE}/entry/${unknown}/events` })).statusCode).toBe(
        404,
      );
      const post = await t.request({
        method: 'POST',
        url: `${BASE}/entry/${unknown}/comments`,
        payload: { title: 'a', content: 'b' },
      });
      expect(post.statusCode).toBe(404);
    });
  });

  describe('bad input never answers 500', () => {
    it.each([
      ['PUT', '/entry/x', { data: {} }, 400],
      ['PUT', '/entry/x', 'not json', 400],
      ['PUT', '/entry/x', { data: { revision: 'one' } }, 400],
      ['PUT', '/entry/x', { data: { revision: -1 } }, 400],
      ['PUT', `/entry/${'y'.repeat(300)}`, { data: { revision: 1 } }, 400],
      ['PUT', '/entry/x', [1, 2], 400],
      ['PUT', '/entry/x', { data: { revision: 1 } }, 404],
      ['POST', '/entry/x/comments', { title: 'a'.repeat(5000), content: 'b' }, 400],
      ['GET', '/entries?filters=state:is:deleted&filters=type:is:event', undefined, 400],
      // An unknown parameter is ignored; a query of no words finds nothing.
      ['GET', '/entries?current_page[]=1', undefined, 200],
      ['GET', '/entries?query=%F0%9F%98%80%F0%9F%98%80', undefined, 200],
    ] as const)('%s %s', async (method, path, payload, status) => {
      const response = await t.request({
        method,
        url: `${BASE}${path}`,
        ...(payload === undefined
          ? {}
          : { payload: payload as never, headers: { 'content-type': 'application/json' } }),
      });
      expect(response.statusCode, response.body).toBe(status);
    });
  });
});

describe.each(databases)('the counters behind the list totals on $name', (target) => {
  it('agree with the entries after creations, state changes, deletes and purges', async () => {
    const t = await createTestApp(target);
    try {
      const db = t.database.db;
      for (const state of ['draft', 'proposed', 'published', 'deleted', 'rejected'] as const) {
        await insertTestEntry(db, { state });
        await insertTestEntry(db, { type: 'event', state });
      }
      await purgeDeletedEntries(db, Date.now() + 1);
      const actual = await db
        .selectFrom('entries')
        .select(['type', 'state', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy(['type', 'state'])
        .execute();
      const counted = await db.selectFrom('entry_counts').selectAll().where('count', '<>', 0).execute();
      const norm = (rows: { type: string; state: string; count: number | string | bigint }[]) =>
        rows.map((r) => `${r.type}/${r.state}=${Number(r.count)}`).sort();
      expect(norm(counted)).toEqual(norm(actual));
      expect(norm(actual)).toHaveLength(8);
    } finally {
      await t.close();
    }
  });
});
