import type { Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. A purge deletes an entry with its events, and the public
// list's `meta.removed` reads those events: without a trace of its own, a purged entry that was once
// public would never be reported to mirrors. A tombstone keeps its id, type and the time it left
// publication, until housekeeping forgets it after the retention period.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('public_tombstones')
    .addColumn('entry_id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('left_at', 'bigint', (col) => col.notNull())
    .addColumn('purged_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('public_tombstones_left_at')
    .on('public_tombstones')
    .columns(['left_at'])
    .execute();
  await db.schema
    .createIndex('public_tombstones_purged_at')
    .on('public_tombstones')
    .columns(['purged_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('public_tombstones').execute();
}
