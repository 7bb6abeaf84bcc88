import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here.
//
// Entry states are no longer checked by the database. The lifecycle in contract/ lists them and the
// server checks every write against it; a CHECK repeating the list would make each new state a table
// rebuild on SQLite (which cannot alter a constraint), for a rule that already has its home. This
// drops the CHECK on entries.state and on entry_events.from_state and to_state, and only those: the
// CHECKs on kind, actor, origin, role and is_image stay.
//
// SQLite rebuilds both tables once, as its documentation prescribes for a changed constraint: foreign
// keys off around the transaction (migrate.ts does that, since a transaction ignores the pragma), new
// table, copy, drop, rename, the indexes and triggers again, then a foreign key check. The full-text
// tables are keyed by a hash of the entry id, not by the entries' rowid, so they need no rebuild.

const STATES = `('draft', 'proposed', 'rejected', 'published', 'deleted')`;

/** A table's definition at this date, and the CHECKs this migration removes from it. */
const TABLES = {
  entries: {
    sql: `CREATE TABLE "entries" ("id" text primary key, "type" text not null, "state" text not null check (state in ${STATES}), "title" text not null, "data" text not null, "password_hash" text not null, "revision" integer not null, "created_at" bigint not null, "updated_at" bigint not null, "deleted_at" bigint)`,
    checks: [` check (state in ${STATES})`],
    constraints: ['entries_state_check'],
  },
  entry_events: {
    sql: `CREATE TABLE "entry_events" ("id" integer primary key autoincrement, "entry_id" text not null references "entries" ("id") on delete cascade, "kind" text not null check (kind in ('created', 'saved', 'proposed', 'state_changed', 'comment_added', 'file_added', 'file_removed', 'deleted')), "actor" text not null check (actor in ('author', 'mod', 'admin')), "user_id" text references "users" ("id") on delete set null, "from_state" text check (from_state in ${STATES}), "to_state" text check (to_state in ${STATES}), "created_at" bigint not null)`,
    checks: [` check (from_state in ${STATES})`, ` check (to_state in ${STATES})`],
    constraints: ['entry_events_from_state_check', 'entry_events_to_state_check'],
  },
} as const;

type Table = keyof typeof TABLES;

function withoutChecks(table: Table): string {
  const { sql: definition, checks } = TABLES[table];
  return checks.reduce<string>((text, check) => text.replace(check, ''), definition);
}

/** Replaces a SQLite table by one of another definition, keeping its rows, indexes, triggers and sequence. */
async function rebuildSqliteTable(db: Kysely<any>, table: Table, from: string, to: string): Promise<void> {
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
  await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const { sql: definition } of dependents.rows) await sql.raw(definition).execute(db);
  // AUTOINCREMENT never hands out an id twice, also not one of a row purged before the rebuild.
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
  // With foreign keys on, dropping entries would delete every event, comment and file by cascade.
  if (pragma.rows[0]?.foreign_keys !== 0) {
    throw new Error('this migration rebuilds tables and must run with foreign keys off');
  }
}

async function assertForeignKeysHold(db: Kysely<any>): Promise<void> {
  const violations = await sql`pragma foreign_key_check`.execute(db);
  if (violations.rows.length > 0) throw new Error('the rebuilt tables break a foreign key');
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [table, { constraints }] of Object.entries(TABLES)) {
      for (const name of constraints) {
        await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
      }
    }
    return;
  }
  await assertForeignKeysOff(db);
  for (const table of Object.keys(TABLES) as Table[]) {
    await rebuildSqliteTable(db, table, TABLES[table].sql, withoutChecks(table));
  }
  await assertForeignKeysHold(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const checks: [Table, string, string][] = [
      ['entries', 'entries_state_check', 'state'],
      ['entry_events', 'entry_events_from_state_check', 'from_state'],
      ['entry_events', 'entry_events_to_state_check', 'to_state'],
    ];
    for (const [table, name, column] of checks) {
      await sql`alter table ${sql.table(table)} add constraint ${sql.ref(name)}
        check (${sql.ref(column)} in ${sql.raw(STATES)})`.execute(db);
    }
    return;
  }
  await assertForeignKeysOff(db);
  for (const table of Object.keys(TABLES) as Table[]) {
    await rebuildSqliteTable(db, table, withoutChecks(table), TABLES[table].sql);
  }
  await assertForeignKeysHold(db);
}
