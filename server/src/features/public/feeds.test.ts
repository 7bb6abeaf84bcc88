import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATOM_FEED_ENTRIES, ENTRY_STATES, type Entry } from '@einwurf/contract';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { clearEntries, insertTestEntry, shippedContentTypes, TEST_MODERATOR } from '../../test/entries.ts';
import { deleteEntryAsModeration, moderateEntry } from '../entries/moderation-service.ts';
import { entryUuid } from './feed-ids.ts';

const ORIGIN = 'http://einwurf.example';
const ATOM = '/api/v1/public/feed.atom';
const ICS = '/api/v1/public/feed.ics';

type Feed = ReturnType<typeof parseFeed>;

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Reads an Atom document with a real feed parser, after checking it is well-formed XML. */
function atomOf(body: string): Feed {
  expect(XMLValidator.validate(body)).toBe(true);
  const feed = parseFeed(body);
  expect(feed.meta.type).toBe('atom');
  return feed;
}

/**
 * The exact text of each entry's content: the feed parser decodes entities once more than XML does
 * (to cope with feeds escaped twice), so what the HTML escapes is read with a plain XML parser.
 */
function atomContents(body: string): string[] {
  const document = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' }).parse(
    body,
  ) as { feed: { entry?: { content: { '#text': string } }[] } };
  return (document.feed.entry ?? []).map((entry) => entry.content['#text']);
}

/** Reads an iCalendar document with a real iCalendar parser. */
function eventsOf(body: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(body));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

describe.each(testDatabases())('public feeds on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await clearEntries(t.database.db);
  });

  /** A reader: no cookies, no CSRF token, the host readers reach the server under. */
  const read = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'einwurf.example', ...headers } });
  const atom = async (query = '') => {
    const response = await read(`${ATOM}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    return atomOf(response.body);
  };
  const calendar = async (type = 'event') => {
    const response = await read(`${ICS}?type=${type}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    return eventsOf(response.body);
  };
  const atomIds = (feed: Feed) => feed.items.map((item) => item.id);
  const urn = (entry: Entry) => `urn:uuid:${entryUuid(entry.data.id)}`;

  /** Moves an entry to another state through moderation's save, as the moderation screen does. */
  async function moveTo(entry: Entry, state: 'draft' | 'published' | 'rejected'): Promise<Entry> {
    return moderateEntry(
      t.database.db,
      await shippedContentTypes(),
      entry.data.id,
      { data: { ...entry.data, state } },
      TEST_MODERATOR,
    );
  }

  it('carries published entries only, of every type, in both feeds', async () => {
    const byState = new Map<string, Entry[]>();
    for (const state of ENTRY_STATES) {
      byState.set(state, [
        await insertTestEntry(t.database.db, { state, title: `Artikel ${state}` }),
        await insertTestEntry(t.database.db, { state, type: 'event', title: `Anlass ${state}` }),
      ]);
    }
    const [article, event] = byState.get('published')!;
    expect(new Set(atomIds(await atom()))).toEqual(new Set([urn(article!), urn(event!)]));
    expect((await calendar()).map((e) => e.uid)).toEqual([entryUuid(event!.data.id)]);
  });

  it('describes the feed and each entry as RFC 4287 asks', async () => {
    const entry = await insertTestEntry(t.database.db, {
      state: 'published',
      title: 'Der Wasserturm',
      content: '# Neues Dach\n\nMehr **bald**.',
      fields: { lead: 'Kurz gesagt.' },
    });
    const feed = await atom();
    expect(feed.title).toBe('Einwurf');
    expect(feed.self).toBe(`${ORIGIN}${ATOM}`);
    expect(feed.url).toBe(`${ORIGIN}/`);
    expect(feed.language).toBe('de');
    expect(feed.updated?.toISOString()).toBe(entry.data.updated_at);
    expect(feed.authors.map((a) => a.name)).toEqual(['Einwurf']);
    const [item] = feed.items;
    expect(item).toMatchObject({
      id: urn(entry),
      title: 'Der Wasserturm',
      url: `${ORIGIN}/read/${entry.data.id}`,
      description: 'Kurz gesagt.',
    });
    expect(item!.content).toContain('<h1>Neues Dach</h1>');
    expect(item!.content).toContain('<strong>bald</strong>');
    expect(item!.updated?.toISOString()).toBe(entry.data.updated_at);
    expect(item!.published?.toISOString()).toMatch(/^\d{4}-/);
    expect(item!.categories).toEqual([{ term: 'article', label: 'Artikel', url: null }]);
  });

  it('lists the newest publications first, at most the feed size', async () => {
    const drafts: Entry[] = [];
    for (let i = 0; i < ATOM_FEED_ENTRIES + 2; i += 1) {
      drafts.push(await insertTestEntry(t.database.db, { state: 'draft', title: `Nummer ${i}` }));
    }
    // Published in another order than created: the feed follows publication.
    const order = [1, 0, ...drafts.keys()].filter((i, at, all) => all.indexOf(i) === at);
    for (const index of order) {
      await pause();
      await moveTo(drafts[index]!, 'published');
    }
    const feed = await atom();
    expect(feed.items).toHaveLength(ATOM_FEED_ENTRIES);
    const newestFirst = order.toReversed().slice(0, ATOM_FEED_ENTRIES);
    expect(feed.items.map((item) => item.title)).toEqual(newestFirst.map((i) => `Nummer ${i}`));
  });

  it('drops an entry from both feeds the moment it is reopened, rejected or deleted', async () => {
    const published = async () => insertTestEntry(t.database.db, { state: 'published', type: 'event' });
    const reopened = await published();
    const rejected = await published();
    const deleted = await published();
    const kept = await published();
    expect(atomIds(await atom())).toHaveLength(4);
    expect(await calendar()).toHaveLength(4);

    await moveTo(reopened, 'draft');
    await moveTo(rejected, 'rejected');
    await deleteEntryAsModeration(t.database.db, deleted.data.id, TEST_MODERATOR);
    expect(atomIds(await atom())).toEqual([urn(kept)]);
    expect(atomIds(await atom('?type=event'))).toEqual([urn(kept)]);
    expect((await calendar()).map((e) => e.uid)).toEqual([entryUuid(kept.data.id)]);
  });

  it('filters the Atom feed by type and names the type in its title', async () => {
    const article = await insertTestEntry(t.database.db, { state: 'published' });
    const event = await insertTestEntry(t.database.db, { state: 'published', type: 'event' });
    const events = await atom('?type=event');
    expect(atomIds(events)).toEqual([urn(event)]);
    expect(events.title).toBe('Einwurf: Veranstaltung');
    expect(events.self).toBe(`${ORIGIN}${ATOM}?type=event`);
    expect(atomIds(await atom('?type=article'))).toEqual([urn(article)]);
  });

  it('writes an event of the event type with its time, end, place, text and page', async () => {
    const event = await insertTestEntry(t.database.db, {
      state: 'published',
      type: 'event',
      title: 'Herbstmarkt',
      content: 'Mit Musik.',
      fields: {
        starts_at: '2026-12-01T17:00:00Z',
        ends_on: '2026-12-02',
        location: 'Marktplatz, Altstadt',
        access_code: 'nur-fuer-die-moderation',
      },
    });
    const [parsed, ...others] = await calendar();
    expect(others).toEqual([]);
    expect(parsed!.uid).toBe(entryUuid(event.data.id));
    expect(parsed!.summary).toBe('Herbstmarkt');
    expect(parsed!.location).toBe('Marktplatz, Altstadt');
    expect(parsed!.description).toBe('Mit Musik.');
    expect(parsed!.startDate.toJSDate().toISOString()).toBe('2026-12-01T17:00:00.000Z');
    expect(parsed!.endDate.toJSDate().toISOString()).toBe('2026-12-03T00:00:00.000Z');
    const stamp = parsed!.component.getFirstPropertyValue('dtstamp') as ICAL.Time;
    // DTSTAMP counts whole seconds.
    expect(stamp.toJSDate().getTime()).toBe(Math.floor(Date.parse(event.data.updated_at) / 1000) * 1000);
    expect(parsed!.component.getFirstPropertyValue('url')).toBe(`${ORIGIN}/read/${event.data.id}`);
    // Only the mapped fields reach the calendar.
    expect((await read(`${ICS}?type=event`)).body).not.toContain('nur-fuer-die-moderation');
  });

  it('never carries a private field', async () => {
    await insertTestEntry(t.database.db, {
      state: 'published',
      fields: { author_email: 'geheim@example.org' },
    });
    const body = (await read(ATOM)).body;
    expect(atomOf(body).items).toHaveLength(1);
    expect(body).not.toContain('geheim@example.org');
    expect(body).not.toContain('not a hash');
  });

  it('keeps a hostile title, lead and text as text', async () => {
    const title = '</title><script>alert(1)</script> & ]]> "Zitat" \u0001Ende';
    const entry = await insertTestEntry(t.database.db, {
      state: 'published',
      type: 'event',
      title,
      content: '<script>alert(2)</script>A &lt;b&gt; & <img src=x onerror=alert(3)>',
    });
    const response = await read(ATOM);
    const [item] = atomOf(response.body).items;
    // XML 1.0 cannot carry U+0001 at all: it is the one thing left out.
    expect(item!.title).toBe(title.replace('\u0001', ''));
    expect(item!.content).not.toMatch(/<script|onerror/);
    expect(response.body).not.toContain('<script');
    // The sanitised HTML keeps an escaped tag as text, not as a tag.
    const [html] = atomContents(response.body);
    expect(html).toMatch(/A (&lt;|&#x3C;)b(>|&gt;) (&amp;|&#x26;) <img src="x">/);
    expect(html).not.toMatch(/<script|onerror/);
    const [event] = await calendar();
    expect(event!.uid).toBe(entryUuid(entry.data.id));
    expect(event!.summary).toBe(title.replace('\u0001', ''));
  });

  it('answers with an ETag and a minute of caching, 304 for If-None-Match, and CORS for any site', async () => {
    await insertTestEntry(t.database.db, { state: 'published', type: 'event' });
    for (const url of [ATOM, `${ATOM}?type=event`, `${ICS}?type=event`]) {
      const first = await read(url, { origin: 'https://leser.example' });
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers['etag']);
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      expect(first.headers['access-control-allow-origin']).toBe('*');
      expect(first.headers['access-control-allow-credentials']).toBeUndefined();
      expect(first.headers['set-cookie']).toBeUndefined();
      // The same data gives the same bytes: nothing in a feed depends on the time of the request.
      expect((await read(url)).headers['etag']).toBe(etag);

      const notModified = await read(url, { 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect(notModified.headers['access-control-allow-origin']).toBe('*');

      const head = await t.app.inject({ method: 'HEAD', url, headers: { host: 'einwurf.example' } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['access-control-allow-origin']).toBe('*');

      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://leser.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
    }
    const before = String((await read(ATOM)).headers['etag']);
    await insertTestEntry(t.database.db, { state: 'published' });
    expect((await read(ATOM, { 'if-none-match': before })).statusCode).toBe(200);
  });

  it('answers 400 naming type for a type there is not, or one without a calendar', async () => {
    const cases = [`${ATOM}?type=rezept`, ICS, `${ICS}?type=rezept`, `${ICS}?type=article`];
    for (const url of cases) {
      const response = await read(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ error: { code: string; message: string } }>().error, url).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('type'),
      });
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('links entries to the organisation’s own pages when EINWURF_PUBLIC_ENTRY_URL names them', async () => {
    const configured = await createTestApp(target, {
      publicUrl: 'https://einwurf.zeitung.example',
      publicEntryUrl: 'https://zeitung.example/news/{id}',
    });
    try {
      const entry = await insertTestEntry(configured.database.db, { state: 'published', type: 'event' });
      const get = (url: string) =>
        configured.app.inject({ method: 'GET', url, headers: { host: 'fremd.example' } });
      const feed = atomOf((await get(ATOM)).body);
      expect(feed.self).toBe(`https://einwurf.zeitung.example${ATOM}`);
      expect(feed.url).toBe('https://zeitung.example/');
      expect(feed.items[0]!.url).toBe(`https://zeitung.example/news/${entry.data.id}`);
      const [event] = eventsOf((await get(`${ICS}?type=event`)).body);
      expect(event!.component.getFirstPropertyValue('url')).toBe(
        `https://zeitung.example/news/${entry.data.id}`,
      );
    } finally {
      await configured.close();
    }
  });

  it('lists both feeds in the OpenAPI document with their media types', async () => {
    const doc = (await read('/api/v1/openapi.json')).json<{
      paths: Record<
        string,
        Record<string, { tags?: string[]; responses: Record<string, { content?: Record<string, unknown> }> }>
      >;
    }>();
    const feed = doc.paths[ATOM]?.['get'];
    expect(feed?.tags).toEqual(['public']);
    expect(Object.keys(feed?.responses['200']?.content ?? {})).toEqual(['application/atom+xml']);
    const ics = doc.paths[ICS]?.['get'];
    expect(ics?.tags).toEqual(['public']);
    expect(Object.keys(ics?.responses['200']?.content ?? {})).toEqual(['text/calendar']);
  });
});
