import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. PostgreSQL found title matches through an index over
// the expression ts_filter(search_vector, '{a}'); with a LIMIT the planner often scanned the table
// instead, computing that expression per row, and with a state filter it combined the index with a
// bitmap of every entry in the state (half a million at a million entries). The title's lexemes are
// now a stored column, generated from search_vector (so every write keeps it), in one GIN index
// with the state: btree_gin (shipped with PostgreSQL, a trusted extension) lets GIN index a text
// column, so a search of one state reads only the title matches in it. The expression index goes.
// Adding a stored column rewrites the table: at a million entries this takes about five minutes.
// SQLite's titles have had their own full-text table, facets included, since 2026-11-25-search-title.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`alter table entries add column title_vector tsvector
    generated always as (ts_filter(search_vector, '{a}'::"char"[])) stored`.execute(db);
  await sql`create index entries_title_vector_state on entries using gin (title_vector, state)`.execute(db);
  await sql`drop index entries_search_title`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index entries_search_title on entries
    using gin (ts_filter(search_vector, '{a}'::"char"[]))`.execute(db);
  await sql`alter table entries drop column title_vector`.execute(db);
  // The extension stays: other objects may have come to use it.
}
