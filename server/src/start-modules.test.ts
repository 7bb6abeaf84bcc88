import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process.ts';

// What a start loads is memory held for as long as the process runs and time before the first
// answer. A server on SQLite without S3, Redis, OpenID Connect, mail or a metrics scraper, started on an existing
// database, loads none of the libraries only those features, or only some requests, need: each
// loads at its first use.

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
  // The OpenAPI document, built at its first request (with yaml and the reference resolver it requires).
  '@fastify/swagger',
  // Prometheus metrics, kept only when a scraper may read them (EINWURF_METRICS_TOKEN), and the
  // OpenTelemetry API it requires.
  'prom-client',
  // TOTP, for the accounts with a second factor when they sign in or change it.
  'otpauth',
  // The exports of entries and of the audit log.
  'csv-stringify',
  // The calendar feeds.
  'ical.js',
  // The reader's page (its start-time check of the catalogues reads them without it).
  'i18next',
];

/** Starts the server on `dataDir` until its first answer, stops it, and answers the packages it loaded. */
async function packagesLoadedByStart(dataDir: string, list: string): Promise<Set<string>> {
  await rm(list, { force: true });
  const { child, exited } = await startServerProcess(dataDir, {
    env: {
      EINWURF_TEST_LOADED_PACKAGES: list,
      FILE_STORAGE: '',
      EINWURF_SMTP_URL: '',
      EINWURF_OIDC_ISSUER: '',
      EINWURF_METRICS_TOKEN: '',
    },
    nodeArgs: ['--import', hook],
  });
  // Started: the packages of the start and of its first answer are listed.
  child.kill('SIGTERM');
  await exited;
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
