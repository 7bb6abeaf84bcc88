import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
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
  /** Creates a new database; `migrate: false` leaves it empty (for migration tests). */
  create(options?: { migrate?: boolean }): Promise<TestDatabaseHandle>;
};

const sqliteTarget: TestDatabase = {
  name: 'sqlite',
  async create({ migrate = true } = {}) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-test-'));
    const url = `sqlite:${path.join(dir, 'einwurf.sqlite')}`;
    const db = createDatabase(parseDatabaseUrl(url, dir));
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

/** SQLite always; PostgreSQL too when EINWURF_TEST_PG_URL is set. Use with `describe.each`. */
export function testDatabases(): TestDatabase[] {
  const pgUrl = process.env['EINWURF_TEST_PG_URL'];
  return pgUrl ? [sqliteTarget, postgresTarget(pgUrl)] : [sqliteTarget];
}
