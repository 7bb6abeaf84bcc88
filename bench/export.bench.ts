// The export of entries at scale: BENCH_ENTRIES (default 1,000,000) entries are bulk-inserted by
// SQL into a fresh SQLite data folder and a fresh PostgreSQL database (created on the local server,
// dropped after), then each is exported as JSON Lines and as CSV, once through the real server
// (`GET /api/v1/admin/collection/export`, read to the end by this process) and once by the CLI
// (`einwurf export --output <file>`). Measured: wall time, entries and bytes, the server's and the
// CLI's peak resident memory while exporting (sampled from /proc every 50 ms) and the server's peak
// V8 heap (sampled from /metrics every 250 ms). Loopback only, bounded counts.
// BENCH_DATABASES picks sqlite,postgres; BENCH_PG_URL the PostgreSQL server.
//
// Measured at 1,000,000 entries (859 MB of JSON Lines, 752 MB of CSV) on the shared 2-core machine,
// load 3-9: through the server 21-31 s (SQLite) and 24-26 s (PostgreSQL), by the CLI 19-30 s; the
// server's resident memory 220-360 MB at every quarter of the download (about 210 MB idle), V8 heap
// in use at most 105 MB (SQLite) and 217 MB (PostgreSQL); the CLI at most 206-279 MB.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { logIn, processTree, residentKb, sampleRss, startServer, writeResult } from './support.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = Number(process.env['BENCH_ENTRIES'] ?? 1_000_000);
const PG_ADMIN_URL = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASES = (process.env['BENCH_DATABASES'] ?? 'sqlite,postgres').split(',');
const ADMIN_PASSWORD = 'bench-admin-password';
/** /metrics answers only with a token (404 when none is set). */
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const FORMATS = ['jsonl', 'csv'] as const;

if (!Number.isSafeInteger(ENTRIES) || ENTRIES < 1)
  throw new Error('BENCH_ENTRIES must be a positive integer');

// One statement each side, so a million rows go in within a minute: a numbers series, every
// entry an article or an event with a body of about 600 characters, states spread over four.
// `n` is the row number; the rest is the SQL of each dialect.
const LOREM =
  'Einwurf sammelt Beiträge aus der Nachbarschaft, prüft sie und veröffentlicht sie auf der Website. ';
function entryColumns(dialect: 'sqlite' | 'postgres'): string {
  const text = (expr: string) => (dialect === 'postgres' ? `(${expr})::text` : `cast(${expr} as text)`);
  const id = dialect === 'postgres' ? `substr(md5(n::text), 1, 22)` : `lower(hex(randomblob(11)))`;
  const body = `'${LOREM.repeat(6)}'`;
  return `${id},
    case when n % 3 = 0 then 'event' else 'article' end,
    case n % 4 when 0 then 'draft' when 1 then 'proposed' when 2 then 'published' else 'rejected' end,
    case when n % 1000 = 0 then '=SUMME(A1:A9) ' else 'Beitrag ' end || ${text('n')},
    case when n % 3 = 0
      then '{"content":' || '"' || ${body} || '","starts_at":"2026-12-01T18:00:00Z","location":"Kulturhaus","audience":["adults"],"capacity":80}'
      else '{"content":' || '"' || ${body} || '","lead":"Kurz gesagt.","category":"local","tags":["quartier","' || ${text('n % 50')} || '"]}'
    end,
    'not a hash', 1,
    1700000000000 + n * 1000, 1700000000000 + n * 1000 + 500, null,
    case when n % 4 = 2 then 1700000000000 + n * 1000 + 500 else null end`;
}
const INSERT_HEAD =
  'insert into entries (id, type, state, title, data, password_hash, revision, created_at, updated_at, deleted_at, published_at)';
const COUNTS =
  'insert into entry_counts (type, state, count) select type, state, count(*) from entries group by type, state';

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

const migrate = (env: Record<string, string>) => run('npx', ['einwurf', 'migrate'], env);

async function fillSqlite(dataDir: string): Promise<number> {
  await migrate({ EINWURF_DATA_DIR: dataDir });
  const t0 = performance.now();
  const db = new SqliteDatabase(join(dataDir, 'einwurf.sqlite'));
  db.exec(`${INSERT_HEAD} with recursive s(n) as (select 1 union all select n + 1 from s where n < ${ENTRIES})
    select ${entryColumns('sqlite')} from s`);
  db.exec(COUNTS);
  db.close();
  return (performance.now() - t0) / 1000;
}

async function fillPostgres(url: string): Promise<number> {
  await migrate({ DATABASE_URL: url });
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `${INSERT_HEAD} select ${entryColumns('postgres')} from generate_series(1, ${ENTRIES}) n`,
  );
  await client.query(COUNTS);
  await client.query('vacuum analyze entries');
  await client.end();
  return (performance.now() - t0) / 1000;
}

/** Polls the server's V8 heap in use and its memory outside the heap (buffers) from /metrics; answers the highest seen. */
function sampleHeap(baseUrl: string): {
  stop: () => Promise<{ peak_heap_mb: number; peak_external_mb: number }>;
} {
  let peak = 0;
  let external = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const text = await (
          await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).text();
        const used = Number(/^nodejs_heap_size_used_bytes (\d+)/m.exec(text)?.[1] ?? 0);
        peak = Math.max(peak, used);
        external = Math.max(external, Number(/^nodejs_external_memory_bytes (\d+)/m.exec(text)?.[1] ?? 0));
      } catch {
        // the next sample
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return {
        peak_heap_mb: Math.round(peak / 1024 / 1024),
        peak_external_mb: Math.round(external / 1024 / 1024),
      };
    },
  };
}

async function viaServer(env: Record<string, string>): Promise<Record<string, unknown>> {
  const server = await startServer({
    EINWURF_ADMIN_PASSWORD: ADMIN_PASSWORD,
    EINWURF_RETENTION_DAYS: '3650',
    EINWURF_METRICS_TOKEN: METRICS_TOKEN,
    ...env,
  });
  try {
    const cookie = await logIn(server.baseUrl, { username: 'admin', password: ADMIN_PASSWORD });
    const results: Record<string, unknown> = {};
    for (const format of FORMATS) {
      const rss = sampleRss(server.pid);
      const heap = sampleHeap(server.baseUrl);
      const t0 = performance.now();
      const response = await fetch(`${server.baseUrl}/api/v1/admin/collection/export?format=${format}`, {
        headers: { cookie },
      });
      if (!response.ok) throw new Error(`export answered ${response.status}`);
      let bytes = 0;
      let lines = 0;
      // The server's resident memory at each quarter of the download: flat when the export streams.
      const quarters: number[] = [];
      const mark = () => {
        if (lines >= ((quarters.length + 1) * ENTRIES) / 4 && quarters.length < 4) {
          quarters.push(
            Math.round(Math.max(...processTree(server.pid).map((pid) => residentKb(pid).rss)) / 1024),
          );
        }
      };
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        for (const byte of value) if (byte === 0x0a) lines += 1;
        mark();
      }
      const seconds = (performance.now() - t0) / 1000;
      results[format] = {
        seconds: Number(seconds.toFixed(1)),
        announced_entries: Number(response.headers.get('x-total-count')),
        lines,
        megabytes: Math.round(bytes / 1024 / 1024),
        entries_per_second: Math.round(ENTRIES / seconds),
        ...rss.stop(),
        rss_mb_at_quarters: quarters,
        ...(await heap.stop()),
      };
      console.log(`server ${format}:`, JSON.stringify(results[format]));
    }
    return results;
  } finally {
    await server.stop();
  }
}

async function viaCli(env: Record<string, string>): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'einwurf-bench-export-out-'));
  const results: Record<string, unknown> = {};
  try {
    for (const format of FORMATS) {
      const file = join(dir, `entries.${format}`);
      const t0 = performance.now();
      const child = spawn(
        process.execPath,
        ['server/bin/einwurf.mjs', 'export', '--format', format, '--output', file],
        { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } },
      );
      const rss = sampleRss(child.pid!);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      const memory = rss.stop();
      if (code !== 0) throw new Error(`einwurf export exited ${code}`);
      const seconds = (performance.now() - t0) / 1000;
      results[format] = {
        seconds: Number(seconds.toFixed(1)),
        megabytes: Math.round(statSync(file).size / 1024 / 1024),
        entries_per_second: Math.round(ENTRIES / seconds),
        ...memory,
      };
      rmSync(file);
      console.log(`cli ${format}:`, JSON.stringify(results[format]));
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchSqlite(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-export-'));
  try {
    const fillSeconds = await fillSqlite(dataDir);
    console.log(`sqlite: ${ENTRIES} entries inserted in ${fillSeconds.toFixed(1)} s`);
    const env = { EINWURF_DATA_DIR: dataDir };
    return {
      fill_seconds: Number(fillSeconds.toFixed(1)),
      server: await viaServer(env),
      cli: await viaCli(env),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<Record<string, unknown>> {
  const name = `einwurf_bench_export_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-export-pg-'));
  try {
    const fillSeconds = await fillPostgres(url.toString());
    console.log(`postgres: ${ENTRIES} entries inserted in ${fillSeconds.toFixed(1)} s`);
    const env = { EINWURF_DATA_DIR: dataDir, DATABASE_URL: url.toString() };
    return {
      fill_seconds: Number(fillSeconds.toFixed(1)),
      server: await viaServer(env),
      cli: await viaCli(env),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const result: Record<string, unknown> = { entries: ENTRIES, load_at_start: loadavg() };
if (DATABASES.includes('sqlite')) result['sqlite'] = await benchSqlite();
if (DATABASES.includes('postgres')) result['postgres'] = await benchPostgres();
result['load_at_end'] = loadavg();
writeResult('export', result);
