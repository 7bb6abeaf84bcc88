import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { migrations } from './migrations/index.ts';
import type { Database } from './types.ts';

/** Runs every pending migration under Kysely's lock; throws when one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return results;
}
