import { sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here.
//
// Every revision of an entry as it was saved: title, data (the JSON of content and the type's
// fields, as entries.data holds it), state, who saved it and when. A revision goes with its entry
// (the purge's delete cascades). Events note the entry's revision after the change they record, so a
// moderation decision names the revision it saw.
//
// Entries that exist get their current revision; their older ones were never kept. The revision's
// saver is the one of the latest creation or save in the timeline (the author when there is none).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('entry_revisions')
    .addColumn('entry_id', 'text', (col) => col.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull().check(sql`actor in ('author', 'mod', 'admin')`))
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('saved_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('entry_revisions_pk', ['entry_id', 'revision'])
    .execute();

  await db.schema.alterTable('entry_events').addColumn('revision', 'integer').execute();

  await sql`insert into entry_revisions (entry_id, revision, title, data, state, actor, user_id, saved_at)
    select e.id, e.revision, e.title, e.data, e.state,
      coalesce((select ev.actor from entry_events ev
        where ev.entry_id = e.id and ev.kind in ('created', 'saved')
        order by ev.created_at desc, ev.id desc limit 1), 'author'),
      (select ev.user_id from entry_events ev
        where ev.entry_id = e.id and ev.kind in ('created', 'saved')
        order by ev.created_at desc, ev.id desc limit 1),
      coalesce((select ev.created_at from entry_events ev
        where ev.entry_id = e.id and ev.kind in ('created', 'saved')
        order by ev.created_at desc, ev.id desc limit 1), e.updated_at)
    from entries e`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('entry_events').dropColumn('revision').execute();
  await db.schema.dropTable('entry_revisions').execute();
}
