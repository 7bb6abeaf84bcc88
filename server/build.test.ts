import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, isServerBuildFresh, SERVER_DIST } from './build.mjs';

const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function temporaryDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'einwurf-build-'));
  temporary.push(dir);
  return dir;
}

/** Writes `file` (and its folder) with the given modification time in seconds since the epoch. */
function writeAt(file: string, seconds: number): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, '');
  utimesSync(file, seconds, seconds);
}

describe('isServerBuildFresh', () => {
  const fresh = (base: string) =>
    isServerBuildFresh(join(base, 'dist'), { base, sources: ['src', 'package.json', 'gone'] });

  it('is stale without a build, or with only part of one', () => {
    const base = temporaryDir();
    writeAt(join(base, 'src', 'main.ts'), 1000);
    expect(fresh(base)).toBe(false);
    writeAt(join(base, 'dist', 'main.js'), 2000);
    expect(fresh(base)).toBe(false);
  });

  it('is fresh when every entry is newer than every source, and stale once one source is newer', () => {
    const base = temporaryDir();
    writeAt(join(base, 'src', 'features', 'x', 'service.ts'), 1000);
    writeAt(join(base, 'package.json'), 1000);
    utimesSync(join(base, 'src', 'features', 'x'), 1000, 1000);
    utimesSync(join(base, 'src', 'features'), 1000, 1000);
    utimesSync(join(base, 'src'), 1000, 1000);
    writeAt(join(base, 'dist', 'main.js'), 2000);
    writeAt(join(base, 'dist', 'cli.js'), 2000);
    expect(fresh(base)).toBe(false);
    writeAt(join(base, 'dist', 'sqlite-worker.js'), 2000);
    expect(fresh(base)).toBe(true);

    // A file deep in the sources counts, and so does the oldest of the entries.
    utimesSync(join(base, 'src', 'features', 'x', 'service.ts'), 3000, 3000);
    expect(fresh(base)).toBe(false);
    utimesSync(join(base, 'dist', 'main.js'), 4000, 4000);
    expect(fresh(base)).toBe(false);
    utimesSync(join(base, 'dist', 'cli.js'), 4000, 4000);
    expect(fresh(base)).toBe(false);
    utimesSync(join(base, 'dist', 'sqlite-worker.js'), 4000, 4000);
    expect(fresh(base)).toBe(true);

    utimesSync(join(base, 'package.json'), 5000, 5000);
    expect(fresh(base)).toBe(false);
  });
});

/** The environment of a production process: none of the test runner's variables, no loader. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => key !== 'NODE_ENV' && key !== 'NODE_OPTIONS' && !key.startsWith('VITEST'),
    ),
  );
  return { ...env, ...extra };
}

/** Waits for the first JSON log line whose message matches `pattern`; rejects when the child exits. */
function waitForLog(child: ChildProcess, pattern: RegExp): Promise<{ msg: string; lines: string[] }> {
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      try {
        const record = JSON.parse(line) as { msg?: string };
        if (record.msg !== undefined && pattern.test(record.msg)) resolve({ msg: record.msg, lines });
      } catch {
        // Not a log line (the first admin's box, say).
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${lines.join('\n')}`)));
  });
}

describe('the compiled server', () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    if (server?.exitCode === null) server.kill('SIGKILL');
  });

  it('starts from server/dist without a TypeScript loader, logs JSON off a terminal and answers /healthz', async () => {
    if (!isServerBuildFresh()) await buildServer();
    const dataDir = temporaryDir();
    const env = productionEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      EINWURF_DATA_DIR: dataDir,
      EINWURF_ADMIN_PASSWORD: 'compiled-server-test-password',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'auto',
    });
    server = spawn(process.execPath, [join(SERVER_DIST, 'main.js')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

    const { msg, lines } = await waitForLog(server, /running at/);
    const url = /^Einwurf is running at (http:\/\/localhost:(\d+)\/publish\/)$/.exec(msg);
    expect(url, msg).not.toBeNull();
    // Standard output is a pipe here: every line the log wrote is JSON, for a collector to read.
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();

    const health = await fetch(`http://127.0.0.1:${url![2]}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

    // Parts loaded at first use, bundled (the OpenAPI document) or left to node_modules (its builder,
    // and the native password hashing a login needs), load from the compiled server too.
    const base = `http://127.0.0.1:${url![2]}`;
    const openapi = await fetch(`${base}/api/v1/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(await openapi.json()).toMatchObject({ openapi: '3.0.3' });
    const first = await fetch(`${base}/api/v1/auth`);
    const login = await fetch(`${base}/api/v1/auth`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': first.headers.get('x-csrf-token') ?? '',
        cookie: first.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
      body: JSON.stringify({ username: 'admin', password: 'compiled-server-test-password' }),
    });
    expect(login.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited, stderr).toBe(0);
    expect(stderr).toBe('');

    // The CLI on the same data dir: `npx einwurf` runs the compiled one when the build is fresh.
    const cli = spawnSync(process.execPath, [join(SERVER_DIST, '..', 'bin', 'einwurf.mjs'), 'user', 'list'], {
      env,
      encoding: 'utf8',
    });
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect(cli.stdout).toMatch(/^admin\s+admin\b/m);
  }, 60_000);

  it("leaves glob out of the bundle, required from server/dist at @fastify/static's first call of it", async () => {
    if (!isServerBuildFresh()) await buildServer();
    const maps = readdirSync(SERVER_DIST).filter((name) => name.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const name of maps) {
      const { sources } = JSON.parse(readFileSync(join(SERVER_DIST, name), 'utf8')) as { sources: string[] };
      expect(
        sources.filter((source) => source.includes('node_modules/glob/')),
        name,
      ).toEqual([]);
    }
    // The glob server/dist finds is the one @fastify/static would load.
    const fromDist = createRequire(join(SERVER_DIST, 'main.js'));
    const fromStatic = createRequire(fromDist.resolve('@fastify/static'));
    expect(fromDist.resolve('glob')).toBe(fromStatic.resolve('glob'));
  });
});
