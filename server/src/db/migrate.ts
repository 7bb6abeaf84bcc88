import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  sql,
  type Kysely,
  type MigrationResult,
  type MigrationResultSet,
} from 'kysely';
import { dialectOf } from './database.ts';
import { clearStatementCache } from './statement-cache.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './types.ts';

/**
 * Migration names in code-point order. Kysely's default, `localeCompare`, gives the same order for these
 * names (a date and lowercase words, see migrations/index.ts) but starts ICU's collator, about 25 ms
 * of every start.
 */
export function byMigrationName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Runs migrations under Kysely's lock; throws when one fails. On SQLite foreign keys are off while
 * they run, as SQLite prescribes for rebuilding a table others reference (dropping it would
 * otherwise delete their rows by cascade), and a transaction cannot turn them off itself.
 */
async function migrate(
  db: Kysely<Database>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    nameComparator: byMigrationName,
  });
  const isSqlite = dialectOf(db) === 'sqlite';
  if (isSqlite) await sql`pragma foreign_keys = off`.execute(db);
  let outcome: MigrationResultSet;
  try {
    outcome = await run(migrator);
  } finally {
    if (isSqlite) await sql`pragma foreign_keys = on`.execute(db);
    // Statements prepared for the schema before are not kept beyond it.
    clearStatementCache(db);
  }
  const { error, results = [] } = outcome;
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return results;
}

/**
 * Whether every migration has run, told by one read of Kysely's table (absent on a new database).
 * Migrations only ever add rows there, so a read outside the lock cannot see one as run too early.
 */
export async function isUpToDate(db: Kysely<Database>): Promise<boolean> {
  let ran: string[];
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    ran = rows.map((row) => row.name);
  } catch {
    return false;
  }
  const known = new Set(Object.keys(migrations));
  return ran.length === known.size && ran.every((name) => known.has(name));
}

/**
 * Runs every pending migration under Kysely's lock; throws when one fails. A database already up to
 * date is told so by one read: the migrator's table checks, lock and transaction took about 30 ms of
 * every start.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  if (await isUpToDate(db)) return [];
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Migrates up or down to the named migration; a migration's test starts from the schema before it. */
export function migrateTo(db: Kysely<Database>, name: string): Promise<MigrationResult[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}
