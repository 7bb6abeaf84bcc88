import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/database.ts';
import type { Database, NewCommentRow, NewEntryEventRow, NewEntryRow } from '../../db/types.ts';
import { adjustEntryCounts, type CountChange } from '../entries/repository.ts';
import { insertSqliteSearchDocuments, type SearchDocument } from '../search/repository.ts';

type Db = Kysely<Database>;

// Both databases take at least 32,766 bound values per statement (SQLite's limit; PostgreSQL's is
// 65,535), so each multi-row insert stays below that.
const MAX_VALUES = 30_000;

function chunks<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_VALUES / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Inserts entries with their full-text documents and counts in multi-row statements; run it in a transaction. */
export async function insertEntriesInBulk(
  db: Db,
  rows: NewEntryRow[],
  docs: SearchDocument[],
): Promise<void> {
  // A seed batch lost in a crash is only demo data: the commit need not wait for the disk.
  if (dialectOf(db) === 'postgres') await sql`set local synchronous_commit = off`.execute(db);
  const counts = new Map<string, CountChange>();
  for (const { type, state } of rows) {
    const key = `${type}\n${state}`;
    const change = counts.get(key) ?? { type, state, delta: 0 };
    change.delta += 1;
    counts.set(key, change);
  }
  await adjustEntryCounts(db, [...counts.values()]);
  if (dialectOf(db) === 'postgres') {
    const byId = new Map(docs.map((d) => [d.id, d]));
    for (const chunk of chunks(rows, 13)) {
      await sql`insert into entries
        (id, type, state, title, data, password_hash, revision, created_at, updated_at, deleted_at, published_at, search_vector)
        values ${sql.join(
          chunk.map((r) => {
            const doc = byId.get(r.id);
            const title = doc?.title ?? '';
            const body = doc?.body ?? '';
            return sql`(${r.id}, ${r.type}, ${r.state}, ${r.title}, ${r.data}, ${r.password_hash}, ${r.revision},
              ${r.created_at}, ${r.updated_at}, ${r.deleted_at ?? null}, ${r.published_at ?? null},
              setweight(to_tsvector('german', ${title}) || to_tsvector('english', ${title}), 'A') ||
              setweight(to_tsvector('german', ${body}) || to_tsvector('english', ${body}), 'B'))`;
          }),
        )}`.execute(db);
    }
    return;
  }
  for (const chunk of chunks(rows, 11)) await db.insertInto('entries').values(chunk).execute();
  for (const chunk of chunks(docs, 5)) await insertSqliteSearchDocuments(db, chunk);
}

export async function insertEventsInBulk(db: Db, rows: NewEntryEventRow[]): Promise<void> {
  for (const chunk of chunks(rows, 7)) await db.insertInto('entry_events').values(chunk).execute();
}

/** Each entry's current revision, as if its last save had been the author's. */
export async function insertRevisionsInBulk(db: Db, entries: NewEntryRow[]): Promise<void> {
  const rows = entries.map((e) => ({
    entry_id: e.id,
    revision: e.revision,
    title: e.title,
    data: e.data,
    state: e.state,
    actor: 'author' as const,
    user_id: null,
    saved_at: e.updated_at,
  }));
  for (const chunk of chunks(rows, 8)) await db.insertInto('entry_revisions').values(chunk).execute();
}

export async function insertCommentsInBulk(db: Db, rows: NewCommentRow[]): Promise<void> {
  for (const chunk of chunks(rows, 6)) await db.insertInto('comments').values(chunk).execute();
}

// The tables a seed writes to.
const SEEDED_TABLES = ['entries', 'entry_events', 'entry_revisions', 'comments'];

/**
 * Readies the database for a bulk load of `adding` entries and answers the function that ends it.
 * When the load adds at least half as many entries as there are, the secondary indexes of the
 * seeded tables (not those behind keys and constraints) are dropped and built again at the end
 * from their stored definitions: building an index once is several times cheaper than growing it
 * row by row, above all for keys in random order. Until then the tables read slowly, and a seed
 * killed mid-way leaves the indexes missing (an error does not: they are built in any case).
 * SQLite also gets a larger page cache and fewer WAL checkpoints (each one syncs the file).
 */
export async function prepareBulkLoad(db: Db, adding: number): Promise<() => Promise<void>> {
  const postgres = dialectOf(db) === 'postgres';
  if (!postgres) {
    await sql`pragma cache_size = -262144`.execute(db);
    await sql`pragma wal_autocheckpoint = 16384`.execute(db);
  }
  const { count } = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  if (adding * 2 < Number(count)) return async () => {};
  const tables = sql.join(SEEDED_TABLES);
  const indexes = postgres
    ? await sql<{ name: string; definition: string }>`
        select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class t on t.oid = i.indrelid
        where t.relname in (${tables}) and t.relnamespace = current_schema()::regnamespace
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`.execute(db)
    : // SQLite's own indexes for keys and unique constraints have no SQL.
      await sql<{ name: string; definition: string }>`
        select name, sql as definition from sqlite_master
        where type = 'index' and tbl_name in (${tables}) and sql is not null`.execute(db);
  for (const { name } of indexes.rows) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  return async () => {
    await db.transaction().execute(async (trx) => {
      if (postgres) await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      for (const { definition } of indexes.rows) await sql.raw(definition).execute(trx);
    });
  };
}

/**
 * Refreshes the planner's statistics after a bulk load; PostgreSQL also vacuums, so its visibility
 * map lets the list's index-only scans skip the table.
 */
export async function analyze(db: Db): Promise<void> {
  await sql`${sql.raw(dialectOf(db) === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db);
}
