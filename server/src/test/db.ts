import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { writeVersion } from '../db/write-version.ts';
import type { Database } from '../db/types.ts';
import { parseDatabaseUrl } from '../config.ts';

/** A fresh, empty database for one test file; `destroy` closes and removes it. */
export type TestDatabaseHandle = {
  readonly url: string;
  readonly db: Kysely<Database>;
  destroy(): Promise<void>;
};

export type TestDatabase = {
  readonly name: 'sqlite' | 'postgres';
  /** SQLite: the worker threads that run its statements (0: the test's own thread). */
  readonly sqliteWorkers?: number;
  /** Creates a new database; `migrate: false` leaves it empty (for migration tests). */
  create(options?: { migrate?: boolean }): Promise<TestDatabaseHandle>;
};

/** A SQLite file, run on the test's thread or, with `sqliteWorkers`, on worker threads as the server does. */
export function sqliteTarget(sqliteWorkers = 0): TestDatabase {
  return {
    name: 'sqlite',
    sqliteWorkers,
    async create({ migrate = true } = {}) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-test-'));
      const url = `sqlite:${path.join(dir, 'einwurf.sqlite')}`;
      const db = createDatabase(parseDatabaseUrl(url, dir), undefined, { sqliteWorkers });
      if (migrate) await migrateToLatest(db);
      return {
        url,
        db,
        async destroy() {
          await db.destroy();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

function postgresTarget(adminUrl: string): TestDatabase {
  return {
    name: 'postgres',
    async create({ migrate = true } = {}) {
      const name = `einwurf_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const db = createDatabase({ dialect: 'postgres', url: url.toString() });
      if (migrate) await migrateToLatest(db);
      return {
        url: url.toString(),
        db,
        async destroy() {
          await db.destroy();
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          try {
            await client.query(`drop database if exists ${name} with (force)`);
          } finally {
            await client.end();
          }
        },
      };
    },
  };
}

/**
 * SQLite always; SQLite on worker threads too when EINWURF_TEST_SQLITE_WORKERS is set (their count)
 * or `sqliteWorkers` asks for it; PostgreSQL too when EINWURF_TEST_PG_URL is set. Use with `describe.each`.
 */
export function testDatabases({ sqliteWorkers = false }: { sqliteWorkers?: boolean } = {}): TestDatabase[] {
  const pgUrl = process.env['EINWURF_TEST_PG_URL'];
  const workers = Number(process.env['EINWURF_TEST_SQLITE_WORKERS'] ?? (sqliteWorkers ? 3 : 0));
  return [
    sqliteTarget(),
    ...(workers > 0 ? [sqliteTarget(workers)] : []),
    ...(pgUrl ? [postgresTarget(pgUrl)] : []),
  ];
}

/**
 * Waits until this process has written nothing to a database for a moment: the apps of earlier
 * tests finish their work (outbox, housekeeping), which would otherwise end the public answers a
 * test keeps in memory (plugins/public-reads.ts).
 */
export async function untilNothingWritten(): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const before = writeVersion();
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (writeVersion() === before) return;
  }
  throw new Error('this process kept writing for 4 s');
}
