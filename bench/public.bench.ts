// Public reading at scale: a fresh SQLite data folder and a fresh PostgreSQL database (created on the
// local server, dropped after) get BENCH_PUBLISHED published entries (default 100,000: articles and
// events, half each) and a fifth as many in other states, bulk-inserted in a few statements; the real
// server starts on each, and readers' calls are timed: the public list (first page, one type, a deep
// page, a mirror's updated_since, pages nobody read before), the Atom feed (all, one type) and the
// iCalendar feed. Loopback only, bounded counts. Goal: p95 under 50 ms for the list and the feeds.
//
// The anchor is /healthz, timed in the same run: each call's p95 is also given as a ratio to it, a
// figure that moves less than milliseconds when other work shares the machine.
// BENCH_DATABASES picks sqlite,postgres; BENCH_REQUESTS the requests per call (default 300).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDatabaseUrl } from '../server/src/config.ts';
import { createDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import type { NewEntryRow } from '../server/src/db/types.ts';
import { renderHtmlToStore } from '../server/src/features/public/stored-html.ts';
import { analyze, insertEntriesInBulk, prepareBulkLoad } from '../server/src/features/seed/repository.ts';
import { type LatencySummary, measure, startServer, withScratchPostgres, writeResult } from './support.ts';

const PUBLISHED = Number(process.env['BENCH_PUBLISHED'] ?? 100_000);
const PG_ADMIN_URL = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 300);
const CONCURRENCY = 2;
const DAY_MS = 24 * 60 * 60_000;
const BATCH = 10_000;
const OTHER_STATES = ['draft', 'proposed', 'rejected', 'deleted'] as const;
const UNVISITED_PAGE_FROM = 100;
/** The goal for every public call: p95 under this many milliseconds. */
const GOAL_P95_MS = 50;

if (!Number.isSafeInteger(PUBLISHED) || PUBLISHED < 1)
  throw new Error('BENCH_PUBLISHED must be a positive integer');

const WORDS = (
  'Stadt Wasserturm Konzert Markt Schule Verein Brücke Garten Rathaus Bibliothek Festival Quartier ' +
  'Velo Sommer Winter Herbst Frühling Bühne Jugend Chor Theater Ausstellung Museum Park Platz'
).split(' ');
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ') + '.';

/** A body of about a kilobyte and a half of Markdown, as readers' entries tend to be. */
function content(): string {
  const paragraphs = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => sentence(12)).join(' '));
  return [
    paragraphs[0],
    `## ${sentence(3)}`,
    ...paragraphs.slice(1),
    `- **${pick(WORDS)}** ${pick(WORDS)}`,
  ].join('\n\n');
}

/**
 * Bodies to draw from, each rendered once as a publication renders it: rendering a hundred thousand
 * bodies would take minutes of the fill, and readers' HTML is kept at publication.
 */
const BODIES = await Promise.all(
  Array.from({ length: 1000 }, async () => {
    const markdown = content();
    return { markdown, html: await renderHtmlToStore(markdown) };
  }),
);

function entryRow(index: number, now: number): NewEntryRow & { html: string | null } {
  const type = index % 2 === 0 ? 'article' : 'event';
  const state = index < PUBLISHED ? 'published' : OTHER_STATES[index % OTHER_STATES.length]!;
  const published = now - Math.floor(Math.random() * 730 * DAY_MS);
  const updated = Math.min(now, published + Math.floor(Math.random() * 30 * DAY_MS));
  const start = published + Math.floor(Math.random() * 60) * DAY_MS;
  const fields =
    type === 'article'
      ? { lead: sentence(14), category: 'local', tags: ['stadt'] }
      : {
          starts_at: new Date(start - (start % 3_600_000)).toISOString(),
          ends_on: new Date(start + DAY_MS).toISOString().slice(0, 10),
          location: `${pick(WORDS)}platz`,
        };
  const body = pick(BODIES);
  return {
    id: randomBytes(16).toString('base64url'),
    html: state === 'published' ? body.html : null,
    type,
    state,
    title: sentence(5).slice(0, -1),
    data: JSON.stringify({ content: body.markdown, ...fields }),
    password_hash: 'bench',
    revision: 1,
    created_at: published - DAY_MS,
    updated_at: state === 'published' ? updated : published,
    deleted_at: state === 'deleted' ? published : null,
    published_at: state === 'published' ? published : null,
  };
}

/** Migrates the database and bulk-inserts the entries; answers how long it took. */
async function fill(databaseUrl: string, baseDir: string): Promise<string> {
  const began = performance.now();
  const db = createDatabase(parseDatabaseUrl(databaseUrl, baseDir));
  try {
    await migrateToLatest(db);
    const total = PUBLISHED + Math.ceil(PUBLISHED / 5);
    const finish = await prepareBulkLoad(db, total);
    const now = Date.now();
    for (let from = 0; from < total; from += BATCH) {
      const made = Array.from({ length: Math.min(BATCH, total - from) }, (_, i) => entryRow(from + i, now));
      const rows = made.map(({ html: _html, ...row }) => row);
      const html = made.flatMap((row) =>
        row.html === null ? [] : [{ entry_id: row.id, revision: 1, html: row.html }],
      );
      await db.transaction().execute(async (trx) => {
        await insertEntriesInBulk(trx, rows, []);
        for (let at = 0; at < html.length; at += 300) {
          await trx
            .insertInto('public_html')
            .values(html.slice(at, at + 300))
            .execute();
        }
      });
    }
    await finish();
    await analyze(db);
    return `inserted ${total} entries (${PUBLISHED} published) in ${((performance.now() - began) / 1000).toFixed(1)} s`;
  } finally {
    await db.destroy();
  }
}

async function benchServer(env: Record<string, string>): Promise<Record<string, unknown>> {
  // A retention longer than the entries' two years keeps the start's purge from removing the deleted ones.
  const server = await startServer({ EINWURF_RETENTION_DAYS: '3650', ...env });
  try {
    const loadAtStart = loadavg();
    const get = (path: string) => async () => {
      const res = await fetch(server.baseUrl + path);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    };
    const since = encodeURIComponent(new Date(Date.now() - DAY_MS).toISOString());
    const calls: Record<string, string> = {
      healthz: '/healthz',
      list: '/api/v1/public/entries',
      list_event: '/api/v1/public/entries?type=event',
      list_page_1000: '/api/v1/public/entries?current_page=1000',
      list_updated_since: `/api/v1/public/entries?updated_since=${since}`,
      atom: '/api/v1/public/feed.atom',
      atom_event: '/api/v1/public/feed.atom?type=event',
      ics_event: '/api/v1/public/feed.ics?type=event',
    };
    const results: Record<string, LatencySummary & { p95_to_healthz?: number }> = {};
    for (const [name, path] of Object.entries(calls)) {
      await get(path)(); // warm-up
      results[name] = await measure(REQUESTS, CONCURRENCY, get(path));
    }
    // Pages no reader asked for yet: nothing of them is in any cache of the server's.
    results['list_unvisited_pages'] = await measure(REQUESTS, CONCURRENCY, () =>
      get(`/api/v1/public/entries?current_page=${UNVISITED_PAGE_FROM + Math.floor(Math.random() * 400)}`)(),
    );
    const anchor = results['healthz']!.p95_ms;
    for (const [name, summary] of Object.entries(results)) {
      if (name !== 'healthz') summary.p95_to_healthz = Number((summary.p95_ms / anchor).toFixed(1));
      console.log(`${name}: p50 ${summary.p50_ms} ms, p95 ${summary.p95_ms} ms`);
    }
    const missed = Object.entries(results)
      .filter(([name, summary]) => name !== 'healthz' && summary.p95_ms >= GOAL_P95_MS)
      .map(([name]) => name);
    console.log(
      missed.length === 0 ? `goal met: every p95 under ${GOAL_P95_MS} ms` : `goal missed: ${missed}`,
    );
    // Other work on the machine skews the figures: the load averages (1, 5, 15 min) say how much.
    return {
      goal: { p95_under_ms: GOAL_P95_MS, met: missed.length === 0, missed },
      load_at_start: loadAtStart,
      load_at_end: loadavg(),
      ...results,
    };
  } finally {
    await server.stop();
  }
}

async function runSqlite(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-public-'));
  try {
    const filled = await fill(`sqlite:${join(dataDir, 'einwurf.sqlite')}`, dataDir);
    console.log(`sqlite: ${filled}`);
    return { fill: filled, ...(await benchServer({ EINWURF_DATA_DIR: dataDir })) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function runPostgres(): Promise<Record<string, unknown>> {
  return withScratchPostgres(PG_ADMIN_URL, 'public', async (env) => {
    const filled = await fill(env.DATABASE_URL, env.EINWURF_DATA_DIR);
    console.log(`postgres: ${filled}`);
    return { fill: filled, ...(await benchServer(env)) };
  });
}

const only = process.env['BENCH_DATABASES']?.split(',') ?? ['sqlite', 'postgres'];
const result: Record<string, unknown> = {
  published: PUBLISHED,
  requests_per_call: REQUESTS,
  concurrency: CONCURRENCY,
};
if (only.includes('sqlite')) result['sqlite'] = await runSqlite();
if (only.includes('postgres')) result['postgres'] = await runPostgres();
writeResult(process.env['BENCH_RESULT'] ?? 'public', result);
