// Shared pieces of the benchmarks: a real server in a child process on its own port with a fresh
// data folder, latency percentiles, and the JSON result file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export type RunningServer = {
  baseUrl: string;
  /** The process started (npx); the server's node process is among its descendants. */
  pid: number;
  stop: () => Promise<void>;
};

/** Starts the real server (`server/src/main.ts`) with a fresh data folder and waits for /healthz. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-'));
  const child: ChildProcess = spawn('npx', ['tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      EINWURF_DATA_DIR: dataDir,
      EINWURF_ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server stopped during start');
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    // npx does not pass the signal on to the server it started, so the whole tree is told.
    stop: () =>
      new Promise((resolve) => {
        const tree = processTree(child.pid!);
        child.once('exit', () => resolve());
        for (const pid of tree.reverse()) {
          try {
            process.kill(pid, 'SIGTERM');
          } catch {
            // already gone
          }
        }
      }),
  };
}

export type LatencySummary = {
  requests: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  per_second: number;
};

/** Sends `count` requests, `concurrency` at a time, and summarises their latencies. */
export async function measure(
  count: number,
  concurrency: number,
  send: () => Promise<void>,
): Promise<LatencySummary> {
  const latencies: number[] = [];
  let started = 0;
  const begin = performance.now();
  async function worker() {
    while (started < count) {
      started += 1;
      const t0 = performance.now();
      await send();
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(2));
  return {
    requests: latencies.length,
    p50_ms: at(0.5),
    p95_ms: at(0.95),
    p99_ms: at(0.99),
    per_second: Math.round(latencies.length / seconds),
  };
}

/** Writes a benchmark's result to bench/results/<name>.json and prints it. */
export function writeResult(name: string, result: unknown): void {
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const body = JSON.stringify({ name, at: new Date().toISOString(), ...(result as object) }, null, 2);
  writeFileSync(join(dir, `${name}.json`), body + '\n');
  console.log(body);
}

/** A process and all its descendants, from /proc (Linux). */
export function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i += 1) {
    try {
      const children = readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim();
      if (children !== '') pids.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The resident memory (kB) of one process: VmRSS now and VmHWM, its peak so far; 0 when gone. */
export function residentKb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/**
 * Samples the resident memory of the largest process in a tree every `everyMs` until stopped, and
 * answers the highest VmRSS seen: the peak during the measured work, not since the process started.
 */
export function sampleRss(rootPid: number, everyMs = 50): { stop: () => { peak_rss_mb: number } } {
  let peak = 0;
  const sample = () => {
    for (const pid of processTree(rootPid)) peak = Math.max(peak, residentKb(pid).rss);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      sample();
      clearInterval(timer);
      return { peak_rss_mb: Math.round(peak / 1024) };
    },
  };
}
