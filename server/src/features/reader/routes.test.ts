import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENTRY_STATES } from '@einwurf/contract';
import { createQuietTestApp, createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases, untilNothingWritten } from '../../test/db.ts';
import {
  clearEntries,
  insertTestEntry,
  retitleElsewhere,
  shippedContentTypes,
  TEST_MODERATOR,
} from '../../test/entries.ts';
import { PUBLIC_ANSWER_MS } from '../../plugins/public-reads.ts';
import { moderateEntry } from '../entries/moderation-service.ts';

const ORIGIN = 'http://einwurf.example';
const IMAGE = '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/turm.png';
const FILE = '/api/v1/files/BBBBBBBBBBBBBBBBBBBBBB/plan.pdf';

/** A page as a browser parses it. */
function parse(html: string) {
  const { document } = new JSDOM(html).window;
  const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name);
  return { document, attr };
}

describe.each(testDatabases())("the reader's page on $name", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    // Its housekeeping and outbox wait, so that they end no answer a test keeps in memory.
    t = await createQuietTestApp(target);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await clearEntries(t.database.db);
  });

  const read = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'einwurf.example', ...headers } });

  const publishedArticle = () =>
    insertTestEntry(t.database.db, {
      state: 'published',
      title: 'Der Wasserturm',
      content: `## Neues Dach\n\n![Turm](${IMAGE})`,
      fields: {
        lead: 'Kurz gesagt.',
        image: IMAGE,
        attachments: [FILE],
        author_email: 'geheim@example.org',
        reviewed: true,
      },
    });

  it('shows a published entry as a complete HTML page, and no entry in any other state', async () => {
    const byState = new Map<string, string>();
    for (const state of ENTRY_STATES) {
      byState.set(
        state,
        (await insertTestEntry(t.database.db, { state, title: `Im Zustand ${state}` })).data.id,
      );
    }
    for (const [state, id] of byState) {
      const response = await read(`/read/${id}`);
      expect(response.headers['content-type'], state).toBe('text/html; charset=utf-8');
      const { document } = parse(response.body);
      if (state === 'published') {
        expect(response.statusCode).toBe(200);
        expect(document.querySelector('main article h1')?.textContent).toBe('Im Zustand published');
      } else {
        expect(response.statusCode, state).toBe(404);
        expect(response.body).not.toContain(`Im Zustand ${state}`);
        expect(document.querySelector('h1')?.textContent).toBe('Seite nicht gefunden');
        expect(document.documentElement.lang).toBe('de');
      }
    }
    const missing = await read('/read/doesnotexistatallxyz12', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(404);
    expect(parse(missing.body).document.querySelector('h1')?.textContent).toBe('Page not found');
  });

  it('has no page for a publication scheduled for later until its time', async () => {
    let clock = Date.now() + 60_000;
    const scheduled = await createTestApp(target, {}, { now: () => clock });
    try {
      await scheduled.loginAs('admin');
      const entry = await insertTestEntry(scheduled.database.db, { state: 'proposed', title: 'Sperrfrist' });
      const publishAt = clock + 3_600_000;
      const put = await scheduled.request({
        method: 'PUT',
        url: `/api/v1/admin/collection/entry/${entry.data.id}`,
        payload: {
          data: { ...entry.data, state: 'published', publish_at: new Date(publishAt).toISOString() },
        },
      });
      expect(put.statusCode, put.body).toBe(200);
      const page = () => scheduled.app.inject({ method: 'GET', url: `/read/${entry.data.id}` });
      expect((await page()).statusCode).toBe(404);
      clock = publishAt;
      const shown = await page();
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('Sperrfrist');
    } finally {
      await scheduled.close();
    }
  });

  it('shows title, lead, cover, body, attachments and labelled fields, never a private field', async () => {
    const entry = await publishedArticle();
    const response = await read(`/read/${entry.data.id}`);
    expect(response.statusCode).toBe(200);
    const { document } = parse(response.body);
    const article = document.querySelector('main article')!;
    expect(article.querySelector('h1')?.textContent).toBe('Der Wasserturm');
    expect(article.querySelector('.einwurf-reader-lead')?.textContent).toBe('Kurz gesagt.');
    expect(article.querySelector('.einwurf-reader-published time')?.getAttribute('datetime')).toMatch(
      /^\d{4}-\d\d-\d\dT.*Z$/,
    );
    expect(article.querySelector('.einwurf-reader-published')?.textContent).toMatch(
      /^Veröffentlicht am \d\d\.\d\d\.\d{4} \d\d:\d\d UTC$/,
    );
    expect(article.querySelector('figure img')?.getAttribute('src')).toBe(`${ORIGIN}${IMAGE}`);
    expect(article.querySelector('.einwurf-reader-body h2')?.textContent).toBe('Neues Dach');
    expect(article.querySelector('.einwurf-reader-attachments a')?.getAttribute('href')).toBe(
      `${ORIGIN}${FILE}`,
    );
    const labels = [...article.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(['Rubrik', 'Fakten geprüft']);
    expect(response.body).not.toContain('geheim@example.org');
    expect(response.body).not.toContain('E-Mail für Rückfragen');
    expect(response.body).not.toContain('not a hash');
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('shows an event’s date and place', async () => {
    const entry = await insertTestEntry(t.database.db, {
      state: 'published',
      type: 'event',
      title: 'Konzert',
      fields: { starts_at: '2026-12-01T18:00:00Z', location: 'Kulturhaus' },
    });
    const { document } = parse((await read(`/read/${entry.data.id}`)).body);
    const facts = [...document.querySelectorAll('.einwurf-reader-facts > div')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(facts).toEqual([
      ['Beginn', '01.12.2026 18:00 UTC'],
      ['Ort', 'Kulturhaus'],
    ]);
  });

  it('carries title, Open Graph, canonical and feed links; canonical is this page without a template', async () => {
    const entry = await publishedArticle();
    const id = entry.data.id;
    const { document, attr } = parse((await read(`/read/${id}`)).body);
    expect(document.title).toBe('Der Wasserturm');
    expect(attr('link[rel="canonical"]', 'href')).toBe(`${ORIGIN}/read/${id}`);
    expect(attr('meta[property="og:url"]', 'content')).toBe(`${ORIGIN}/read/${id}`);
    expect(attr('meta[property="og:title"]', 'content')).toBe('Der Wasserturm');
    expect(attr('meta[property="og:description"]', 'content')).toBe('Kurz gesagt.');
    expect(attr('meta[property="og:image"]', 'content')).toBe(`${ORIGIN}${IMAGE}`);
    expect(attr('meta[property="og:type"]', 'content')).toBe('article');
    const feeds = [...document.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map(
      (link) => link.getAttribute('href'),
    );
    expect(feeds).toEqual([
      `${ORIGIN}/api/v1/public/feed.atom`,
      `${ORIGIN}/api/v1/public/feed.atom?type=article`,
    ]);
  });

  it('names the organisation’s page as canonical when EINWURF_PUBLIC_ENTRY_URL is set', async () => {
    const configured = await createTestApp(target, {
      publicEntryUrl: 'https://zeitung.example/news/{id}',
      publicUrl: 'https://einwurf.zeitung.example',
    });
    try {
      const entry = await insertTestEntry(configured.database.db, {
        state: 'published',
        fields: { image: IMAGE },
      });
      const response = await configured.app.inject({
        method: 'GET',
        url: `/read/${entry.data.id}`,
        headers: { host: 'fremd.example' },
      });
      const { attr } = parse(response.body);
      const url = `https://zeitung.example/news/${entry.data.id}`;
      expect(attr('link[rel="canonical"]', 'href')).toBe(url);
      expect(attr('meta[property="og:url"]', 'content')).toBe(url);
      expect(attr('meta[property="og:image"]', 'content')).toBe(`https://einwurf.zeitung.example${IMAGE}`);
      expect(response.headers['content-security-policy']).toContain(
        "img-src 'self' data: https://einwurf.zeitung.example",
      );
    } finally {
      await configured.close();
    }
  });

  it.each([
    [undefined, 'de', 'Anhänge'],
    ['de-CH,de;q=0.9', 'de-CH', 'Anhänge'],
    ['de-ch', 'de-CH', 'Anhänge'],
    ['en-US,en;q=0.8', 'en', 'Attachments'],
    ['fr-FR', 'de', 'Anhänge'],
  ])('speaks the language Accept-Language %s asks for (%s)', async (header, lang, attachments) => {
    const entry = await publishedArticle();
    const headers: Record<string, string> = header === undefined ? {} : { 'accept-language': header };
    const response = await read(`/read/${entry.data.id}`, headers);
    const { document } = parse(response.body);
    expect(document.documentElement.lang).toBe(lang);
    expect(response.headers['content-language']).toBe(lang);
    expect(response.headers['vary']).toContain('Accept-Language');
    expect(document.querySelector('.einwurf-reader-attachments h2')?.textContent).toBe(attachments);
    const rubric = lang === 'en' ? 'Section' : 'Rubrik';
    expect(document.querySelector('dt')?.textContent).toBe(rubric);
  });

  it('escapes a hostile title and fields everywhere it appears', async () => {
    const hostile = '</title><script>alert(1)</script>"><img src=x onerror=alert(1)>';
    const entry = await insertTestEntry(t.database.db, {
      state: 'published',
      title: hostile,
      content: `${hostile}\n\n[x](javascript:alert(1))`,
      fields: { lead: hostile, tags: ['<b onclick=alert(1)>x</b>'] },
    });
    const response = await read(`/read/${entry.data.id}`);
    const { document, attr } = parse(response.body);
    expect(document.title).toBe(hostile);
    expect(document.querySelector('h1')?.textContent).toBe(hostile);
    expect(attr('meta[property="og:title"]', 'content')).toBe(hostile);
    expect(attr('meta[property="og:description"]', 'content')).toBe(hostile);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(document.querySelectorAll('[onerror], [onclick]')).toHaveLength(0);
    expect(document.querySelector('.einwurf-reader-tags li')?.textContent).toBe('<b onclick=alert(1)>x</b>');
    expect(response.body).not.toContain('javascript:');
  });

  it('answers with a strict policy, caching and ETag, no CORS and no cookie', async () => {
    const entry = await publishedArticle();
    const url = `/read/${entry.data.id}`;
    const first = await read(url, { origin: 'https://leser.example' });
    const policy = String(first.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('script-src');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers['access-control-allow-origin']).toBeUndefined();
    expect(first.headers['set-cookie']).toBeUndefined();
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await read(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language is another page, with another ETag.
    expect((await read(url, { 'accept-language': 'en', 'if-none-match': etag })).statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url, headers: { host: 'einwurf.example' } });
    expect(head.statusCode).toBe(200);
  });

  it('answers the same page again from memory for a second, per language, and a change made here at once', async () => {
    let clock = Date.now() + 60_000;
    const c = await createQuietTestApp(target, { now: () => clock });
    try {
      const readIn = (url: string, language: string) =>
        c.app.inject({
          method: 'GET',
          url,
          headers: { host: 'einwurf.example', 'accept-language': language },
        });
      const entry = await insertTestEntry(c.database.db, { state: 'published', title: 'Erste Fassung' });
      const url = `/read/${entry.data.id}`;
      await untilNothingWritten();
      const german = await readIn(url, 'de');
      const english = await readIn(url, 'en');
      expect(german.headers['content-language']).toBe('de');
      expect(english.headers['content-language']).toBe('en');
      expect(german.body).toContain('Erste Fassung');

      // Changed by another process: the pages kept stay as they were for the second.
      await retitleElsewhere(c.database.url, entry.data.id, 'Zweite Fassung');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const again = await readIn(url, 'de');
      expect(again.body).toBe(german.body);
      for (const name of ['content-type', 'content-language', 'content-security-policy', 'etag', 'vary']) {
        expect(again.headers[name], name).toBe(german.headers[name]);
      }
      expect(again.headers['cache-control']).toBe(german.headers['cache-control']);
      expect(again.headers['access-control-allow-origin']).toBeUndefined();
      expect(again.headers['x-frame-options']).toBe('DENY');
      expect((await readIn(url, 'en')).body).toBe(english.body);
      // Another language is another page, read anew.
      expect((await readIn(url, 'de-CH')).body).toContain('Zweite Fassung');
      clock += PUBLIC_ANSWER_MS;
      expect((await readIn(url, 'de')).body).toContain('Zweite Fassung');

      // Taken back by moderation here: gone at once, in every language.
      await moderateEntry(
        c.database.db,
        await shippedContentTypes(),
        entry.data.id,
        { data: { ...entry.data, state: 'draft' } },
        TEST_MODERATOR,
      );
      expect((await readIn(url, 'en')).statusCode).toBe(404);
      expect((await readIn(url, 'de')).statusCode).toBe(404);
    } finally {
      await c.close();
    }
  });

  it('serves the stylesheet the page links, cached for a year under its version', async () => {
    const entry = await publishedArticle();
    const { attr } = parse((await read(`/read/${entry.data.id}`)).body);
    const href = attr('link[rel="stylesheet"]', 'href')!;
    expect(href).toMatch(/^\/read\/reader\.css\?v=[\w-]+$/);
    const css = await read(href);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.einwurf-reader');
    expect(css.headers['cache-control']).toContain('immutable');
    expect((await read('/read/reader.css?v=old')).headers['cache-control']).toBe('no-cache');
  });

  it('lists the page in the OpenAPI document', async () => {
    const doc = (await read('/api/v1/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.paths['/read/{id}']?.['get']).toMatchObject({ tags: ['public'] });
  });
});
