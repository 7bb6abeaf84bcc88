// Moderation's read paths at scale: `einwurf seed` fills a fresh SQLite data folder and a fresh
// PostgreSQL database (created on the local server, dropped after) with BENCH_ENTRIES entries
// (default 1,000,000), the real server starts on each, an admin logs in, and the list, a filtered
// list, a deep page and full-text searches for a common and a rare word are timed. Loopback only,
// bounded counts. Goal: p95 under 50 ms for list and search at 1,000,000 entries.
//
// Seeding a million entries takes minutes, so BENCH_SQLITE_DIR (a data folder) and
// BENCH_PG_DATABASE (a database name on the local server) keep a seeded database for later runs:
// it is created and seeded when it holds no entries, measured as it is otherwise, never removed.
// BENCH_RESULT names the result file (default moderation), BENCH_DATABASES picks sqlite,postgres.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import {
  benchAccount,
  type LatencySummary,
  measure,
  startServer,
  track,
  withScratchPostgres,
  writeResult,
} from './support.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = Number(process.env['BENCH_ENTRIES'] ?? 1_000_000);
const PG_ADMIN_URL = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 200);
const CONCURRENCY = 2;
const ADMIN_PASSWORD = 'bench-admin-password';
// "festival" is in both seed word lists (about a quarter of all entries); the rare word is put in
// about one entry in a thousand (server/src/features/seed/words.ts).
const COMMON_WORD = 'festival';
const KEPT_SQLITE_DIR = process.env['BENCH_SQLITE_DIR'];
const KEPT_PG_DATABASE = process.env['BENCH_PG_DATABASE'];
const RARE_WORD = 'Quastenflosser';

if (!Number.isSafeInteger(ENTRIES) || ENTRIES < 1)
  throw new Error('BENCH_ENTRIES must be a positive integer');

function seed(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['einwurf', 'seed', '--entries', String(ENTRIES)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
    track(child.pid!);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(out.trim().split('\n').at(-1) ?? '') : reject(new Error(`seed exited ${code}`)),
    );
  });
}

async function session(
  baseUrl: string,
  account: { username: string; password: string },
): Promise<{ cookie: string }> {
  const first = await fetch(`${baseUrl}/api/v1/auth`);
  const token = first.headers.get('x-csrf-token') ?? '';
  let cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const login = await fetch(`${baseUrl}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  cookie = [cookie, ...login.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  return { cookie };
}

async function benchServer(env: Record<string, string>): Promise<Record<string, unknown>> {
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
    const { cookie } = await session(server.baseUrl, account);
    const loadAtStart = loadavg();
    const get = (path: string) => async () => {
      const res = await fetch(`${server.baseUrl}/api/v1/admin/collection/entries?${path}`, {
        headers: { cookie },
      });
      const body = (await res.json()) as {
        meta?: { pagination: { total_entries: number; total_capped?: true } };
      };
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      return body.meta?.pagination;
    };
    const deepPage = Math.max(1, Math.floor(ENTRIES / 20 / 2));
    const calls: Record<string, string> = {
      list: 'sort=updated_at:desc&current_page=1&page_size=20',
      list_filtered:
        'sort=updated_at:desc&current_page=1&page_size=20&filters=type:is:article,state:is:published',
      list_deep_page: `sort=updated_at:desc&current_page=${deepPage}&page_size=20`,
      list_page_1000: 'sort=updated_at:desc&current_page=1000&page_size=20',
      search_common: `query=${COMMON_WORD}&current_page=1&page_size=20`,
      search_rare: `query=${RARE_WORD}&current_page=1&page_size=20`,
    };
    const results: Record<string, LatencySummary & { total_entries: number; total_capped: boolean }> = {};
    for (const [name, path] of Object.entries(calls)) {
      const pagination = await get(path)(); // warm-up, and the match count
      const total = pagination?.total_entries ?? 0;
      const capped = pagination?.total_capped === true;
      const summary = await measure(REQUESTS, CONCURRENCY, async () => void (await get(path)()));
      results[name] = { ...summary, total_entries: total, total_capped: capped };
      console.log(
        `${name}: p50 ${summary.p50_ms} ms, p95 ${summary.p95_ms} ms (${total}${capped ? ', capped' : ''} entries)`,
      );
    }
    // Other work on the machine skews the figures: the load averages (1, 5, 15 min) say how much.
    return { deep_page: deepPage, load_at_start: loadAtStart, load_at_end: loadavg(), ...results };
  } finally {
    await account?.remove();
    await server.stop();
  }
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

async function runSqlite(): Promise<Record<string, unknown>> {
  if (KEPT_SQLITE_DIR !== undefined) {
    mkdirSync(KEPT_SQLITE_DIR, { recursive: true });
    const env = { EINWURF_DATA_DIR: KEPT_SQLITE_DIR };
    const present = sqliteEntries(KEPT_SQLITE_DIR);
    const seeded = present === 0 ? await seed(env) : `kept database with ${present} entries`;
    return { seed: seeded, ...(await benchServer(env)) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-moderation-'));
  try {
    const seeded = await seed({ EINWURF_DATA_DIR: dataDir });
    return { seed: seeded, ...(await benchServer({ EINWURF_DATA_DIR: dataDir })) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runPostgres(): Promise<Record<string, unknown>> {
  if (KEPT_PG_DATABASE !== undefined) {
    if (!/^[a-z_][a-z0-9_]*$/.test(KEPT_PG_DATABASE)) throw new Error('BENCH_PG_DATABASE: a plain name');
    const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-moderation-pg-'));
    try {
      const env = { EINWURF_DATA_DIR: dataDir, DATABASE_URL: databaseUrl(KEPT_PG_DATABASE) };
      const present = await postgresEntries(KEPT_PG_DATABASE);
      const seeded = present === 0 ? await seed(env) : `kept database with ${present} entries`;
      return { seed: seeded, ...(await benchServer(env)) };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return withScratchPostgres(PG_ADMIN_URL, 'moderation', async (env) => {
    const seeded = await seed(env);
    return { seed: seeded, ...(await benchServer(env)) };
  });
}

const only = process.env['BENCH_DATABASES']?.split(',') ?? ['sqlite', 'postgres'];
const result: Record<string, unknown> = {
  entries: ENTRIES,
  requests_per_call: REQUESTS,
  concurrency: CONCURRENCY,
};
if (only.includes('sqlite')) result['sqlite'] = await runSqlite();
if (only.includes('postgres')) result['postgres'] = await runPostgres();
writeResult(process.env['BENCH_RESULT'] ?? 'moderation', result);
