import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { facets, fold } from './2026-11-23-moderation.ts';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. SQLite's main full-text table kept a copy of every
// entry's folded title and body beside its index: the text a second time (the entry keeps it), and
// a save wrote it twice more, deleting the old copy (whose words FTS5 read back to take them out of
// the index) and inserting the new one. The table is now contentless and deletes a document by its
// rowid alone (`contentless_delete`), as the title table does; nothing read the text from it. The
// entry a document belongs to, which searches join by, is kept in `search_rowids` (rowid → entry
// id), written when an entry is indexed first and when its title or facets change, not on a save
// of its text. (FTS5's `contentless_unindexed` would keep the id in the table itself, but SQLite
// 3.53 renames and drops no `_content` table of such a table, which then cannot be dropped.)
// PostgreSQL's vectors are unchanged.

const TOKENIZE = sql.raw(`tokenize = 'unicode61 remove_diacritics 2'`);

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table search_rowids (rowid integer primary key, entry_id text not null)`.execute(db);
  await sql`insert into search_rowids (rowid, entry_id) select rowid, entry_id from entries_fts`.execute(db);
  await sql`alter table entries_fts rename to entries_fts_with_text`.execute(db);
  await sql`create virtual table entries_fts using fts5(
      title, body, facets, content = '', contentless_delete = 1, ${TOKENIZE})`.execute(db);
  await sql`insert into entries_fts (rowid, title, body, facets)
    select rowid, title, body, facets from entries_fts_with_text`.execute(db);
  await sql`drop table entries_fts_with_text`.execute(db);
}

// A frozen copy of the app's search text rules at this date (folding and facets are the same as at
// the index's start): going back, each document is made again from its entry.
function bodyText(data: string): string {
  const fields = JSON.parse(data) as Record<string, unknown>;
  const parts: string[] = [];
  const content = fields['content'];
  if (typeof content === 'string') parts.push(content);
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'content' || name === 'title') continue;
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) parts.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return parts
    .join('\n')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_~`|]+/g, ' ')
    .replace(/[ \t]+/g, ' ');
}

/** How many entries going back reads at a time. */
const BATCH = 1000;

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create virtual table entries_fts_with_text using fts5(
      entry_id unindexed, title, body, facets, ${TOKENIZE})`.execute(db);
  // Each document is made again from its entry, under its rowid (read as text: it has 64 bits).
  for (let after: bigint | undefined; ;) {
    const { rows } = await sql<{
      rowid: string;
      id: string;
      type: string;
      state: string;
      title: string;
      data: string;
    }>`
      select cast(s.rowid as text) as rowid, e.id, e.type, e.state, e.title, e.data
        from search_rowids s join entries e on e.id = s.entry_id
        where ${after === undefined ? sql`true` : sql`s.rowid > ${after}`}
        order by s.rowid limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    await sql`insert into entries_fts_with_text (rowid, entry_id, title, body, facets) values ${sql.join(
      rows.map(
        (row) =>
          sql`(${BigInt(row.rowid)}, ${row.id}, ${fold(row.title)}, ${fold(bodyText(row.data))}, ${facets(row.state, row.type)})`,
      ),
    )}`.execute(db);
    after = BigInt(rows[rows.length - 1]!.rowid);
  }
  await sql`drop table entries_fts`.execute(db);
  await sql`alter table entries_fts_with_text rename to entries_fts`.execute(db);
  await sql`drop table search_rowids`.execute(db);
}
