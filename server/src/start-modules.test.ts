import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// What a start loads is memory held for as long as the process runs and time before the first
// answer. A server on SQLite without S3, Redis, OpenID Connect or mail, started on an existing
// database, loads none of the libraries only those features, or only some requests, need: each
// loads at its first use.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const hook = fileURLToPath(new URL('./test/loaded-packages.mjs', import.meta.url));

/** Loaded at first use only: by a feature not configured here, or by requests none of which came. */
const ON_FIRST_USE = [
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  'ioredis',
  'pg',
  'nodemailer',
  'openid-client',
  '@simplewebauthn/server',
  'sharp',
  '@node-rs/argon2',
  'file-type',
  'fast-xml-parser',
  // The Markdown pipeline: reads serve the HTML kept at publication.
  'unified',
  'remark-parse',
  'rehype-stringify',
];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the server on `dataDir` until its first answer, stops it, and answers the packages it loaded. */
async function packagesLoadedByStart(dataDir: string, list: string): Promise<Set<string>> {
  await rm(list, { force: true });
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', hook, 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EINWURF_DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'einwurf.sqlite')}`,
      EINWURF_ADMIN_PASSWORD: 'a long enough admin password',
      EINWURF_TEST_LOADED_PACKAGES: list,
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      FILE_STORAGE: '',
      EINWURF_SMTP_URL: '',
      EINWURF_OIDC_ISSUER: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  return new Set((await readFile(list, 'utf8')).split('\n').filter(Boolean));
}

describe('the start', () => {
  let dataDir: string | undefined;

  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loads no library that only an unconfigured feature or a later request needs', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-start-modules-'));
    const list = path.join(dataDir, 'packages.txt');
    // The first start makes the database and its first admin (which hashes a password).
    const first = await packagesLoadedByStart(dataDir, list);
    expect(first).toContain('fastify');
    const second = await packagesLoadedByStart(dataDir, list);
    expect(second).toContain('fastify');
    expect(second).toContain('better-sqlite3');
    expect(ON_FIRST_USE.filter((name) => second.has(name))).toEqual([]);
  }, 90_000);
});
