// Shared pieces of the benchmarks: a real server in a child process on its own port with a fresh
// data folder, latency percentiles, and the JSON result file.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { readPowToken, solvePow } from '@einwurf/contract';
import { buildServer, isServerBuildFresh } from '../server/build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export type RunningServer = {
  baseUrl: string;
  /** The process started (npx); the server's node process is among its descendants. */
  pid: number;
  stop: () => Promise<void>;
};

/** Every process tree a bench started and has not ended yet: ended when the bench exits, however. */
const running = new Set<number>();

function signalTree(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Ends a process and its descendants (npx does not pass a signal on); SIGKILL what outlives `graceMs`. */
export async function endTree(rootPid: number, graceMs = 10_000): Promise<void> {
  const tree = processTree(rootPid).reverse();
  signalTree(tree, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (tree.some(isAlive)) {
    if (Date.now() > deadline) {
      signalTree(tree.filter(isAlive), 'SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  running.delete(rootPid);
}

function isAlive(pid: number): boolean {
  try {
    // A zombie has no children left to hold and is as good as gone.
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Whether the process ends what `running` holds when it exits or is interrupted (registered once). */
let ending = false;

/** Registers a started process tree, so an interrupted or failing bench still ends it. */
export function track(rootPid: number): void {
  if (!ending) {
    ending = true;
    const endAll = () => {
      for (const pid of running) signalTree(processTree(pid).reverse(), 'SIGTERM');
      running.clear();
    };
    process.once('exit', endAll);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        endAll();
        process.exit(130);
      });
    }
  }
  running.add(rootPid);
}

/**
 * Starts the real server as production runs it (the compiled `server/dist/main.js`, built first when
 * missing or older than its sources) with a fresh data folder (unless `env` names one) and waits for
 * /healthz; `port` defaults to a random one. BENCH_SERVER_NODE_ARGS adds flags to its node (for
 * example `--cpu-prof --cpu-prof-dir=/tmp/profiles`, which NODE_OPTIONS does not take).
 */
export async function startServer(
  env: Record<string, string> = {},
  port = 18000 + Math.floor(Math.random() * 1000),
): Promise<RunningServer> {
  if (!isServerBuildFresh()) await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-'));
  const nodeArgs = process.env['BENCH_SERVER_NODE_ARGS']?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'server/dist/main.js'], {
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
  track(child.pid!);
  const stop = () => endTree(child.pid!);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, () => child.exitCode !== null).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { baseUrl, pid: child.pid!, stop };
}

/** Waits until `baseUrl`/healthz answers 200, at most a minute. */
export async function waitForHealth(baseUrl: string, hasStopped: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (hasStopped()) throw new Error('the server stopped during start');
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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

/** Runs `einwurf <args>` against the database `env` names; answers its standard output. */
export function einwurf(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['einwurf', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
    track(child.pid!);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      running.delete(child.pid!);
      if (code === 0) resolve(out);
      else reject(new Error(`einwurf ${args[0]} ${args[1] ?? ''} exited ${code}`));
    });
  });
}

/**
 * An admin account of the bench's own, so a kept database works whatever its admin's password is;
 * `remove` deletes it again (its sessions go with it).
 */
export async function benchAccount(
  env: Record<string, string>,
): Promise<{ username: string; password: string; remove: () => Promise<void> }> {
  const username = `bench${randomBytes(4).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  await einwurf(['user', 'create', username, '--role', 'admin', '--password', password], env);
  return { username, password, remove: async () => void (await einwurf(['user', 'delete', username], env)) };
}

/** What a bench hands the server to run on a PostgreSQL database of its own. */
export type ScratchPostgres = { EINWURF_DATA_DIR: string; DATABASE_URL: string };

/**
 * Runs `work` with a fresh PostgreSQL database made on the server of `adminUrl` and a fresh data
 * folder (named after `label`), and drops both afterwards, also when the work fails.
 */
export async function withScratchPostgres<T>(
  adminUrl: string,
  label: string,
  work: (env: ScratchPostgres) => Promise<T>,
): Promise<T> {
  const name = `einwurf_bench_${randomBytes(4).toString('hex')}`;
  const onAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onAdmin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), `einwurf-bench-${label}-pg-`));
  try {
    return await work({ EINWURF_DATA_DIR: dataDir, DATABASE_URL: url.toString() });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await onAdmin(`drop database if exists ${name} with (force)`);
  }
}

/** The cookies an answer sets, as a Cookie header. */
export const cookiesOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * What the web app fetches before a change: the CSRF token and the cookies GET /api/v1/auth answers
 * (sent with `cookie`, a session's, when given).
 */
export async function csrfOf(baseUrl: string, cookie?: string): Promise<{ token: string; cookie: string }> {
  const res = await fetch(`${baseUrl}/api/v1/auth`, cookie === undefined ? {} : { headers: { cookie } });
  await res.arrayBuffer();
  return { token: res.headers.get('x-csrf-token') ?? '', cookie: cookiesOf(res) };
}

/** Logs an account in as the web app does; answers the session's Cookie header. */
export async function logIn(
  baseUrl: string,
  account: { username: string; password: string },
): Promise<string> {
  const { token, cookie } = await csrfOf(baseUrl);
  const res = await fetch(`${baseUrl}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  return [cookie, cookiesOf(res)].join('; ');
}

/** A draft article created as the web app creates one (a solved challenge); its id and the author's cookie. */
export async function createDraft(
  baseUrl: string,
  password: string,
): Promise<{ id: string; cookie: string }> {
  const challenge = (await (await fetch(`${baseUrl}/api/v1/pow`)).json()) as { data: { token: string } };
  const { nonce, difficulty } = readPowToken(challenge.data.token)!;
  const csrf = await csrfOf(baseUrl);
  const created = await fetch(`${baseUrl}/api/v1/pow`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${challenge.data.token}`,
      'content-type': 'application/json',
      'x-csrf-token': csrf.token,
      cookie: csrf.cookie,
    },
    body: JSON.stringify({ solution: solvePow(nonce, difficulty), cpt: 'article', password }),
  });
  if (created.status !== 201) throw new Error(`creating an entry answered ${created.status}`);
  const id = created.headers.get('location')!.split('/').at(-1)!;
  return { id, cookie: [csrf.cookie, cookiesOf(created)].join('; ') };
}

/** `einwurf seed --entries N` with `env`, its output shown as it goes; answers its last line. */
export function seedEntries(entries: number, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['einwurf', 'seed', '--entries', String(entries)], {
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

/** The connections an autocannon run keeps open: the measure. */
export const CONNECTIONS = 100;

/**
 * What the benches keep of an autocannon run; with the server's pid, also the CPU time its process
 * tree spent per answered request (µs): far steadier than requests per second on a shared machine,
 * whose other work takes the server's turns but not its CPU time.
 */
export type Run = {
  per_second: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  errors: number;
  cpu_us_per_request?: number;
  /** Of it, the time in the kernel (system calls: the sockets, the files): what is left is user time (JavaScript, SQLite, parsers). */
  system_us_per_request?: number;
  /** The database server's CPU time per answered request (µs), when it runs on this machine (PostgreSQL). */
  database_cpu_us_per_request?: number;
};

const CLOCK_TICKS_PER_SECOND = 100;

/** The CPU time a process tree has spent so far (µs): user and system, from /proc (Linux). */
export function cpuTimesUs(rootPid: number): { user: number; system: number } {
  let user = 0;
  let system = 0;
  for (const pid of processTree(rootPid)) {
    try {
      // The fields after the command name (which may hold spaces), closed by its last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      user += Number(fields[11]); // utime (field 14 of stat)
      system += Number(fields[12]); // stime (field 15)
    } catch {
      // gone meanwhile
    }
  }
  const us = (ticks: number) => (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  return { user: us(user), system: us(system) };
}

/**
 * The pid of the PostgreSQL server running on this machine (its postmaster: a `postgres` process
 * whose parent is not one), or undefined when none runs here (a database on another host).
 */
export function localPostgresPid(): number | undefined {
  const commOf = (pid: string) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const parentOf = (pid: string) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!;
  };
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (commOf(pid) === 'postgres' && commOf(parentOf(pid)) !== 'postgres') return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const cpuSumUs = (pid: number) => {
  const { user, system } = cpuTimesUs(pid);
  return user + system;
};

/**
 * An autocannon run at CONNECTIONS (unless `options` says) for `seconds` (unless it says); with the
 * server's pid, its CPU time per request; with the database server's, that one's too.
 */
export function pound(
  options: autocannon.Options,
  seconds: number,
  serverPid?: number,
  databasePid?: number,
): Promise<Run> {
  const before = serverPid === undefined ? undefined : cpuTimesUs(serverPid);
  const databaseBefore = databasePid === undefined ? undefined : cpuSumUs(databasePid);
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: seconds, ...options }, (error, result) => {
      if (error) return reject(error);
      const after = serverPid === undefined ? undefined : cpuTimesUs(serverPid);
      const databaseAfter = databasePid === undefined ? undefined : cpuSumUs(databasePid);
      const answered = Math.max(1, result.requests.total);
      const perRequest = (us: number) => Math.round(us / answered);
      resolve({
        per_second: Math.round(result.requests.average),
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
        non_2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        ...(before === undefined || after === undefined
          ? {}
          : {
              cpu_us_per_request: perRequest(after.user + after.system - before.user - before.system),
              system_us_per_request: perRequest(after.system - before.system),
            }),
        ...(databaseBefore === undefined || databaseAfter === undefined
          ? {}
          : { database_cpu_us_per_request: perRequest(databaseAfter - databaseBefore) }),
      });
    });
  });
}
