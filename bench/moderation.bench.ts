// Every moderation read path at scale: `einwurf seed` fills a fresh SQLite data folder and a fresh
// PostgreSQL database (created on the local server, dropped after) with BENCH_ANCHOR_ENTRIES
// (default 10,000) and with BENCH_ENTRIES entries (default 1,000,000), the real server starts on
// each, an admin logs in, and each call is timed: the list's first, middle and last page (and the
// middle page by title), filtered lists (type, state, both, nobody's, and nobody's middle page),
// searches for one, two and three common words, a search with a state filter, a rare word, the
// dashboard and the health page's figures. Loopback only, bounded counts.
// Goal: p95 under 50 ms at the full size and p95(full) / p95(anchor) at most 2, per call and
// database, both written to the result beside the machine's load.
//
// Seeding a million entries takes minutes, so BENCH_SQLITE_DIR (a data folder) and
// BENCH_PG_DATABASE (a database name on the local server) keep a seeded database for later runs,
// BENCH_ANCHOR_SQLITE_DIR and BENCH_ANCHOR_PG_DATABASE the anchor's: each is created and seeded
// when it holds no entries, measured as it is otherwise, never removed.
// BENCH_RESULT names the result file (default moderation), BENCH_DATABASES picks sqlite,postgres.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import {
  benchAccount,
  type LatencySummary,
  logIn,
  measure,
  seedEntries,
  startServer,
  withScratchPostgres,
  writeResult,
} from './support.ts';

const ENTRIES = Number(process.env['BENCH_ENTRIES'] ?? 1_000_000);
const ANCHOR_ENTRIES = Number(process.env['BENCH_ANCHOR_ENTRIES'] ?? 10_000);
const GOAL_P95_MS = 50;
const GOAL_RATIO = 2;
const PG_ADMIN_URL = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 200);
const CONCURRENCY = 2;
const ADMIN_PASSWORD = 'bench-admin-password';
// Words in both seed word lists (each in about a quarter of all entries); the rare word is put in
// about one entry in a thousand (server/src/features/seed/words.ts).
const COMMON_WORDS = ['festival', 'park', 'tram'] as const;
/** Kept databases by size: the full size's and the anchor's. */
const KEPT = {
  full: { sqlite: process.env['BENCH_SQLITE_DIR'], postgres: process.env['BENCH_PG_DATABASE'] },
  anchor: {
    sqlite: process.env['BENCH_ANCHOR_SQLITE_DIR'],
    postgres: process.env['BENCH_ANCHOR_PG_DATABASE'],
  },
};
const RARE_WORD = 'Quastenflosser';

for (const [name, value] of [
  ['BENCH_ENTRIES', ENTRIES],
  ['BENCH_ANCHOR_ENTRIES', ANCHOR_ENTRIES],
] as const) {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
}

type Pagination = {
  total_entries: number;
  total_capped?: true;
  last_page: number;
  next_cursor?: string | null;
  previous_cursor?: string | null;
};

/** One timed call: a path under /api/v1. */
type Call = { path: string };

const LIST = 'admin/collection/entries?sort=updated_at:desc&page_size=20';

async function benchServer(env: Record<string, string>, entries: number): Promise<Record<string, unknown>> {
  // The seed deletes entries up to two years back; a retention longer than that keeps the start's
  // purge from removing them (and from outlasting the start's time limit at a million entries).
  const server = await startServer({
    EINWURF_ADMIN_PASSWORD: ADMIN_PASSWORD,
    EINWURF_RETENTION_DAYS: '3650',
    ...env,
  });
  // An account of its own, made once the start has made the first admin: a kept database's admin
  // may have any password by now.
  let account: Awaited<ReturnType<typeof benchAccount>> | undefined;
  try {
    account = await benchAccount({ EINWURF_RETENTION_DAYS: '3650', ...env });
    const cookie = await logIn(server.baseUrl, account);
    const loadAtStart = loadavg();
    const get = async (path: string): Promise<Pagination | undefined> => {
      const res = await fetch(`${server.baseUrl}/api/v1/${path}`, { headers: { cookie } });
      const body = (await res.json()) as { meta?: { pagination: Pagination } };
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      return body.meta?.pagination;
    };
    // The middle and last pages as the moderation list reaches them: with the cursor the page
    // before (or, for the last page, the first page's "last" link) hands over, when the answer
    // has one; and by number alone, as a typed-in page number asks.
    const first = await get(`${LIST}&current_page=1`);
    const lastPage = first?.last_page ?? 1;
    const middlePage = Math.max(1, Math.ceil(lastPage / 2));
    const beforeMiddle = await get(`${LIST}&current_page=${Math.max(1, middlePage - 1)}`);
    const withCursor = (page: number, cursor: string | null | undefined) =>
      `${LIST}&current_page=${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const q = (words: string) =>
      `admin/collection/entries?query=${encodeURIComponent(words)}&current_page=1&page_size=20`;
    const calls: Record<string, Call> = {
      list: { path: `${LIST}&current_page=1` },
      list_middle_page: { path: withCursor(middlePage, beforeMiddle?.next_cursor) },
      list_middle_page_by_number: { path: `${LIST}&current_page=${middlePage}` },
      list_last_page: { path: `${LIST}&current_page=${lastPage}` },
      // By title, a page by number is found through the entries counted per range of titles.
      list_title_middle_page_by_number: {
        path: `admin/collection/entries?sort=title:asc&page_size=20&current_page=${middlePage}`,
      },
      list_type: { path: `${LIST}&current_page=1&filters=type:is:article` },
      list_state: { path: `${LIST}&current_page=1&filters=state:is:published` },
      list_type_state: { path: `${LIST}&current_page=1&filters=type:is:article,state:is:published` },
      // The desk's "nobody has it": its total and its pages by number from the entries counted per day.
      list_unassigned: { path: `${LIST}&current_page=1&filters=assignee:is:none` },
      list_unassigned_middle_page_by_number: {
        path: `${LIST}&current_page=${middlePage}&filters=assignee:is:none`,
      },
      search_one_word: { path: q(COMMON_WORDS[0]) },
      search_two_words: { path: q(COMMON_WORDS.slice(0, 2).join(' ')) },
      search_three_words: { path: q(COMMON_WORDS.join(' ')) },
      search_state: { path: `${q(COMMON_WORDS[0])}&filters=state:is:published` },
      search_rare: { path: q(RARE_WORD) },
      dashboard: { path: 'admin/dashboard' },
      health_metric: { path: 'admin/config/healthmetric' },
    };
    const results: Record<string, LatencySummary & { total_entries?: number; total_capped?: boolean }> = {};
    for (const [name, { path }] of Object.entries(calls)) {
      const pagination = await get(path); // warm-up, and the match count
      const summary = await measure(REQUESTS, CONCURRENCY, async () => void (await get(path)));
      const counted = pagination
        ? { total_entries: pagination.total_entries, total_capped: pagination.total_capped === true }
        : {};
      results[name] = { ...summary, ...counted };
      console.log(
        `${entries} ${name}: p50 ${summary.p50_ms} ms, p95 ${summary.p95_ms} ms` +
          (pagination
            ? ` (${pagination.total_entries}${pagination.total_capped ? ', capped' : ''} entries)`
            : ''),
      );
    }
    // Other work on the machine skews the figures: the load averages (1, 5, 15 min) say how much.
    return {
      entries,
      middle_page: middlePage,
      last_page: lastPage,
      middle_page_cursor: beforeMiddle?.next_cursor ? 'yes' : 'none offered',
      load_at_start: loadAtStart,
      load_at_end: loadavg(),
      calls: results,
    };
  } finally {
    await account?.remove();
    await server.stop();
  }
}

/** p95 at the full size over p95 at the anchor's, per call; the goal is at most 2 and p95 under 50 ms. */
function ratios(anchor: Record<string, unknown>, full: Record<string, unknown>): Record<string, unknown> {
  const a = anchor['calls'] as Record<string, LatencySummary>;
  const f = full['calls'] as Record<string, LatencySummary>;
  return Object.fromEntries(
    Object.keys(f).map((name) => {
      const ratio = Number((f[name]!.p95_ms / Math.max(0.01, a[name]?.p95_ms ?? 0)).toFixed(2));
      return [
        name,
        {
          p95_anchor_ms: a[name]?.p95_ms,
          p95_ms: f[name]!.p95_ms,
          ratio,
          meets_goal: f[name]!.p95_ms < GOAL_P95_MS && ratio <= GOAL_RATIO,
        },
      ];
    }),
  );
}

/** Entries in a kept SQLite data folder; 0 when it has no database yet. */
function sqliteEntries(dataDir: string): number {
  const file = join(dataDir, 'einwurf.sqlite');
  if (!existsSync(file)) return 0;
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const row = db.prepare('select sum(count) as n from entry_counts').get() as { n: number | null };
    return Number(row.n ?? 0);
  } catch {
    return 0; // not migrated yet
  } finally {
    db.close();
  }
}

/** Entries in a kept PostgreSQL database, which is created when missing. */
async function postgresEntries(name: string): Promise<number> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    const row = await client.query<{ n: string | null }>('select sum(count) as n from entry_counts');
    return Number(row.rows[0]?.n ?? 0);
  } catch {
    return 0; // not migrated yet
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

type Size = { entries: number; kept: { sqlite: string | undefined; postgres: string | undefined } };

async function runSqlite({ entries, kept }: Size): Promise<Record<string, unknown>> {
  if (kept.sqlite !== undefined) {
    mkdirSync(kept.sqlite, { recursive: true });
    const env = { EINWURF_DATA_DIR: kept.sqlite };
    const present = sqliteEntries(kept.sqlite);
    const seeded = present === 0 ? await seedEntries(entries, env) : `kept database with ${present} entries`;
    return { seed: seeded, ...(await benchServer(env, entries)) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-moderation-'));
  try {
    const seeded = await seedEntries(entries, { EINWURF_DATA_DIR: dataDir });
    return { seed: seeded, ...(await benchServer({ EINWURF_DATA_DIR: dataDir }, entries)) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runPostgres({ entries, kept }: Size): Promise<Record<string, unknown>> {
  if (kept.postgres !== undefined) {
    if (!/^[a-z_][a-z0-9_]*$/.test(kept.postgres)) throw new Error('BENCH_PG_DATABASE: a plain name');
    const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-moderation-pg-'));
    try {
      const env = { EINWURF_DATA_DIR: dataDir, DATABASE_URL: databaseUrl(kept.postgres) };
      const present = await postgresEntries(kept.postgres);
      const seeded =
        present === 0 ? await seedEntries(entries, env) : `kept database with ${present} entries`;
      return { seed: seeded, ...(await benchServer(env, entries)) };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return withScratchPostgres(PG_ADMIN_URL, 'moderation', async (env) => {
    const seeded = await seedEntries(entries, env);
    return { seed: seeded, ...(await benchServer(env, entries)) };
  });
}

// Each database is measured at the anchor's size and then at the full size in the same run; the
// ratio of their p95 per call says how the call grows with the entries.
const only = process.env['BENCH_DATABASES']?.split(',') ?? ['sqlite', 'postgres'];
const result: Record<string, unknown> = {
  entries: ENTRIES,
  anchor_entries: ANCHOR_ENTRIES,
  requests_per_call: REQUESTS,
  concurrency: CONCURRENCY,
  goal: { p95_ms_below: GOAL_P95_MS, ratio_at_most: GOAL_RATIO },
};
const runners = { sqlite: runSqlite, postgres: runPostgres };
for (const name of ['sqlite', 'postgres'] as const) {
  if (!only.includes(name)) continue;
  const anchor = await runners[name]({ entries: ANCHOR_ENTRIES, kept: KEPT.anchor });
  const full = await runners[name]({ entries: ENTRIES, kept: KEPT.full });
  result[name] = { ratios: ratios(anchor, full), anchor, full };
}
writeResult(process.env['BENCH_RESULT'] ?? 'moderation', result);
