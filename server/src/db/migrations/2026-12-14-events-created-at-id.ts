import type { Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. The dashboard's latest events are ordered by time and
// then id; with only the time in the index, every event sharing the newest time was read and sorted
// (thousands after a bulk import). The id in the index gives the order whole; the old index is a
// prefix of the new one and goes.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('entry_events_created_at_id')
    .on('entry_events')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.dropIndex('entry_events_created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('entry_events_created_at').on('entry_events').column('created_at').execute();
  await db.schema.dropIndex('entry_events_created_at_id').execute();
}
