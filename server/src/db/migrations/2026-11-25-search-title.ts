import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. A search for a word in a quarter of a million
// entries ranks only a capped set of them, title matches first, and finds those without reading
// the other matches: PostgreSQL through a GIN index over the title's lexemes (weight A of
// search_vector); SQLite through a second, contentless full-text table of titles and facets
// (FTS5 finds a title match in the main table only by reading every match's positions).

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index entries_search_title on entries
      using gin (ts_filter(search_vector, '{a}'::"char"[]))`.execute(db);
    return;
  }
  await sql`create virtual table entries_fts_title using fts5(
      title, facets, content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`insert into entries_fts_title (rowid, title, facets)
    select rowid, title, facets from entries_fts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index entries_search_title`.execute(db);
    return;
  }
  await sql`drop table entries_fts_title`.execute(db);
}
