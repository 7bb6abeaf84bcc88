import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. PostgreSQL stored an entry's search vector (about
// 2 KB for an ordinary entry, and hardly compressible) out of line in the TOAST table: a search
// whose words are common reads its matches by a scan that tests each row's vector, and each test
// fetched the vector through the TOAST index, three or four pages at random a row (at a million
// entries about 20 µs a row, most of a two- or three-word search's time). With the storage MAIN
// the vector stays in the row (other long columns go out of line first; the vector only when the
// row would not fit a page). The title's vector (a few dozen bytes, generated from it) is tested by
// the same scan and gets the same storage: it was moved out as the next largest column of a long
// row. Existing vectors are written again to move in; at a million entries
// this rewrites the table and the vector's index, some minutes. SQLite keeps its full-text index
// apart from the rows and is not concerned.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table entries alter column search_vector set storage main,
    alter column title_vector set storage main`.execute(db);
  // A new value (the same lexemes) is stored by the new rule, an unchanged one would keep its place;
  // the title's vector is generated again with it.
  await sql`update entries set search_vector = search_vector || ''::tsvector
    where search_vector is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Values stay where they are until written again; the rule for new ones is the old one.
  await sql`alter table entries alter column search_vector set storage extended,
    alter column title_vector set storage extended`.execute(db);
}
