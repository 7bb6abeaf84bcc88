// Start and memory of the compiled server (what production runs: node server/dist/main.js) on SQLite
// with an existing data folder, beside a bare Fastify process started the same way in the same
// minute (the anchor): time from spawn to the first /healthz answer, resident memory idle, its peak
// at 200 connections reading the public list, and again once the load has passed. The data folder
// holds BENCH_DELETED (default 50,000) entries deleted long ago, so the start's purge has work to do
// while the first answer is awaited. Goals: first answer ≤ 0.5 s, idle ≤ 120 MB, peak ≤ 250 MB.
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
    // An existing database: migrated, the first admin made, entries seeded and deleted long ago.
    await einwurf(['migrate'], env);
    if (DELETED > 0) {
      await einwurf(['seed', '--entries', String(DELETED)], env);
      const db = new Database(join(dataDir, 'einwurf.sqlite'));
      db.prepare(`update entries set state = 'deleted', deleted_at = 1`).run();
      db.close();
    }
    const anchor = await measureProcess(
      await start(['--input-type=module', '-e', ANCHOR], {}, join(root, 'server')),
      '/api/v1/public/entries',
    );
    const server = await measureProcess(
      await start(['server/dist/main.js'], env, root),
      '/api/v1/public/entries',
    );
    const ratio = (key: string) => Number((server[key]! / anchor[key]!).toFixed(2));
    writeResult('memory', {
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
      deleted_entries: DELETED,
      goals: GOALS,
      server,
      anchor,
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
