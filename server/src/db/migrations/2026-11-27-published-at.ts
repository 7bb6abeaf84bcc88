import { sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. When an entry was published (epoch ms), for the public
// list's order; null while it is not published. Entries published before this migration take the time
// of their last event that moved them to published, else their last update.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('entries').addColumn('published_at', 'bigint').execute();
  await sql`update entries set published_at = coalesce(
      (select max(e.created_at) from entry_events e
        where e.entry_id = entries.id and e.to_state = 'published'
          and (e.from_state is null or e.from_state <> 'published')),
      updated_at)
    where state = 'published'`.execute(db);
  // The public list: published entries of a type (or of all), newest publication first.
  await db.schema
    .createIndex('entries_state_published_at')
    .on('entries')
    .columns(['state', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('entries_type_state_published_at')
    .on('entries')
    .columns(['type', 'state', 'published_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('entries_type_state_published_at').execute();
  await db.schema.dropIndex('entries_state_published_at').execute();
  await db.schema.alterTable('entries').dropColumn('published_at').execute();
}
