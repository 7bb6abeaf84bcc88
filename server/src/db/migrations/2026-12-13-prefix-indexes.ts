import type { Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. Two indexes of entries are prefixes of others that
// serve the same queries (entries_created_at of entries_created_at_id, entries_state_updated_at of
// entries_state_updated_at_id): every save paid for writing them and no query needs them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('entries_created_at').execute();
  await db.schema.dropIndex('entries_state_updated_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('entries_created_at').on('entries').column('created_at').execute();
  await db.schema
    .createIndex('entries_state_updated_at')
    .on('entries')
    .columns(['state', 'updated_at'])
    .execute();
}
