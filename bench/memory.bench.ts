// Start and memory of the compiled server (what production runs: node server/dist/main.js) on SQLite
// with an existing data folder, beside a bare Fastify process started the same way in the same
// minute (the anchor): time from spawn to the first /healthz answer of a restart (the server has run
// on the data folder before), resident memory idle, its peak at 200 connections reading the public
// list, and again once the load has passed. The data folder holds BENCH_DELETED (default 50,000)
// entries deleted long ago, so the start's purge has work to do while the first answer is awaited.
// Goals: first answer ≤ 0.5 s (the median of BENCH_STARTS starts), idle ≤ 120 MB, peak ≤ 250 MB.
// The very first start on the new folder (first admin made, content types checked in full) is
// reported beside them as first_start_ms.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { einwurf, endTree, residentKb, sampleRss, track, writeResult } from './support.ts';
import { buildServer, isServerBuildFresh } from '../server/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const DELETED = Number(process.env['BENCH_DELETED'] ?? 50_000);
const PORT = Number(process.env['BENCH_PORT'] ?? 21000 + Math.floor(Math.random() * 1000));
const STARTS = Math.max(1, Number(process.env['BENCH_STARTS'] ?? 5));
const GOALS = { first_answer_ms: 500, idle_rss_mb: 120, peak_rss_mb: 250 } as const;
const ANCHOR = `import Fastify from 'fastify';
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/v1/public/entries', async () => ({ data: [] }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

type Started = { child: ChildProcess; firstAnswerMs: number };

async function firstAnswer(child: ChildProcess, url: string, began: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process at ${url} stopped during start`);
    try {
      if ((await fetch(url)).ok) return performance.now() - began;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function start(args: string[], env: Record<string, string>, cwd: string): Promise<Started> {
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', ...env },
  });
  track(child.pid!);
  const firstAnswerMs = await firstAnswer(child, `http://127.0.0.1:${PORT}/healthz`, began);
  return { child, firstAnswerMs };
}

/**
 * Starts the process BENCH_STARTS times (default 5): each start but the last is ended at its first
 * answer (before housekeeping's first run, so each finds the same data); the last is returned with the
 * median of all first answers, since one start's time swings by a tenth on this machine.
 */
async function startRepeatedly(
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<Started & { firstAnswersMs: number[] }> {
  const times: number[] = [];
  for (;;) {
    const started = await start(args, env, cwd);
    times.push(Math.round(started.firstAnswerMs));
    if (times.length >= STARTS) {
      const sorted = [...times].sort((a, b) => a - b);
      return { ...started, firstAnswerMs: sorted[Math.floor(sorted.length / 2)]!, firstAnswersMs: times };
    }
    await endTree(started.child.pid!);
  }
}

/** Start, idle, peak and after-load figures of one process. */
async function measureProcess(started: Started, readPath: string): Promise<Record<string, number>> {
  const pid = started.child.pid!;
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idle = residentKb(pid).rss;
  const sampler = sampleRss(pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      { url: `http://127.0.0.1:${PORT}${readPath}`, connections: 200, duration: 10 },
      (error, done) => (error ? reject(error) : resolve(done)),
    ),
  );
  const { peak_rss_mb } = sampler.stop();
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const after = residentKb(pid).rss;
  await endTree(pid);
  return {
    first_answer_ms: Math.round(started.firstAnswerMs),
    idle_rss_mb: Math.round(idle / 1024),
    peak_rss_mb,
    after_rss_mb: Math.round(after / 1024),
    requests_per_second: Math.round(result.requests.average),
  };
}

async function main(): Promise<void> {
  if (!isServerBuildFresh()) await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-memory-'));
  const env = { EINWURF_DATA_DIR: dataDir, EINWURF_ADMIN_PASSWORD: 'bench-admin-password' };
  try {
    // An existing database, as at a restart: migrated, served once (which makes the first admin and
    // marks the content types checked), entries seeded and deleted long ago.
    await einwurf(['migrate'], env);
    const first = await start(['server/dist/main.js'], env, root);
    await endTree(first.child.pid!);
    if (DELETED > 0) {
      await einwurf(['seed', '--entries', String(DELETED)], env);
      const db = new Database(join(dataDir, 'einwurf.sqlite'));
      db.prepare(`update entries set state = 'deleted', deleted_at = 1`).run();
      db.close();
    }
    const anchorStarts = await startRepeatedly(
      ['--input-type=module', '-e', ANCHOR],
      {},
      join(root, 'server'),
    );
    const anchor = await measureProcess(anchorStarts, '/api/v1/public/entries');
    const serverStarts = await startRepeatedly(['server/dist/main.js'], env, root);
    const server = await measureProcess(serverStarts, '/api/v1/public/entries');
    const ratio = (key: string) => Number((server[key]! / anchor[key]!).toFixed(2));
    writeResult('memory', {
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
      deleted_entries: DELETED,
      goals: GOALS,
      first_start_ms: Math.round(first.firstAnswerMs),
      server,
      anchor,
      first_answers_ms: { server: serverStarts.firstAnswersMs, anchor: anchorStarts.firstAnswersMs },
      ratios: { first_answer: ratio('first_answer_ms'), idle_rss: ratio('idle_rss_mb') },
      met: Object.fromEntries(
        Object.entries(GOALS).map(([key, goal]) => [key, (server[key] ?? Infinity) <= goal]),
      ),
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
