import { Migrator, sql, type Kysely, type MigrationResult, type MigrationResultSet } from 'kysely';
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

/** Runs every pending migration under Kysely's lock; throws when one fails. */
export function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Migrates up or down to the named migration; a migration's test starts from the schema before it. */
export function migrateTo(db: Kysely<Database>, name: string): Promise<MigrationResult[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}
