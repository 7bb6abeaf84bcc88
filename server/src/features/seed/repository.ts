import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/database.ts';
import type { Database, NewCommentRow, NewEntryEventRow, NewEntryRow } from '../../db/types.ts';
import { adjustEntryCounts, type CountChange } from '../entries/repository.ts';
import type { SearchDocument } from '../search/repository.ts';

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
        (id, type, state, title, data, password_hash, revision, created_at, updated_at, deleted_at, search_vector)
        values ${sql.join(
          chunk.map((r) => {
            const doc = byId.get(r.id);
            const title = doc?.title ?? '';
            const body = doc?.body ?? '';
            return sql`(${r.id}, ${r.type}, ${r.state}, ${r.title}, ${r.data}, ${r.password_hash}, ${r.revision},
              ${r.created_at}, ${r.updated_at}, ${r.deleted_at ?? null},
              setweight(to_tsvector('german', ${title}) || to_tsvector('english', ${title}), 'A') ||
              setweight(to_tsvector('german', ${body}) || to_tsvector('english', ${body}), 'B'))`;
          }),
        )}`.execute(db);
    }
    return;
  }
  for (const chunk of chunks(rows, 10)) await db.insertInto('entries').values(chunk).execute();
  for (const chunk of chunks(docs, 5)) {
    await sql`insert into entries_fts (rowid, entry_id, title, body, facets) values ${sql.join(
      chunk.map((d) => sql`(${d.rowid}, ${d.id}, ${d.title}, ${d.body}, ${d.facets})`),
    )}`.execute(db);
  }
}

export async function insertEventsInBulk(db: Db, rows: NewEntryEventRow[]): Promise<void> {
  for (const chunk of chunks(rows, 7)) await db.insertInto('entry_events').values(chunk).execute();
}

export async function insertCommentsInBulk(db: Db, rows: NewCommentRow[]): Promise<void> {
  for (const chunk of chunks(rows, 6)) await db.insertInto('comments').values(chunk).execute();
}

/**
 * Readies this connection for a bulk load. SQLite: a larger page cache for the random-key index
 * inserts and fewer WAL checkpoints (each one syncs the file). PostgreSQL needs nothing.
 */
export async function prepareBulkLoad(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`pragma cache_size = -262144`.execute(db);
  await sql`pragma wal_autocheckpoint = 16384`.execute(db);
}

/**
 * Refreshes the planner's statistics after a bulk load; PostgreSQL also vacuums, so its visibility
 * map lets the list's index-only scans skip the table.
 */
export async function analyze(db: Db): Promise<void> {
  await sql`${sql.raw(dialectOf(db) === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db);
}
