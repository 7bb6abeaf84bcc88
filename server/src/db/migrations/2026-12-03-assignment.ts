import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here.
//
// Moderators take entries or assign them to a colleague. entries.assignee_id names the account that
// has the entry (null: nobody); deleting the account releases its entries (on delete set null), as
// deleting one already keeps the events it wrote with user_id null.
//
// Taking, assigning and releasing are lines of the entry's timeline: entry_events gets the kind
// `assigned` and the column `assignee`, the username the entry went to (null: released). It is a
// name, not a reference: the timeline tells what happened, also after the account is gone.
//
// The CHECK on entry_events.kind goes, as the one on the states went (2026-11-26-states-unchecked):
// contract/ lists the kinds and the server writes no other, and a CHECK repeating that list would
// make every new kind a table rebuild on SQLite, which cannot alter a constraint. Without it, this
// is the last rebuild a kind needs. The CHECKs on actor (and those of other tables) stay.
//
// SQLite rebuilds entry_events once, as its documentation prescribes for a changed constraint:
// foreign keys off around the transaction (migrate.ts does that), new table, copy, drop, rename, the
// indexes and triggers again, the AUTOINCREMENT sequence kept, then a foreign key check.

const KIND_CHECK = ` check (kind in ('created', 'saved', 'proposed', 'state_changed', 'comment_added', 'file_added', 'file_removed', 'deleted'))`;
const EVENTS_SQL = `CREATE TABLE "entry_events" ("id" integer primary key autoincrement, "entry_id" text not null references "entries" ("id") on delete cascade, "kind" text not null${KIND_CHECK}, "actor" text not null check (actor in ('author', 'mod', 'admin')), "user_id" text references "users" ("id") on delete set null, "from_state" text, "to_state" text, "created_at" bigint not null, "publish_at" bigint)`;
const EVENTS_UNCHECKED_SQL = EVENTS_SQL.replace(KIND_CHECK, '');
const KIND_CONSTRAINT = 'entry_events_kind_check';
const KINDS_BEFORE = `('created', 'saved', 'proposed', 'state_changed', 'comment_added', 'file_added', 'file_removed', 'deleted')`;

const ENTRIES_SQL = `CREATE TABLE "entries" ("id" text primary key, "type" text not null, "state" text not null, "title" text not null, "data" text not null, "password_hash" text not null, "revision" integer not null, "created_at" bigint not null, "updated_at" bigint not null, "deleted_at" bigint, "published_at" bigint)`;
const ENTRIES_COLUMNS = `"id", "type", "state", "title", "data", "password_hash", "revision", "created_at", "updated_at", "deleted_at", "published_at"`;

/**
 * Replaces a SQLite table by one of another definition, keeping its rows (the given columns, all by
 * default), indexes, triggers and sequence.
 */
async function rebuildTable(
  db: Kysely<any>,
  table: 'entry_events' | 'entries',
  from: string,
  to: string,
  columns = '*',
): Promise<void> {
  const stored = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'table' and name = ${table}`.execute(db);
  // A definition other than the expected one would lose whatever it adds; stop instead.
  if (stored.rows[0]?.sql !== from) throw new Error(`${table} is not defined as this migration expects`);
  const dependents = await sql<{ sql: string }>`select sql from sqlite_master
    where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null
    order by type, name`.execute(db);
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(
    db,
  );
  const rebuilt = `${table}_rebuilt`;
  await sql.raw(to.replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${rebuilt}"`)).execute(db);
  await sql`insert into ${sql.table(rebuilt)} select ${sql.raw(columns)} from ${sql.table(table)}`.execute(
    db,
  );
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const { sql: definition } of dependents.rows) await sql.raw(definition).execute(db);
  const before = sequence.rows[0]?.seq;
  if (before !== undefined) {
    const after = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(
      db,
    );
    await sql`delete from sqlite_sequence where name = ${table}`.execute(db);
    await sql`insert into sqlite_sequence (name, seq)
      values (${table}, ${Math.max(before, after.rows[0]?.seq ?? 0)})`.execute(db);
  }
}

async function assertForeignKeysOff(db: Kysely<any>): Promise<void> {
  const pragma = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  if (pragma.rows[0]?.foreign_keys !== 0) {
    throw new Error('this migration rebuilds a table and must run with foreign keys off');
  }
}

async function assertForeignKeysHold(db: Kysely<any>): Promise<void> {
  const violations = await sql`pragma foreign_key_check`.execute(db);
  if (violations.rows.length > 0) throw new Error('the rebuilt table breaks a foreign key');
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`alter table entry_events drop constraint ${sql.ref(KIND_CONSTRAINT)}`.execute(db);
  } else {
    await assertForeignKeysOff(db);
    await rebuildTable(db, 'entry_events', EVENTS_SQL, EVENTS_UNCHECKED_SQL);
  }
  await db.schema.alterTable('entry_events').addColumn('assignee', 'text').execute();
  await db.schema
    .alterTable('entries')
    .addColumn('assignee_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('entries_assignee_id_state')
    .on('entries')
    .columns(['assignee_id', 'state'])
    .execute();
  if (!postgres) await assertForeignKeysHold(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('entries_assignee_id_state').execute();
  if (postgres) await db.schema.alterTable('entries').dropColumn('assignee_id').execute();
  else {
    // SQLite drops no column a foreign key uses: entries is rebuilt without it.
    await assertForeignKeysOff(db);
    const stored = await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'table' and name = 'entries'`.execute(db);
    await rebuildTable(db, 'entries', stored.rows[0]?.sql ?? '', ENTRIES_SQL, ENTRIES_COLUMNS);
  }
  // The kind of a taken entry is not one the old CHECK allows: those lines go with the column.
  await db.deleteFrom('entry_events').where('kind', '=', 'assigned').execute();
  await db.schema.alterTable('entry_events').dropColumn('assignee').execute();
  if (postgres) {
    await sql`alter table entry_events add constraint ${sql.ref(KIND_CONSTRAINT)}
      check (kind in ${sql.raw(KINDS_BEFORE)})`.execute(db);
    return;
  }
  await assertForeignKeysOff(db);
  await rebuildTable(db, 'entry_events', EVENTS_UNCHECKED_SQL, EVENTS_SQL);
  await assertForeignKeysHold(db);
}
