import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli.ts';
import { recordingIo as io } from '../../test/cli-io.ts';
import { migrations } from '../../db/migrations/index.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';

/** A local port nothing listens on: one the system just handed out and that was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function doctor(env: Record<string, string | undefined>) {
  const out = io(env);
  const started = Date.now();
  const code = await runCli(['doctor'], out);
  return { code, stdout: out.stdout, stderr: out.stderr, ms: Date.now() - started };
}

describe.each(testDatabases())('einwurf doctor on $name', (target) => {
  let database: TestDatabaseHandle;
  let dir: string;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    database = await target.create();
    dir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-doctor-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
    env = { DATABASE_URL: database.url, EINWURF_DATA_DIR: dir, EINWURF_WEB_DIST: dir };
  });
  afterAll(async () => {
    await database.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('passes a healthy installation, one line per check', async () => {
    const result = await doctor(env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ok +configuration +every variable is valid$/m);
    const latest = Object.keys(migrations).sort().at(-1);
    expect(result.stdout).toMatch(
      new RegExp(`^ok +database +.* answers, migrations current \\(${latest}\\)$`, 'm'),
    );
    expect(result.stdout).toMatch(/^ok +redis +not used/m);
    expect(result.stdout).toMatch(/^ok +storage +disk at .* takes writes$/m);
    expect(result.stdout).toMatch(/^(ok|warn) +disk space +[\d.]+ [GM]B free in /m);
    expect(result.stdout).toMatch(/^ok +secret +/m);
    expect(result.stdout).toMatch(/^ok +web build +/m);
    expect(result.stdout).toMatch(/^\d+ ok, \d+ warn, 0 fail$/m);
  });

  it('fails on a Redis that is down within a few seconds, and says what to fix', async () => {
    const port = await closedPort();
    const result = await doctor({
      ...env,
      REDIS_URL: `redis://127.0.0.1:${port}`,
      EINWURF_SECRET: 'a secret of enough characters',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(
        `^fail +redis +127\\.0\\.0\\.1:${port} does not answer within 2 s: check REDIS_URL and that Redis runs$`,
        'm',
      ),
    );
    // Several instances: what cannot be checked from here is said.
    expect(result.stdout).toMatch(/^warn +secret +EINWURF_SECRET is set here\. With several instances/m);
    expect(result.stdout).toMatch(/^ok +database /m);
    expect(result.stderr).toBe('einwurf: 1 check failed; see above\n');
    expect(result.ms).toBeLessThan(8000);
  });

  it('fails without a web build', async () => {
    const result = await doctor({ ...env, EINWURF_WEB_DIST: path.join(dir, 'missing') });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^fail +web build +.*index\.html is missing: run npm run build/m);

    // A build older than the web app's sources (a checkout's): a warning, not a failure.
    const stale = path.join(dir, 'stale');
    await mkdir(path.join(stale, '.vite'), { recursive: true });
    await writeFile(path.join(stale, 'index.html'), '<!doctype html>');
    await writeFile(path.join(stale, '.vite', 'manifest.json'), '{}');
    await utimes(path.join(stale, '.vite', 'manifest.json'), new Date('2020-01-01'), new Date('2020-01-01'));
    const old = await doctor({ ...env, EINWURF_WEB_DIST: stale });
    expect(old.stdout).toMatch(
      /^warn +web build +.* is older than the web app's sources: run npm run build/m,
    );
    expect(old.code).toBe(0);
  });
});

describe('einwurf doctor without its dependencies', () => {
  it('fails on a PostgreSQL that does not answer within a few seconds', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-doctor-'));
    try {
      const port = await closedPort();
      const result = await doctor({
        DATABASE_URL: `postgres://einwurf:secret@127.0.0.1:${port}/einwurf`,
        EINWURF_DATA_DIR: dir,
        EINWURF_WEB_DIST: dir,
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        new RegExp(
          `^fail +database +PostgreSQL at 127\\.0\\.0\\.1:${port}/einwurf does not answer .*check DATABASE_URL`,
          'm',
        ),
      );
      // The password is not printed.
      expect(result.stdout).not.toMatch(/secret@/);
      expect(result.ms).toBeLessThan(8000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports a configuration error naming the variable, and nothing else', async () => {
    const result = await doctor({ EINWURF_POW_DIFFICULTY: 'hard' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^fail +configuration +EINWURF_POW_DIFFICULTY: must be a whole number/m);
    expect(result.stdout.trim().split('\n')).toHaveLength(2);
  });
});
