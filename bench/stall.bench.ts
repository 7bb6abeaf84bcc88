// Whether a slow query stalls other requests on SQLite: autocannon at 100 connections of an author
// reading their entry (GET /api/v1/anon/:id), alone and while four moderators search a common word
// over and over, once with SQLite on the server's own thread (EINWURF_SQLITE_WORKERS=0) and once on
// three worker threads (the default with four cores or more; fewer cores run it on the server's
// own thread by default). Goal: the author's p99 under 50 ms with the four searching.
// The author's throughput alone, threads against own thread, says what the threads cost plain reads.
// The load averages are kept beside every figure.
//
// `einwurf seed` fills a fresh data folder with BENCH_ENTRIES entries (default 100,000), so that a
// search for the common word is slow; BENCH_SQLITE_DIR keeps a seeded folder for later runs (seeded
// when it holds no entries). BENCH_SECONDS is the length of each run (default 10), BENCH_WORKERS the
// worker counts compared (default 0,3), BENCH_RESULT the result file (default stall).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import {
  benchAccount,
  CONNECTIONS,
  createDraft,
  type LatencySummary,
  logIn,
  pound,
  type Run,
  seedEntries,
  startServer,
  writeResult,
} from './support.ts';

const ENTRIES = Number(process.env['BENCH_ENTRIES'] ?? 100_000);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const WORKERS = (process.env['BENCH_WORKERS'] ?? '0,3').split(',').map(Number);
const KEPT_SQLITE_DIR = process.env['BENCH_SQLITE_DIR'];
const MODERATORS = 4;
const GOAL_P99_MS = 50;
// In both seed word lists, about a quarter of all entries (server/src/features/seed/words.ts).
const COMMON_WORD = 'festival';
const ENTRY_PASSWORD = 'bench-entry-password';
const SERVER_ENV = {
  // The seed deletes entries up to two years back; the start's purge leaves them.
  EINWURF_RETENTION_DAYS: '3650',
  EINWURF_POW_DIFFICULTY: '1',
  EINWURF_POW_CHALLENGES_PER_MINUTE: '0',
};

if (!Number.isSafeInteger(ENTRIES) || ENTRIES < 1)
  throw new Error('BENCH_ENTRIES must be a positive integer');

function entriesIn(dataDir: string): number {
  const file = join(dataDir, 'einwurf.sqlite');
  if (!existsSync(file)) return 0;
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from entries').get() as { n: number }).n;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

/** Moderators searching one after another until stopped; answers their searches' latencies. */
function searching(baseUrl: string, cookie: string) {
  let stopped = false;
  const latencies: number[] = [];
  const moderator = async () => {
    while (!stopped) {
      const t0 = performance.now();
      const res = await fetch(
        `${baseUrl}/api/v1/admin/collection/entries?query=${COMMON_WORD}&current_page=1&page_size=20`,
        { headers: { cookie } },
      );
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`the search answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  const running = Promise.all(Array.from({ length: MODERATORS }, moderator));
  return {
    async stop(): Promise<Pick<LatencySummary, 'requests' | 'p50_ms' | 'p99_ms'>> {
      stopped = true;
      await running;
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
      return { requests: latencies.length, p50_ms: at(0.5), p99_ms: at(0.99) };
    },
  };
}

/**
 * Waits until the start's housekeeping (purging the seed's old events, say) is done: on the server's
 * own thread it holds up every answer, so five quick answers in a row say it is over.
 */
async function settled(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  let quick = 0;
  while (quick < 5 && Date.now() < deadline) {
    const t0 = performance.now();
    await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
    quick = performance.now() - t0 < 100 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function benchWorkers(dataDir: string, workers: number): Promise<Record<string, unknown>> {
  const env = { ...SERVER_ENV, EINWURF_DATA_DIR: dataDir };
  const server = await startServer({ ...env, EINWURF_SQLITE_WORKERS: String(workers) });
  let account: Awaited<ReturnType<typeof benchAccount>> | undefined;
  try {
    await settled(server.baseUrl);
    account = await benchAccount(env);
    const moderatorCookie = await logIn(server.baseUrl, account);
    const author = await createDraft(server.baseUrl, ENTRY_PASSWORD);
    const read: autocannon.Options = {
      url: `${server.baseUrl}/api/v1/anon/${author.id}`,
      headers: { cookie: author.cookie },
    };
    await pound({ ...read, duration: 2 }, SECONDS); // warm-up
    const loadAlone = loadavg();
    const alone = await pound(read, SECONDS);
    const loadSearching = loadavg();
    const searches = searching(server.baseUrl, moderatorCookie);
    const withSearches = await pound(read, SECONDS);
    const searchesDone = await searches.stop();
    const result = {
      author_read_alone: { ...alone, load_1_5_15: loadAlone },
      author_read_while_searching: { ...withSearches, load_1_5_15: loadSearching },
      searches: searchesDone,
      met: withSearches.p99_ms < GOAL_P99_MS,
    };
    console.log(
      `workers ${workers}: author read alone p50 ${alone.p50_ms} ms, p99 ${alone.p99_ms} ms, ${alone.per_second}/s ` +
        `(load ${loadAlone[0]?.toFixed(2)}); while ${MODERATORS} moderators search: p50 ${withSearches.p50_ms} ms, ` +
        `p99 ${withSearches.p99_ms} ms, ${withSearches.per_second}/s (load ${loadSearching[0]?.toFixed(2)}); ` +
        `${searchesDone.requests} searches, p50 ${searchesDone.p50_ms} ms`,
    );
    return result;
  } finally {
    await account?.remove();
    await server.stop();
  }
}

const dataDir = KEPT_SQLITE_DIR ?? mkdtempSync(join(tmpdir(), 'einwurf-bench-stall-'));
try {
  mkdirSync(dataDir, { recursive: true });
  const present = entriesIn(dataDir);
  const seeded =
    present === 0
      ? await seedEntries(ENTRIES, { ...SERVER_ENV, EINWURF_DATA_DIR: dataDir })
      : `kept database with ${present} entries`;
  const result: Record<string, unknown> = {
    seed: seeded,
    connections: CONNECTIONS,
    moderators: MODERATORS,
    seconds_per_run: SECONDS,
    goal_p99_ms: GOAL_P99_MS,
    load_at_start: loadavg(),
  };
  // A first start on the server's own thread does the housekeeping the seeded data calls for, so
  // that no measured run does it.
  const first = await startServer({ ...SERVER_ENV, EINWURF_DATA_DIR: dataDir, EINWURF_SQLITE_WORKERS: '0' });
  await settled(first.baseUrl);
  // Warms the bench's own client up too: a cold autocannon made whichever server came first look slow.
  await pound({ url: `${first.baseUrl}/healthz`, duration: 5 }, SECONDS);
  await first.stop();
  for (const workers of WORKERS) result[`workers_${workers}`] = await benchWorkers(dataDir, workers);
  const pooled = WORKERS.find((n) => n > 0);
  if (WORKERS.includes(0) && pooled !== undefined) {
    const rate = (n: number) =>
      (result[`workers_${n}`] as { author_read_alone: Run }).author_read_alone.per_second;
    // What the threads cost a plain read: the author's throughput alone, threads against own thread.
    result['author_read_throughput_ratio'] = Number((rate(pooled) / rate(0)).toFixed(3));
  }
  result['load_at_end'] = loadavg();
  writeResult(process.env['BENCH_RESULT'] ?? 'stall', result);
} finally {
  if (KEPT_SQLITE_DIR === undefined) rmSync(dataDir, { recursive: true, force: true });
}
