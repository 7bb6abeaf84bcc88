// `einwurf doctor` (issue 15): checks what an installation needs and says what to fix. Every check
// that reaches another service is bounded, so a dependency that is down fails in seconds.
import { existsSync } from 'node:fs';
import { stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig, type Config } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import type { Database } from '../../db/types.ts';
import { createBoundedRedis } from '../../redis.ts';
import { lastMigration } from '../backup/repository.ts';
import { createConfiguredStorage } from '../files/storage/index.ts';
import { findSecret } from '../secrets/repository.ts';

type Env = Readonly<Record<string, string | undefined>>;

export type CheckStatus = 'ok' | 'warn' | 'fail';
/** One line of the report: what was checked, how it went, and what to do about it. */
export type DoctorCheck = { name: string; status: CheckStatus; message: string };

/** The longest one check may take; the dependency's own time-outs are shorter. */
export const CHECK_TIMEOUT_MS = 5000;
/** Below this much free space in the data dir the disk check warns, below a tenth of it it fails. */
export const LOW_DISK_BYTES = 1_000_000_000;

const ok = (name: string, message: string): DoctorCheck => ({ name, status: 'ok', message });
const warn = (name: string, message: string): DoctorCheck => ({ name, status: 'warn', message });
const fail = (name: string, message: string): DoctorCheck => ({ name, status: 'fail', message });

class TimeoutError extends Error {}

async function bounded<T>(work: (signal: AbortSignal) => Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError(`no answer within ${ms / 1000} s`));
    }, ms);
  });
  const running = work(controller.signal);
  running.catch(() => {});
  try {
    return await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Where a database URL points, without its password. */
function describeDatabase(config: Config): string {
  if (config.database.dialect === 'sqlite') return `SQLite at ${config.database.path}`;
  const url = new URL(config.database.url);
  url.password = '';
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

async function checkDatabase(config: Config, db: Kysely<Database>): Promise<DoctorCheck> {
  const name = 'database';
  const where = describeDatabase(config);
  let applied: string | null;
  try {
    applied = await bounded(() => lastMigration(db));
  } catch (error) {
    return fail(
      name,
      `${where} does not answer (${reason(error)}): check DATABASE_URL and that the server runs`,
    );
  }
  const known = Object.keys(migrations).sort();
  const latest = known.at(-1) ?? null;
  if (applied === null) {
    return warn(
      name,
      `${where} answers but has no tables yet: the first start (or npx einwurf migrate) creates them`,
    );
  }
  if (!known.includes(applied)) {
    return fail(
      name,
      `${where} was migrated by a newer Einwurf (${applied}): run that version, or restore a backup made by this one`,
    );
  }
  const pending = known.filter((m) => m > applied).length;
  if (pending > 0) {
    return warn(
      name,
      `${where} answers; ${pending} migration${pending === 1 ? '' : 's'} pending (up to ${latest}): they run at the next start, or now with npx einwurf migrate`,
    );
  }
  return ok(name, `${where} answers, migrations current (${applied})`);
}

async function checkRedis(config: Config): Promise<DoctorCheck> {
  const name = 'redis';
  if (config.redisUrl === undefined) {
    return ok(name, 'not used (REDIS_URL unset): fine for one instance; several instances need it');
  }
  const url = new URL(config.redisUrl);
  url.password = '';
  url.username = '';
  const redis = createBoundedRedis(config.redisUrl, config.redisPrefix, config.redisTimeouts);
  try {
    await bounded(() => redis.ping());
    return ok(name, `${url.host} answers`);
  } catch {
    return fail(
      name,
      `${url.host} does not answer within ${config.redisTimeouts.connectMs / 1000} s: check REDIS_URL and that Redis runs`,
    );
  } finally {
    await redis.close();
  }
}

async function checkStorage(config: Config, db: Kysely<Database> | undefined): Promise<DoctorCheck> {
  const name = 'storage';
  if (config.fileStorage === 'database' && !db) {
    return fail(name, 'files are kept in the database (FILE_STORAGE=database), which does not answer');
  }
  const where = {
    disk: `disk at ${path.join(config.dataDir, 'files')}`,
    database: 'the database (FILE_STORAGE=database)',
    s3: `S3 bucket ${config.s3?.bucket ?? '?'}${config.s3?.endpoint ? ` at ${config.s3.endpoint}` : ''}`,
  }[config.fileStorage];
  try {
    // Only the database driver uses the database; disk and S3 are checked without it.
    const storage = createConfiguredStorage(config, db as Kysely<Database>);
    await bounded((signal) => storage.check(signal));
    return ok(name, `${where} takes writes`);
  } catch (error) {
    const fix = {
      disk: 'check that the folder is writable by this user and the disk is not full',
      database: 'check the database',
      s3: 'check S3_ENDPOINT, S3_BUCKET, the keys and that the bucket exists',
    }[config.fileStorage];
    return fail(name, `${where} does not take writes (${reason(error)}): ${fix}`);
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`;
}

async function checkDiskSpace(config: Config): Promise<DoctorCheck> {
  const name = 'disk space';
  for (let at = config.dataDir; ; at = path.dirname(at)) {
    try {
      const fs = await statfs(at);
      const free = fs.bavail * fs.bsize;
      const message = `${formatBytes(free)} free in ${at}`;
      if (free < LOW_DISK_BYTES / 10)
        return fail(name, `${message}: free space now, uploads and the database need it`);
      if (free < LOW_DISK_BYTES)
        return warn(name, `${message}: less than ${formatBytes(LOW_DISK_BYTES)}, free some soon`);
      return ok(name, message);
    } catch {
      if (path.dirname(at) === at) return warn(name, `the free space of ${config.dataDir} cannot be read`);
    }
  }
}

async function checkSecret(
  config: Config,
  db: Kysely<Database> | undefined,
  isNewDatabase: boolean,
): Promise<DoctorCheck> {
  const name = 'secret';
  const several = config.redisUrl !== undefined;
  if (config.secret !== undefined) {
    const rotation = config.previousSecret !== undefined ? '; EINWURF_SECRET_PREVIOUS still verifies' : '';
    return several
      ? warn(
          name,
          `EINWURF_SECRET is set here${rotation}. With several instances (REDIS_URL) each must have the same value; ` +
            "this check sees only its own environment, so compare the instances' settings",
        )
      : ok(name, `EINWURF_SECRET is set${rotation}`);
  }
  if (isNewDatabase)
    return ok(name, 'the first start creates it in the database, where every instance finds it');
  if (!db) return warn(name, 'kept in the database, which does not answer');
  try {
    const row = await bounded(() => findSecret(db, 'signing'));
    return row
      ? ok(
          name,
          'kept in the database, so every instance on it shares it (npx einwurf secret rotate replaces it)',
        )
      : ok(name, 'none yet: the first start creates it in the database, where every instance finds it');
  } catch {
    return warn(name, 'kept in the database, whose secrets table cannot be read yet (migrations pending?)');
  }
}

type FreshnessCheck = (dist: string) => boolean;

/** scripts/bundle-budget.mjs's rule, where the sources are at hand (a checkout, not an image). */
async function loadFreshnessCheck(): Promise<FreshnessCheck | undefined> {
  const script = new URL('../../../../scripts/bundle-budget.mjs', import.meta.url);
  if (!existsSync(script)) return undefined;
  try {
    const module = (await import(script.href)) as { isBuildFresh?: FreshnessCheck };
    return module.isBuildFresh;
  } catch {
    return undefined;
  }
}

async function checkWebBuild(config: Config): Promise<DoctorCheck> {
  const name = 'web build';
  const index = path.join(config.webDist, 'index.html');
  if (
    !(await stat(index).then(
      (s) => s.isFile(),
      () => false,
    ))
  ) {
    return fail(name, `${index} is missing: run npm run build (npm start builds it too)`);
  }
  const isFresh = await loadFreshnessCheck();
  if (
    isFresh &&
    existsSync(path.join(config.webDist, '.vite', 'manifest.json')) &&
    !isFresh(config.webDist)
  ) {
    return warn(
      name,
      `${config.webDist} is older than the web app's sources: run npm run build (npm start does)`,
    );
  }
  return ok(name, `${config.webDist}`);
}

/**
 * Runs every check against the configuration `env` describes. A configuration error is the only
 * check then: nothing else can be trusted without it.
 */
export async function runDoctor(env: Env): Promise<DoctorCheck[]> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError)
      return [fail('configuration', `${error.message}: fix it in the environment`)];
    throw error;
  }
  const checks: DoctorCheck[] = [ok('configuration', 'every variable is valid')];
  const sqlitePath = config.database.dialect === 'sqlite' ? config.database.path : undefined;
  const sqliteMissing = sqlitePath !== undefined && !existsSync(sqlitePath);
  let db: Kysely<Database> | undefined;
  try {
    if (sqliteMissing) {
      checks.push(warn('database', `no database yet at ${sqlitePath}: the first start creates it`));
    } else {
      db = createDatabase(config.database, {
        connectMs: Math.min(config.databaseTimeouts.connectMs, 3000),
        queryMs: 3000,
        idleMs: 1000,
      });
      const database = await checkDatabase(config, db);
      checks.push(database);
      if (database.status === 'fail') {
        await db.destroy().catch(() => {});
        db = undefined;
      }
    }
    const [redis, storage, disk, secret, web] = await Promise.all([
      checkRedis(config),
      checkStorage(config, db),
      checkDiskSpace(config),
      checkSecret(config, db, sqliteMissing),
      checkWebBuild(config),
    ]);
    checks.push(redis, storage, disk, secret, web);
    return checks;
  } finally {
    await db?.destroy().catch(() => {});
  }
}
