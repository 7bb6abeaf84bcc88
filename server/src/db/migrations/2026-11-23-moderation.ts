import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. The full-text index of entries and the indexes the
// moderation lists sort and filter by.

// A frozen copy of the app's search text rules at this date, to index entries that already exist.
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/ẞ/g, 'SS');
}

function bodyText(data: string): string {
  const fields = JSON.parse(data) as Record<string, unknown>;
  const parts: string[] = [];
  for (const value of Object.values(fields)) {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) parts.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return parts
    .join('\n')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_~`|]+/g, ' ');
}

export function facets(state: string, type: string): string {
  return `s${state} t${Buffer.from(type).toString('hex')}`;
}

function searchRowid(id: string): bigint {
  return createHash('sha256').update(id).digest().readBigInt64BE(0);
}

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // Each list order ends in id, so pages never overlap; state rides along so the default filter
  // (everything but deleted) is checked in the index, without reading the rows it skips.
  const indexes: [string, string[]][] = [
    ['entries_updated_at_id', ['updated_at', 'id', 'state']],
    ['entries_created_at_id', ['created_at', 'id', 'state']],
    ['entries_title_id', ['title', 'id', 'state']],
    ['entries_state_updated_at_id', ['state', 'updated_at', 'id']],
    ['entries_type_updated_at_id', ['type', 'updated_at', 'id', 'state']],
    ['entries_type_state_updated_at_id', ['type', 'state', 'updated_at', 'id']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('entries').columns(columns).execute();
  }

  // Entries per type and state, kept by every write that adds, moves or removes an entry, so the
  // lists' totals do not count a million rows on every page.
  await db.schema
    .createTable('entry_counts')
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('entry_counts_pk', ['type', 'state'])
    .execute();
  await sql`insert into entry_counts (type, state, count)
    select type, state, count(*) from entries group by type, state`.execute(db);

  const existing = (await db
    .selectFrom('entries')
    .select(['id', 'type', 'state', 'title', 'data'])
    .execute()) as { id: string; type: string; state: string; title: string; data: string }[];
  if (isPostgres) {
    await sql`alter table entries add column search_vector tsvector`.execute(db);
    await sql`create index entries_search_vector on entries using gin (search_vector)`.execute(db);
    for (const row of existing) {
      const title = fold(row.title);
      const body = fold(bodyText(row.data));
      await sql`update entries set search_vector =
          setweight(to_tsvector('german', ${title}) || to_tsvector('english', ${title}), 'A') ||
          setweight(to_tsvector('german', ${body}) || to_tsvector('english', ${body}), 'B')
        where id = ${row.id}`.execute(db);
    }
    return;
  }
  // The rowid is a hash of the entry id, so a save replaces its document by rowid (an index
  // lookup) instead of scanning the unindexed entry_id column. The facets column holds a state token
  // and a type token, so filters and counts are answered by the index alone, never by a join.
  await sql`create virtual table entries_fts using fts5(
      entry_id unindexed, title, body, facets, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  for (const row of existing) {
    await sql`insert into entries_fts (rowid, entry_id, title, body, facets)
      values (${searchRowid(row.id)}, ${row.id}, ${fold(row.title)}, ${fold(bodyText(row.data))},
        ${facets(row.state, row.type)})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop index entries_search_vector`.execute(db);
    await sql`alter table entries drop column search_vector`.execute(db);
  } else {
    await sql`drop table entries_fts`.execute(db);
  }
  for (const name of [
    'entries_type_state_updated_at',
    'entries_type_updated_at',
    'entries_title',
    'entries_updated_at',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
