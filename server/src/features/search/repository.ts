import { sql, type Kysely } from 'kysely';
import type { EntryState } from '@einwurf/contract';
import { dialectOf } from '../../db/database.ts';
import { stateFacet, typeFacet } from './text.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

export type ListFilter = { type?: string | undefined; state?: EntryState | undefined };
export type ListSort = { field: 'updated_at' | 'created_at' | 'title'; direction: 'asc' | 'desc' };
export type ListedEntryRow = {
  id: string;
  type: string;
  title: string;
  state: EntryState;
  created_at: number;
  updated_at: number;
};
export type FoundEntryRow = ListedEntryRow & { data: string };

/** A folded search document: what the full-text index holds for one entry. */
export type SearchDocument = { id: string; rowid: bigint; title: string; body: string; facets: string };

/** PostgreSQL's tsvector of a document: title weighted A above body B, German and English stems. */
function pgVector(title: string, body: string) {
  return sql`setweight(to_tsvector('german', ${title}) || to_tsvector('english', ${title}), 'A') ||
    setweight(to_tsvector('german', ${body}) || to_tsvector('english', ${body}), 'B')`;
}

/** Replaces the full-text documents of the given entries; call it in the transaction of the write. */
export async function writeSearchDocuments(db: Db, docs: SearchDocument[]): Promise<void> {
  if (docs.length === 0) return;
  if (dialectOf(db) === 'postgres') {
    for (const doc of docs) {
      await sql`update entries set search_vector = ${pgVector(doc.title, doc.body)} where id = ${doc.id}`.execute(
        db,
      );
    }
    return;
  }
  const rowids = docs.map((d) => d.rowid);
  await sql`delete from entries_fts where rowid in (${sql.join(rowids)})`.execute(db);
  await sql`insert into entries_fts (rowid, entry_id, title, body, facets) values ${sql.join(
    docs.map((d) => sql`(${d.rowid}, ${d.id}, ${d.title}, ${d.body}, ${d.facets})`),
  )}`.execute(db);
}

/** Removes the SQLite full-text documents of purged entries (PostgreSQL's go with their rows). */
export async function deleteSearchDocuments(db: Db, rowids: bigint[]): Promise<void> {
  if (rowids.length === 0 || dialectOf(db) === 'postgres') return;
  await sql`delete from entries_fts where rowid in (${sql.join(rowids)})`.execute(db);
}

function filtered(db: Db, filter: ListFilter) {
  let query = db.selectFrom('entries');
  query =
    filter.state === undefined
      ? query.where('state', '<>', 'deleted')
      : query.where('state', '=', filter.state);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  return query;
}

/** One page of entries, filtered and sorted (id breaks ties, so pages never overlap), and the total. */
export async function listEntries(
  db: Db,
  filter: ListFilter,
  sort: ListSort,
  page: { limit: number; offset: number },
): Promise<{ rows: ListedEntryRow[]; total: number }> {
  let counted = db.selectFrom('entry_counts').select((eb) => eb.fn.sum<number>('count').as('count'));
  counted =
    filter.state === undefined
      ? counted.where('state', '<>', 'deleted')
      : counted.where('state', '=', filter.state);
  if (filter.type !== undefined) counted = counted.where('type', '=', filter.type);
  const { count } = await counted.executeTakeFirstOrThrow();
  const total = Number(count ?? 0);
  if (page.offset >= total) return { rows: [], total };
  const rows = await filtered(db, filter)
    .select(['id', 'type', 'title', 'state', 'created_at', 'updated_at'])
    .orderBy(sort.field, sort.direction)
    .orderBy('id', sort.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total };
}

function stateAndType(filter: ListFilter) {
  const state = filter.state === undefined ? sql`e.state <> 'deleted'` : sql`e.state = ${filter.state}`;
  return filter.type === undefined ? state : sql`${state} and e.type = ${filter.type}`;
}

/**
 * One page of entries matching every term (folded words), most relevant first, and the total.
 * SQLite: FTS5 with bm25, the title weighted ten times the body. PostgreSQL: the tsvector against
 * German and English stems of the terms, ts_rank (title weight A over body weight B).
 */
export async function searchEntries(
  db: Db,
  terms: string[],
  filter: ListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: FoundEntryRow[]; total: number }> {
  const where = stateAndType(filter);
  const columns = sql`e.id, e.type, e.title, e.state, e.created_at, e.updated_at, e.data`;
  if (dialectOf(db) === 'postgres') {
    const text = terms.join(' ');
    const query = sql`(plainto_tsquery('german', ${text}) || plainto_tsquery('english', ${text}))`;
    const counted = await sql<{ count: number }>`select count(*)::int as count from entries e
      where e.search_vector @@ ${query} and ${where}`.execute(db);
    const total = Number(counted.rows[0]?.count ?? 0);
    if (page.offset >= total) return { rows: [], total };
    const found = await sql<FoundEntryRow>`select ${columns} from entries e
      where e.search_vector @@ ${query} and ${where}
      order by ts_rank(e.search_vector, ${query}) desc, e.updated_at desc, e.id
      limit ${page.limit} offset ${page.offset}`.execute(db);
    return { rows: found.rows, total };
  }
  // Filters are facet tokens in the same full-text query, so the index alone answers the count.
  let match = `{title body} : (${terms.map((t) => `"${t}"`).join(' ')})`;
  match +=
    filter.state === undefined
      ? ` NOT facets:${stateFacet('deleted')}`
      : ` AND facets:${stateFacet(filter.state)}`;
  if (filter.type !== undefined) match += ` AND facets:${typeFacet(filter.type)}`;
  const counted = await sql<{ count: number }>`select count(*) as count from entries_fts
    where entries_fts match ${match}`.execute(db);
  const total = Number(counted.rows[0]?.count ?? 0);
  if (page.offset >= total) return { rows: [], total };
  // Only the page's rows are joined; equal scores fall back to the index's order.
  const found = await sql<FoundEntryRow>`select ${columns} from (
      select entry_id, bm25(entries_fts, 0.0, 10.0, 1.0, 0.0) as score, rowid as position from entries_fts
      where entries_fts match ${match} order by score, position limit ${page.limit} offset ${page.offset}
    ) f join entries e on e.id = f.entry_id order by f.score, f.position`.execute(db);
  return { rows: found.rows, total };
}
