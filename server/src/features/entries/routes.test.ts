import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, ErrorBody } from '@einwurf/contract';
import { createMemoryRateLimiter } from '../../plugins/rate-limit.ts';
import { SESSION_COOKIE } from '../../plugins/sessions.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { AUTHOR_PASSWORD, createEntryAsAuthor } from '../../test/pow.ts';
import { LOGIN_LIMITS } from '../auth/sessions.ts';
import { changeEntryState } from './service.ts';

const MOD = { actor: 'mod', userId: null } as const;
const fieldsOf = (response: LightMyRequestResponse) =>
  response
    .json<ErrorBody>()
    .error.fields?.map((f) => f.field)
    .sort();

// SQLite on worker threads too, as the server runs it.
const databases = testDatabases({ sqliteWorkers: true });

describe.each(databases)("the author's journey on $name", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {}, { limiter: createMemoryRateLimiter() });
  });
  afterAll(() => t.close());

  it("words a 400 for bad fields in the request's language: labels, choice texts, plain sentences", async () => {
    const id = await createEntryAsAuthor(t);
    const { data } = (await t.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
    const bad = { ...data, title: 'Velo', topics: ['sport'], author_email: 'nope' };
    const save = (language?: string) =>
      t.request({
        method: 'PUT',
        url: `/api/v1/anon/${id}`,
        payload: { data: bad },
        ...(language ? { headers: { 'accept-language': language } } : {}),
      });

    const en = await save('en-GB,en;q=0.9');
    expect(en.statusCode).toBe(400);
    const english = en.json<ErrorBody>().error;
    expect(english.code).toBe('VALIDATION_FAILED');
    expect(english.message).toBe('Please check these fields: “Topics”, “E-mail for questions”.');
    expect(english.fields).toEqual([
      {
        field: 'data/topics/0',
        keyword: 'enum',
        message: 'Topics: Please choose Climate, Education, Health, Housing, Mobility or Youth.',
        params: { allowedValues: ['climate', 'education', 'health', 'housing', 'mobility', 'youth'] },
      },
      {
        field: 'data/author_email',
        keyword: 'format',
        message: 'E-mail for questions: Please enter an e-mail address, for example name@example.org.',
        params: { format: 'email' },
      },
    ]);

    const de = (await save('de-DE,de;q=0.9,en;q=0.5')).json<ErrorBody>().error;
    expect(de.message).toBe('Bitte prüfe diese Felder: „Themen“, „E-Mail für Rückfragen“.');
    expect(de.fields?.map((f) => f.message)).toEqual([
      'Themen: Bitte wähle Klima, Bildung, Gesundheit, Wohnen, Mobilität oder Jugend.',
      'E-Mail für Rückfragen: Bitte gib eine E-Mail-Adresse ein, zum Beispiel name@example.org.',
    ]);
    expect(de.fields?.map(({ field, keyword, params }) => ({ field, keyword, params }))).toEqual(
      english.fields?.map(({ field, keyword, params }) => ({ field, keyword, params })),
    );
    // Without Accept-Language the answer speaks German, the default.
    expect((await save()).json<ErrorBody>().error.message).toBe(de.message);
  });

  it('creates, saves, proposes, comments, logs in again and deletes an entry', async () => {
    const id = await createEntryAsAuthor(t);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect((await t.request({ method: 'GET', url: '/api/v1/auth' })).json()).toMatchObject({ role: 'anon' });

    const created = await t.request({ method: 'GET', url: `/api/v1/anon/${id}` });
    expect(created.statusCode).toBe(200);
    const entry = created.json<Entry>();
    expect(entry.meta).toEqual({
      version: expect.any(String),
      licence: 'CC BY-SA 4.0',
      unread_moderation_comments: 0,
    });
    expect(entry.data).toMatchObject({
      id,
      type: 'article',
      state: 'draft',
      title: '',
      content: '',
      revision: 1,
    });
    expect(new Date(entry.data.created_at).toISOString()).toBe(entry.data.created_at);

    // A draft with required fields missing saves.
    const draft = await t.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: { ...entry, data: { ...entry.data, title: 'Neue Velowege', content: '' } },
    });
    expect(draft.statusCode).toBe(200);
    const drafted = draft.json<Entry>();
    expect(drafted.data).toMatchObject({ title: 'Neue Velowege', state: 'draft', revision: 2 });

    const incomplete = await t.request({ method: 'POST', url: `/api/v1/anon/${id}/publish` });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(fieldsOf(incomplete)).toEqual(['data/category', 'data/content', 'data/lead']);

    const filled = await t.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: {
        data: {
          ...drafted.data,
          content: '# Velowege\n\nMehr Platz fürs Velo.',
          lead: 'Die Stadt baut aus.',
          category: 'local',
          tags: ['velo'],
        },
      },
    });
    expect(filled.statusCode).toBe(200);
    expect(filled.json<Entry>().data).toMatchObject({ revision: 3, category: 'local', tags: ['velo'] });

    const proposed = await t.request({ method: 'POST', url: `/api/v1/anon/${id}/publish` });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json<Entry>().data.state).toBe('proposed');
    // Proposing again keeps it proposed.
    const again = await t.request({ method: 'POST', url: `/api/v1/anon/${id}/publish` });
    expect(again.statusCode).toBe(200);
    expect(again.json<Entry>().data.state).toBe('proposed');

    const edited = await t.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: { data: { ...proposed.json<Entry>().data, lead: 'Die Stadt baut weiter aus.' } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Entry>().data).toMatchObject({ state: 'proposed', revision: 4 });

    const comment = await t.request({
      method: 'POST',
      url: `/api/v1/anon/${id}/comments`,
      payload: { title: 'Frage', content: 'Reicht das so?' },
    });
    expect(comment.statusCode).toBe(201);
    expect(comment.json()).toEqual({
      data: {
        id: expect.any(Number),
        title: 'Frage',
        content: 'Reicht das so?',
        origin: 'contributor',
        created_at: expect.any(String),
      },
    });
    const comments = await t.request({ method: 'GET', url: `/api/v1/anon/${id}/comments` });
    expect(comments.json()).toEqual({
      meta: { pagination: expect.objectContaining({ current_page: 1, page_size: 100, total_entries: 1 }) },
      data: [comment.json<{ data: unknown }>().data],
    });

    const events = await t.request({ method: 'GET', url: `/api/v1/anon/${id}/events` });
    expect(events.statusCode).toBe(200);
    const timeline = events.json<{ data: { kind: string; actor: string; to_state: string | null }[] }>().data;
    expect(timeline.map((e) => `${e.kind}:${e.to_state ?? '-'}`)).toEqual([
      'created:draft',
      'saved:draft',
      'saved:draft',
      'proposed:proposed',
      'saved:proposed',
      'comment_added:-',
    ]);
    expect(new Set(timeline.map((e) => e.actor))).toEqual(new Set(['author']));

    expect((await t.request({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/v1/anon/${id}` })).statusCode).toBe(401);

    const login = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { cpt: 'article', article_id: id, password },
      });
    const wrong = await login('not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'invalid credentials' } });
    // The right password for the wrong type is just as wrong.
    const otherType = await t.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { cpt: 'event', article_id: id, password: AUTHOR_PASSWORD },
    });
    expect(otherType.json()).toEqual(wrong.json());

    const before = Math.floor(Date.now() / 1000);
    const right = await login(AUTHOR_PASSWORD);
    expect(right.statusCode).toBe(200);
    const state = right.json<{ role: string; ttl: number }>();
    expect(state.role).toBe('anon');
    expect(state.ttl).toBeGreaterThanOrEqual(before + 14_400);
    expect(state.ttl).toBeLessThanOrEqual(before + 14_401);
    expect((await t.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>().data.revision).toBe(
      4,
    );

    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/anon/${id}` });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const gone = await t.request({ method: 'GET', url: `/api/v1/anon/${id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await login(AUTHOR_PASSWORD)).statusCode).toBe(401);

    const row = await t.database.db
      .selectFrom('entries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('deleted');
    expect(row.deleted_at).toBeGreaterThan(0);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('never lets the author change id, type, state or creation time through a save', async () => {
    const client = await t.newClient();
    const id = await createEntryAsAuthor(client, 'event');
    const { data } = (await client.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
    const response = await client.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: {
        meta: { licence: 'none' },
        data: {
          ...data,
          id: 'someone-elses-entry-id-000',
          type: 'article',
          state: 'published',
          created_at: '2000-01-01T00:00:00.000Z',
          location: 'Zürich',
          not_a_field: 'dropped',
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<Entry>();
    expect(saved.meta.licence).toBe('CC BY-SA 4.0');
    expect(saved.data).toMatchObject({ id, type: 'event', state: 'draft', created_at: data.created_at });
    expect(saved.data['location']).toBe('Zürich');
    expect(saved.data).not.toHaveProperty('not_a_field');
  });

  it('refuses a save from an older revision with 409 and the stored entry', async () => {
    const client = await t.newClient();
    const id = await createEntryAsAuthor(client);
    const { data } = (await client.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
    const first = await client.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: { data: { ...data, title: 'Erste Fassung' } },
    });
    expect(first.statusCode).toBe(200);
    const stale = await client.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: { data: { ...data, title: 'Zweite Fassung aus altem Tab' } },
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<ErrorBody & Entry>();
    expect(body.error.code).toBe('CONFLICT');
    expect(body.data).toEqual(first.json<Entry>().data);
    expect(body.meta.licence).toBe('CC BY-SA 4.0');
    const stored = (await client.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
    expect(stored.data).toMatchObject({ title: 'Erste Fassung', revision: 2 });
  });

  it('names every failing field of a draft save and keeps the entry as it was', async () => {
    const client = await t.newClient();
    const id = await createEntryAsAuthor(client);
    const { data } = (await client.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
    const response = await client.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: {
        data: {
          ...data,
          title: 'x'.repeat(201),
          category: 'weather',
          author_email: 'not an email',
          word_count: 'many',
          tags: 'velo',
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(fieldsOf(response)).toEqual([
      'data/author_email',
      'data/category',
      'data/tags',
      'data/title',
      'data/word_count',
    ]);
    const stored = (await client.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
    expect(stored.data.revision).toBe(1);
  });

  it('keeps a published entry read-only for its author', async () => {
    const client = await t.newClient();
    const id = await createEntryAsAuthor(client);
    await changeEntryState(t.database.db, id, 'published', MOD);
    const { data } = (await client.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
    expect(data.state).toBe('published');
    const put = await client.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: { data: { ...data, title: 'Nachträglich' } },
    });
    const publish = await client.request({ method: 'POST', url: `/api/v1/anon/${id}/publish` });
    const del = await client.request({ method: 'DELETE', url: `/api/v1/anon/${id}` });
    for (const response of [put, publish, del]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'ENTRY_READ_ONLY' } });
    }
    expect((await client.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>().data).toEqual(
      data,
    );
  });

  it('lets a rejected entry be edited (staying rejected) and proposed again', async () => {
    const client = await t.newClient();
    const id = await createEntryAsAuthor(client, 'event');
    const { data } = (await client.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
    const complete = {
      ...data,
      title: 'Konzert',
      content: 'Im Park.',
      starts_at: '2026-12-01T19:00:00Z',
      location: 'Park',
    };
    await client.request({ method: 'PUT', url: `/api/v1/anon/${id}`, payload: { data: complete } });
    await client.request({ method: 'POST', url: `/api/v1/anon/${id}/publish` });
    await changeEntryState(t.database.db, id, 'rejected', MOD);
    const saved = await client.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: { data: { ...complete, revision: 2, location: 'Stadtpark' } },
    });
    expect(saved.json<Entry>().data).toMatchObject({ state: 'rejected', location: 'Stadtpark' });
    const proposed = await client.request({ method: 'POST', url: `/api/v1/anon/${id}/publish` });
    expect(proposed.json<Entry>().data.state).toBe('proposed');
    const timeline = (await client.request({ method: 'GET', url: `/api/v1/anon/${id}/events` })).json<{
      data: { kind: string; actor: string; from_state: string | null; to_state: string | null }[];
    }>().data;
    expect(timeline.filter((e) => e.kind === 'state_changed')).toEqual([
      expect.objectContaining({ actor: 'mod', from_state: 'proposed', to_state: 'rejected' }),
    ]);
    expect(timeline.at(-1)).toMatchObject({ kind: 'proposed', from_state: 'rejected', to_state: 'proposed' });
  });

  it('pages comments and the timeline, oldest first, and names a bad page parameter', async () => {
    const client = await t.newClient();
    const id = await createEntryAsAuthor(client);
    for (const title of ['eins', 'zwei', 'drei']) {
      const posted = await client.request({
        method: 'POST',
        url: `/api/v1/anon/${id}/comments`,
        payload: { title, content: 'Text' },
      });
      expect(posted.statusCode).toBe(201);
    }
    const second = await client.request({
      method: 'GET',
      url: `/api/v1/anon/${id}/comments?current_page=2&page_size=2`,
    });
    expect(second.json()).toMatchObject({
      meta: { pagination: { current_page: 2, page_size: 2, total_entries: 3, next_page: null } },
      data: [{ title: 'drei' }],
    });
    const events = await client.request({ method: 'GET', url: `/api/v1/anon/${id}/events?page_size=1` });
    expect(events.json<{ data: unknown[]; meta: { pagination: { total_entries: number } } }>()).toMatchObject(
      {
        data: [{ kind: 'created' }],
        meta: { pagination: { total_entries: 4, next_page: 2 } },
      },
    );
    for (const query of ['page_size=101', 'current_page=0', 'page_size=abc']) {
      const bad = await client.request({ method: 'GET', url: `/api/v1/anon/${id}/comments?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(fieldsOf(bad)).toEqual([query.split('=')[0]]);
    }
  });

  it('serves the comment form schemas and validates comments by them', async () => {
    const client = await t.newClient();
    const id = await createEntryAsAuthor(client);
    const schema = await client.request({ method: 'GET', url: `/api/v1/anon/${id}/comments/schema.json` });
    expect(schema.statusCode).toBe(200);
    expect(schema.json()).toMatchObject({
      type: 'object',
      required: ['title', 'content'],
      properties: { title: { maxLength: 200 }, content: { maxLength: 10_000 } },
    });
    const ui = await client.request({ method: 'GET', url: `/api/v1/anon/${id}/comments/uischema.json` });
    expect(ui.json<{ scope: string }[]>().map((e) => e.scope)).toEqual(['title', 'content']);

    const post = (payload: unknown) =>
      client.request({ method: 'POST', url: `/api/v1/anon/${id}/comments`, payload: payload as object });
    const empty = await post({ title: '', content: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(['title']);
    const long = await post({ title: 'ok', content: 'x'.repeat(10_001) });
    expect(fieldsOf(long)).toEqual(['content']);
    const missing = await post({ title: 'ok' });
    expect(fieldsOf(missing)).toEqual(['content']);
    expect(
      (await client.request({ method: 'GET', url: `/api/v1/anon/${id}/comments` })).json(),
    ).toMatchObject({
      data: [],
    });
  });
});

describe.each(databases)('entry access on $name', (target) => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  beforeAll(async () => {
    t = await createTestApp(target);
    alice = await t.newClient();
    bob = await t.newClient();
    aliceId = await createEntryAsAuthor(alice);
    await createEntryAsAuthor(bob);
  });
  afterAll(() => t.close());

  const attempts = (id: string) =>
    [
      { method: 'GET', url: `/api/v1/anon/${id}` },
      { method: 'PUT', url: `/api/v1/anon/${id}`, payload: { data: { revision: 1, title: 'Übernommen' } } },
      { method: 'POST', url: `/api/v1/anon/${id}/publish` },
      { method: 'GET', url: `/api/v1/anon/${id}/comments` },
      { method: 'POST', url: `/api/v1/anon/${id}/comments`, payload: { title: 'x', content: 'y' } },
      { method: 'GET', url: `/api/v1/anon/${id}/comments/schema.json` },
      { method: 'GET', url: `/api/v1/anon/${id}/events` },
      { method: 'DELETE', url: `/api/v1/anon/${id}` },
      // A body of the wrong shape is refused as not found too: the guard runs before validation.
      { method: 'PUT', url: `/api/v1/anon/${id}`, payload: { nonsense: true } },
    ] as const;

  it("answers 404 to another author for everything on someone else's entry, as for no entry", async () => {
    for (const attempt of attempts(aliceId)) {
      const response = await bob.request({ ...attempt });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      const missing = await bob.request({ ...attempt, url: attempt.url.replace(aliceId, 'A'.repeat(22)) });
      expect(missing.statusCode).toBe(404);
      expect(response.json()).toEqual(missing.json());
    }
    const entry = (await alice.request({ method: 'GET', url: `/api/v1/anon/${aliceId}` })).json<Entry>();
    expect(entry.data).toMatchObject({ title: '', state: 'draft', revision: 1 });
    expect(
      (await alice.request({ method: 'GET', url: `/api/v1/anon/${aliceId}/comments` })).json(),
    ).toMatchObject({
      data: [],
    });
  });

  it('answers 404 to moderation and 401 without a session', async () => {
    const moderator = await t.newClient();
    await moderator.loginAs('mod');
    const nobody = await t.newClient();
    for (const attempt of attempts(aliceId)) {
      expect((await moderator.request({ ...attempt })).statusCode).toBe(404);
      const anonymous = await nobody.request({ ...attempt });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('never answers 500 to bodies of the wrong shape', async () => {
    const { data } = (await alice.request({ method: 'GET', url: `/api/v1/anon/${aliceId}` })).json<Entry>();
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      {},
      { data: null },
      { data: [] },
      { data: 'x' },
      { data: { ...data, revision: 'one' } },
      { data: { ...data, revision: -1 } },
      { data: { ...data, revision: 1.5 } },
      { data: { ...data, revision: Number.MAX_SAFE_INTEGER + 10 } },
      { data: { ...data, title: 42 } },
      { data: { ...data, title: null } },
      { data: { ...data, content: { nested: true } } },
      { data: { ...data, content: 'x'.repeat(200_001) } },
      { data: { ...data, tags: [1, 2] } },
      { data: { ...data, topics: ['climate', 'climate'] } },
      { data: { ...data, reviewed: 'yes' } },
    ];
    for (const payload of bodies) {
      const response = await alice.request({
        method: 'PUT',
        url: `/api/v1/anon/${aliceId}`,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    const huge = await alice.request({
      method: 'PUT',
      url: `/api/v1/anon/${aliceId}`,
      payload: { data: { ...data, content: 'x'.repeat(2_000_000) } },
    });
    expect(huge.statusCode).toBe(413);
    const broken = await alice.request({
      method: 'PUT',
      url: `/api/v1/anon/${aliceId}`,
      payload: '{"data": {',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    for (const payload of [
      { title: 5, content: 'x' },
      { title: 'x', content: ['y'] },
      { title: 'x', content: 'y', z: 1 },
    ]) {
      const response = await alice.request({
        method: 'POST',
        url: `/api/v1/anon/${aliceId}/comments`,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    const stored = (await alice.request({ method: 'GET', url: `/api/v1/anon/${aliceId}` })).json<Entry>();
    expect(stored.data.revision).toBe(1);
  });
});

describe.each(databases)('author login limits on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { trustProxy: true }, { limiter: createMemoryRateLimiter() });
  });
  afterAll(() => t.close());

  it('stops guessing an entry password with 429 and Retry-After, even from many clients', async () => {
    const author = await t.newClient();
    const id = await createEntryAsAuthor(author);
    const guesser = await t.newClient();
    const guess = (password: string, ip: string) =>
      guesser.request({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { cpt: 'article', article_id: id, password },
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < LOGIN_LIMITS.failuresPerName; i++) {
      expect((await guess(`guess number ${i}`, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const limited = await guess(AUTHOR_PASSWORD, '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(guesser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('answers 400, never 500, to author logins of the wrong shape', async () => {
    const client = await t.newClient();
    const bodies = [
      { cpt: 1, article_id: 'abc', password: 'whatever1' },
      { cpt: 'article', article_id: ['abc'], password: 'whatever1' },
      { cpt: 'article', article_id: 'x'.repeat(65), password: 'whatever1' },
      { cpt: 'article', article_id: 'abc', password: 'x'.repeat(1025) },
      { cpt: 'article', article_id: 'abc' },
    ];
    for (const payload of bodies) {
      const response = await client.request({ method: 'POST', url: '/api/v1/auth', payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
  });

  it('limits one client guessing across many entries', async () => {
    const guesser = await t.newClient();
    const guess = (i: number) =>
      guesser.request({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { cpt: 'article', article_id: `unknown-entry-${i}`, password: 'whatever1' },
        headers: { 'x-forwarded-for': '192.0.2.99' },
      });
    for (let i = 0; i < LOGIN_LIMITS.failuresPerClient; i++) expect((await guess(i)).statusCode).toBe(401);
    const limited = await guess(999);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });
});
