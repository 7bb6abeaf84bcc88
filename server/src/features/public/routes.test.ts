import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENTRY_STATES, type Entry, type PublicEntry, type PublicEntryList } from '@einwurf/contract';
import { createQuietTestApp, createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases, untilNothingWritten } from '../../test/db.ts';
import {
  clearEntries,
  insertTestEntry,
  retitleElsewhere,
  shippedContentTypes,
  TEST_MODERATOR,
} from '../../test/entries.ts';
import { runHousekeeping } from '../../plugins/housekeeping.ts';
import { PUBLIC_ANSWER_MS } from '../../plugins/public-reads.ts';
import { deleteEntryAsModeration, moderateEntry } from '../entries/moderation-service.ts';
import { createDatabaseSpentTokenStore } from '../pow/spent-tokens.ts';

const ORIGIN = 'http://einwurf.example';
const FILE = '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/turm.png';
const PLAN = '/api/v1/files/BBBBBBBBBBBBBBBBBBBBBB/plan.pdf';

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each(testDatabases())('public reading on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    // Its housekeeping and outbox wait, so that they end no answer a test keeps in memory.
    t = await createQuietTestApp(target);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await clearEntries(t.database.db);
  });

  /** A reader: no cookies, no CSRF token, the host readers reach the server under. */
  const read = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'einwurf.example', ...headers } });
  const list = async (query = '') => {
    const response = await read(`/api/v1/public/entries${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PublicEntryList>();
  };
  const ids = (body: PublicEntryList) => body.data.map((entry) => entry.id);

  /** Moves an entry to another state through moderation's save, as the moderation screen does. */
  async function moveTo(entry: Entry, state: 'draft' | 'published' | 'rejected'): Promise<Entry> {
    const contentTypes = await shippedContentTypes();
    return moderateEntry(
      t.database.db,
      contentTypes,
      entry.data.id,
      { data: { ...entry.data, state } },
      TEST_MODERATOR,
    );
  }

  it('shows published entries only, in the list and one by one', async () => {
    const byState = new Map<string, string>();
    for (const state of ENTRY_STATES) {
      byState.set(
        state,
        (await insertTestEntry(t.database.db, { state, title: `Im Zustand ${state}` })).data.id,
      );
    }
    const published = byState.get('published');
    expect(ids(await list())).toEqual([published]);
    for (const [state, id] of byState) {
      const response = await read(`/api/v1/public/entries/${id}`);
      if (state === 'published') {
        expect(response.statusCode).toBe(200);
        expect(response.json<{ data: PublicEntry }>().data).toMatchObject({
          id,
          title: 'Im Zustand published',
        });
      } else {
        expect(response.statusCode, state).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      }
    }
    expect((await read('/api/v1/public/entries/doesnotexistatallxyz12')).statusCode).toBe(404);
  });

  it('a moderator session shows no more than a reader sees', async () => {
    const draft = await insertTestEntry(t.database.db, { state: 'draft' });
    await t.loginAs('admin');
    const response = await t.request({ method: 'GET', url: `/api/v1/public/entries/${draft.data.id}` });
    expect(response.statusCode).toBe(404);
    const listed = await t.request({ method: 'GET', url: '/api/v1/public/entries' });
    expect(listed.json<PublicEntryList>().data).toEqual([]);
  });

  it('answers the fields of the type without private fields, state, revision or password', async () => {
    const entry = await insertTestEntry(t.database.db, {
      state: 'published',
      title: 'Der Wasserturm',
      content: `# Neues Dach\n\n![Turm](${FILE})\n\n<script>alert(1)</script><a href="javascript:alert(1)">x</a>`,
      fields: {
        lead: 'Kurz gesagt.',
        image: FILE,
        attachments: [FILE, PLAN],
        author_email: 'geheim@example.org',
        tags: ['turm'],
      },
    });
    const response = await read(`/api/v1/public/entries/${entry.data.id}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: PublicEntry }>();
    expect(data).toEqual({
      id: entry.data.id,
      type: 'article',
      title: 'Der Wasserturm',
      published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: entry.data.updated_at,
      lead: 'Kurz gesagt.',
      category: 'local',
      image: `${ORIGIN}${FILE}`,
      attachments: [`${ORIGIN}${FILE}`, `${ORIGIN}${PLAN}`],
      tags: ['turm'],
      content: entry.data.content,
      content_html: expect.stringContaining('<h1>Neues Dach</h1>'),
    });
    expect(data.content_html).toContain(`src="${ORIGIN}${FILE}"`);
    expect(data.content_html).not.toMatch(/<script|javascript:/);
    const listed = await list();
    expect(listed.data).toEqual([data]);
    for (const body of [response.body, JSON.stringify(listed)]) {
      expect(body).not.toContain('geheim@example.org');
      expect(body).not.toContain('author_email');
      expect(body).not.toContain('password');
      expect(body).not.toContain('not a hash');
      expect(body).not.toContain('revision');
      expect(body).not.toContain('"state"');
    }
  });

  it('sets published_at on publication, keeps it through saves while published, and renews it on a new publication', async () => {
    const draft = await insertTestEntry(t.database.db, { state: 'draft' });
    await pause();
    const published = await moveTo(draft, 'published');
    const first = (await read(`/api/v1/public/entries/${draft.data.id}`)).json<{ data: PublicEntry }>().data;
    expect(first.published_at).toBe(published.data.updated_at);
    await pause();
    const saved = await moderateEntry(
      t.database.db,
      await shippedContentTypes(),
      draft.data.id,
      { data: { ...published.data, title: 'Neuer Titel' } },
      TEST_MODERATOR,
    );
    const afterSave = (await read(`/api/v1/public/entries/${draft.data.id}`)).json<{ data: PublicEntry }>()
      .data;
    expect(afterSave).toMatchObject({ title: 'Neuer Titel', published_at: first.published_at });
    expect(afterSave.updated_at).toBe(saved.data.updated_at);
    await pause();
    const unpublished = await moveTo(saved, 'draft');
    const row = await t.database.db
      .selectFrom('entries')
      .select('published_at')
      .where('id', '=', draft.data.id)
      .executeTakeFirstOrThrow();
    expect(row.published_at).toBeNull();
    await pause();
    const again = await moveTo(unpublished, 'published');
    const renewed = (await read(`/api/v1/public/entries/${draft.data.id}`)).json<{ data: PublicEntry }>()
      .data;
    expect(renewed.published_at).toBe(again.data.updated_at);
    expect(renewed.published_at > first.published_at).toBe(true);
  });

  it('keeps the HTML rendered at publication, renews it with every save, drops it when unpublished, and never serves a stale one', async () => {
    const storedHtml = (id: string) =>
      t.database.db
        .selectFrom('public_html')
        .select(['revision', 'html'])
        .where('entry_id', '=', id)
        .executeTakeFirst();
    const draft = await insertTestEntry(t.database.db, {
      state: 'draft',
      content: `Erste Fassung ![Turm](${FILE}) [Plan](${PLAN})`,
    });
    expect(await storedHtml(draft.data.id)).toBeUndefined();
    const published = await moveTo(draft, 'published');
    expect(await storedHtml(draft.data.id)).toMatchObject({ revision: published.data.revision });
    const body = async () =>
      (await read(`/api/v1/public/entries/${draft.data.id}`)).json<{ data: PublicEntry }>().data.content_html;
    expect(await body()).toBe(
      `<p>Erste Fassung <img src="${ORIGIN}${FILE}" alt="Turm"> <a href="${ORIGIN}${PLAN}">Plan</a></p>`,
    );
    const saved = await moderateEntry(
      t.database.db,
      await shippedContentTypes(),
      draft.data.id,
      { data: { ...published.data, content: 'Zweite Fassung' } },
      TEST_MODERATOR,
    );
    expect(await storedHtml(draft.data.id)).toMatchObject({ revision: saved.data.revision });
    expect(await body()).toBe('<p>Zweite Fassung</p>');
    // HTML kept for another revision than the entry's is not served: the text is rendered anew.
    await t.database.db
      .updateTable('public_html')
      .set({ revision: saved.data.revision - 1, html: '<p>Veraltet</p>' })
      .where('entry_id', '=', draft.data.id)
      .execute();
    expect(await body()).toBe('<p>Zweite Fassung</p>');
    expect((await list()).data[0]?.content_html).toBe('<p>Zweite Fassung</p>');
    await moveTo(saved, 'rejected');
    expect(await storedHtml(draft.data.id)).toBeUndefined();
  });

  it('lists newest publication first and pages like the moderation list', async () => {
    const drafts = [];
    for (const title of ['Erster', 'Zweiter', 'Dritter']) {
      drafts.push(await insertTestEntry(t.database.db, { state: 'draft', title }));
    }
    // Published in another order than created: the list follows publication.
    for (const index of [1, 0, 2]) {
      await pause();
      await moveTo(drafts[index]!, 'published');
    }
    const all = await list();
    expect(all.data.map((e) => e.title)).toEqual(['Dritter', 'Erster', 'Zweiter']);
    expect(all.meta).toEqual({
      pagination: {
        current_page: 1,
        page_size: 20,
        total_entries: 3,
        first_page: 1,
        last_page: 1,
        previous_page: null,
        next_page: null,
      },
    });
    const first = await list('?page_size=2');
    expect(first.data.map((e) => e.title)).toEqual(['Dritter', 'Erster']);
    expect(first.meta.pagination).toMatchObject({ total_entries: 3, last_page: 2, next_page: 2 });
    const second = await list('?page_size=2&current_page=2');
    expect(second.data.map((e) => e.title)).toEqual(['Zweiter']);
    expect(second.meta.pagination).toMatchObject({ previous_page: 1, next_page: null });
    expect((await list('?page_size=2&current_page=3')).data).toEqual([]);
  });

  it('filters by type', async () => {
    const article = await insertTestEntry(t.database.db, { state: 'published' });
    const event = await insertTestEntry(t.database.db, { state: 'published', type: 'event' });
    expect(ids(await list('?type=event'))).toEqual([event.data.id]);
    expect(ids(await list('?type=article'))).toEqual([article.data.id]);
    expect((await list('?type=event')).meta.pagination.total_entries).toBe(1);
  });

  it('with updated_since, lists entries updated since then and the ids of entries unpublished since', async () => {
    const unpublishedLater = await insertTestEntry(t.database.db, {
      state: 'published',
      title: 'Zurückgezogen',
    });
    const deletedLater = await insertTestEntry(t.database.db, { state: 'published', title: 'Gelöscht' });
    const unchanged = await insertTestEntry(t.database.db, { state: 'published', title: 'Unverändert' });
    const neverPublished = await insertTestEntry(t.database.db, { state: 'proposed' });
    await pause();
    const since = new Date().toISOString();
    await pause();
    await moveTo(unpublishedLater, 'draft');
    await deleteEntryAsModeration(t.database.db, deletedLater.data.id, TEST_MODERATOR);
    await moveTo(neverPublished, 'rejected');
    const fresh = await insertTestEntry(t.database.db, { state: 'published', title: 'Neu' });

    const mirror = await list(`?updated_since=${encodeURIComponent(since)}`);
    expect(ids(mirror)).toEqual([fresh.data.id]);
    expect(mirror.meta.removed).toEqual([unpublishedLater.data.id, deletedLater.data.id].sort());
    expect(mirror.meta.pagination.total_entries).toBe(1);
    expect(ids(await list())).toEqual([fresh.data.id, unchanged.data.id]);
    expect((await list()).meta.removed).toBeUndefined();
    expect((await list(`?updated_since=${encodeURIComponent(since)}&type=event`)).meta.removed).toEqual([]);
  });

  it('with updated_since, still names entries that were purged since they left publication, for a retention period', async () => {
    const article = await insertTestEntry(t.database.db, { state: 'published' });
    const event = await insertTestEntry(t.database.db, { state: 'published', type: 'event' });
    const neverPublished = await insertTestEntry(t.database.db, { state: 'proposed' });
    await pause();
    const since = new Date().toISOString();
    await pause();
    for (const entry of [article, event, neverPublished]) {
      await deleteEntryAsModeration(t.database.db, entry.data.id, TEST_MODERATOR);
    }
    await pause();
    const afterDeletion = new Date().toISOString();
    const removed = async (query: string) =>
      (await list(`?updated_since=${encodeURIComponent(since)}${query}`)).meta.removed;
    const both = [article.data.id, event.data.id].sort();
    expect(await removed('')).toEqual(both);

    // The purge deletes the rows and their events; the public list still knows them.
    const retentionDays = 30;
    const spentTokens = createDatabaseSpentTokenStore(t.database.db);
    const day = 24 * 60 * 60_000;
    const purgeDay = Date.now() + (retentionDays + 1) * day;
    await runHousekeeping({ db: t.database.db, spentTokens, retentionDays }, purgeDay);
    expect(await t.database.db.selectFrom('entries').select('id').execute()).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('entry_events')
        .select('id')
        .where('entry_id', 'in', [article.data.id, event.data.id])
        .execute(),
    ).toEqual([]);
    expect(await removed('')).toEqual(both);
    expect(await removed('&type=event')).toEqual([event.data.id]);
    expect(await removed('&type=article')).toEqual([article.data.id]);
    expect((await list(`?updated_since=${encodeURIComponent(afterDeletion)}`)).meta.removed).toEqual([]);

    // Housekeeping keeps the tombstones a retention period after the purge, then forgets them.
    await runHousekeeping(
      { db: t.database.db, spentTokens, retentionDays },
      purgeDay + (retentionDays - 1) * day,
    );
    expect(await removed('')).toEqual(both);
    await runHousekeeping(
      { db: t.database.db, spentTokens, retentionDays },
      purgeDay + (retentionDays + 1) * day,
    );
    expect(await removed('')).toEqual([]);
  });

  it('answers 400 naming a bad query value', async () => {
    const cases: [string, string][] = [
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
      ['page_size=zwanzig', 'page_size'],
      ['current_page=0', 'current_page'],
      ['type=rezept', 'type'],
      ['updated_since=gestern', 'updated_since'],
      ['updated_since=2026-13-45T99:00:00Z', 'updated_since'],
    ];
    for (const [query, field] of cases) {
      const response = await read(`/api/v1/public/entries?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: { code: string; message: string } }>().error, query).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining(field),
      });
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    expect((await read('/api/v1/public/entries?page_size=100')).statusCode).toBe(200);
  });

  it('answers with a strong ETag and a minute of caching, and 304 when If-None-Match names it', async () => {
    const entry = await insertTestEntry(t.database.db, { state: 'published', title: 'Veröffentlicht' });
    for (const url of ['/api/v1/public/entries', `/api/v1/public/entries/${entry.data.id}`]) {
      const first = await read(url);
      const etag = first.headers['etag'];
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      // Of the bytes sent, which are the JSON answer (umlauts included) with their own length.
      expect(etag).toBe(
        `"${createHash('sha256').update(first.rawPayload).digest('base64url').slice(0, 32)}"`,
      );
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      expect(first.body).toContain('Veröffentlicht');
      expect(first.json()).toBeTypeOf('object');
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      expect((await read(url)).headers['etag']).toBe(etag);

      const notModified = await read(url, { 'if-none-match': String(etag) });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect(notModified.headers['etag']).toBe(etag);
      expect(notModified.headers['access-control-allow-origin']).toBe('*');
      expect((await read(url, { 'if-none-match': `"other", ${String(etag)}` })).statusCode).toBe(304);
      expect((await read(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    }
    const before = (await read('/api/v1/public/entries')).headers['etag'];
    await moveTo(entry, 'draft');
    const after = await read('/api/v1/public/entries', { 'if-none-match': String(before) });
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(before);
  });

  it('answers the same read again from memory for a second, a change by this process at once, and one by another within the second', async () => {
    let clock = Date.now() + 60_000;
    const c = await createQuietTestApp(target, { now: () => clock });
    try {
      const readOn = (url: string, headers: Record<string, string> = {}) =>
        c.app.inject({ method: 'GET', url, headers: { host: 'einwurf.example', ...headers } });
      // Long enough to be sent compressed to a client that accepts brotli.
      const entry = await insertTestEntry(c.database.db, {
        state: 'published',
        title: 'Erste Fassung',
        content: 'Ein langer Absatz. '.repeat(100),
      });
      const urls = [
        '/api/v1/public/entries',
        `/api/v1/public/entries/${entry.data.id}`,
        '/api/v1/public/feed.atom',
      ];
      const brotli = { 'accept-encoding': 'br' };
      const decoded = (response: LightMyRequestResponse) =>
        response.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(response.rawPayload).toString()
          : response.body;
      await untilNothingWritten();
      const first = new Map<string, LightMyRequestResponse>();
      for (const url of urls) {
        first.set(url, await readOn(url));
        expect(first.get(url)!.body, url).toContain('Erste Fassung');
        expect(decoded(await readOn(url, brotli)), url).toContain('Erste Fassung');
      }

      await retitleElsewhere(c.database.url, entry.data.id, 'Zweite Fassung');
      // SQLite's reads of one turn of the event loop share a snapshot: the change is seen from the next.
      await pause();
      for (const url of urls) {
        const again = await readOn(url);
        expect(again.body, url).toBe(first.get(url)!.body);
        expect(again.headers['etag'], url).toBe(first.get(url)!.headers['etag']);
        expect(again.headers['content-type'], url).toBe(first.get(url)!.headers['content-type']);
        expect(again.headers['cache-control'], url).toBe(first.get(url)!.headers['cache-control']);
        expect(again.headers['access-control-allow-origin'], url).toBe('*');
        expect(again.headers['x-content-type-options'], url).toBe('nosniff');
        const etag = String(again.headers['etag']);
        expect((await readOn(url, { 'if-none-match': etag })).statusCode, url).toBe(304);
        const compressed = await readOn(url, brotli);
        expect(compressed.headers['content-encoding'], url).toBe('br');
        expect(compressed.headers['vary'], url).toMatch(/accept-encoding/i);
        expect(decoded(compressed), url).toBe(first.get(url)!.body);
        // Another host is another answer: the links in it name the host.
        const elsewhere = await readOn(url, { host: 'andere.example' });
        expect(elsewhere.body, url).toContain('Zweite Fassung');
      }

      clock += PUBLIC_ANSWER_MS;
      for (const url of urls) {
        expect((await readOn(url)).body, url).toContain('Zweite Fassung');
        expect(decoded(await readOn(url, brotli)), url).toContain('Zweite Fassung');
      }

      // Moderation here takes the entry back: no reader sees it from then on.
      await moderateEntry(
        c.database.db,
        await shippedContentTypes(),
        entry.data.id,
        { data: { ...entry.data, state: 'draft' } },
        TEST_MODERATOR,
      );
      expect((await readOn(urls[1]!)).statusCode).toBe(404);
      expect((await readOn(urls[0]!)).json<PublicEntryList>().data).toEqual([]);
      expect((await readOn(urls[0]!, brotli)).body).not.toContain(entry.data.id);
    } finally {
      await c.close();
    }
  });

  it('lets any site read the public GETs, without cookies or CSRF token, and no other route', async () => {
    const entry = await insertTestEntry(t.database.db, { state: 'published' });
    const publicUrls = ['/api/v1/public/entries', `/api/v1/public/entries/${entry.data.id}`];
    for (const url of publicUrls) {
      const response = await read(url, { origin: 'https://leser.example' });
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['x-csrf-token']).toBeUndefined();
      const head = await t.app.inject({ method: 'HEAD', url, headers: { host: 'einwurf.example' } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['access-control-allow-origin']).toBe('*');
      expect(head.headers['set-cookie']).toBeUndefined();

      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://leser.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-methods']).toContain('GET');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'if-none-match',
      );
      expect(preflight.headers['set-cookie']).toBeUndefined();
    }

    await t.loginAs('admin');
    const others: [string, LightMyRequestResponse][] = [];
    for (const url of ['/api/v1/config', '/api/v1/', '/api/v1/auth', '/api/v1/admin/collection/entries']) {
      others.push([
        url,
        await t.request({ method: 'GET', url, headers: { origin: 'https://leser.example' } }),
      ]);
    }
    others.push([
      'OPTIONS /api/v1/config',
      await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/config',
        headers: { origin: 'https://leser.example' },
      }),
    ]);
    for (const [url, response] of others) {
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    expect(others[0]![1].headers['x-csrf-token']).toBeTruthy();
  });

  it('makes file URLs absolute under the configured public URL, whatever host the request names', async () => {
    const configured = await createTestApp(target, { publicUrl: 'https://zeitung.example' });
    try {
      const entry = await insertTestEntry(configured.database.db, {
        state: 'published',
        content: `![Turm](${FILE})`,
        fields: { image: FILE },
      });
      const response = await configured.app.inject({
        method: 'GET',
        url: `/api/v1/public/entries/${entry.data.id}`,
        headers: { host: 'fremd.example' },
      });
      const { data } = response.json<{ data: PublicEntry }>();
      expect(data['image']).toBe(`https://zeitung.example${FILE}`);
      expect(data.content_html).toContain(`src="https://zeitung.example${FILE}"`);
    } finally {
      await configured.close();
    }
  });

  it('lists both routes in the OpenAPI document, tagged public', async () => {
    const doc = (await read('/api/v1/openapi.json')).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    expect(doc.paths['/api/v1/public/entries']?.['get']?.tags).toEqual(['public']);
    expect(doc.paths['/api/v1/public/entries/{id}']?.['get']?.tags).toEqual(['public']);
  });
});
