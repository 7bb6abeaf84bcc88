import type { Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. A scheduled publication keeps its time in
// entries.published_at (the time readers see the entry from, in the future until then); the event
// that scheduled it, or gave it a new time, keeps that time too, so an entry's timeline can say when.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('entry_events').addColumn('publish_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('entry_events').dropColumn('publish_at').execute();
}
