import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { ENTRY_LIFECYCLE, type EntryState } from '@einwurf/contract';
import { compiledOnce } from '../../db/compiled-once.ts';
import { dialectOf } from '../../db/database.ts';
import { countedEntriesQuery, countEntries, NOT_DELETED } from '../entries/repository.ts';
import { stateFacet, typeFacet } from './text.ts';
import { pgVector } from './vector.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

/** `assignee`: an account's id, or null for the entries nobody has. */
export type ListFilter = {
  type?: string | undefined;
  state?: EntryState | undefined;
  assignee?: string | null | undefined;
};
export type ListSort = { field: 'updated_at' | 'created_at' | 'title'; direction: 'asc' | 'desc' };
export type ListedEntryRow = {
  id: string;
  type: string;
  title: string;
  state: EntryState;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  /** The username of the account that has the entry; null: nobody. */
  assignee: string | null;
};
export type FoundEntryRow = ListedEntryRow & { data: string };
/**
 * Where a page starts in the sorted list: after (or, `before`, ahead of) the row with this sort value
 * and id; the page is then found in the index from there, without skipping the rows before it.
 */
export type ListBoundary = { side: 'after' | 'before'; value: number | string; id: string };

/** A folded search document: what the full-text index holds for one entry. */
export type SearchDocument = { id: string; rowid: bigint; title: string; body: string; facets: string };

/**
 * Whether the full-text index holds an entry's state and type (SQLite's facets column, which
 * filters searches in the index alone); PostgreSQL's holds title and body only.
 */
export function searchIndexHoldsFacets(db: Db): boolean {
  return dialectOf(db) !== 'postgres';
}

/** Whether an entry's full-text document is a column of its own row (PostgreSQL's search_vector). */
export function searchIndexInEntryRow(db: Db): boolean {
  return dialectOf(db) === 'postgres';
}

/** Whether SQLite's title table keeps the documents it holds (their titles and facets are unchanged). */
type TitlesKept = { titlesKept?: boolean };

/**
 * Replaces the full-text documents of the given entries; call it in the transaction of the write.
 * `titlesKept`: their titles and facets are the ones indexed already, so SQLite's title table keeps
 * its documents and only entries_fts is written again (an author's save of the text).
 */
export async function writeSearchDocuments(
  db: Db,
  docs: SearchDocument[],
  { titlesKept = false }: TitlesKept = {},
): Promise<void> {
  if (docs.length === 0) return;
  if (dialectOf(db) === 'postgres') {
    for (const doc of docs) {
      await sql`update entries set search_vector = ${pgVector(doc.title, doc.body)} where id = ${doc.id}`.execute(
        db,
      );
    }
    return;
  }
  await deleteSearchDocuments(
    db,
    docs.map((d) => d.rowid),
    { titlesKept },
  );
  await insertSqliteSearchDocuments(db, docs, { titlesKept });
}

/**
 * Adds SQLite full-text documents: the entry's to entries_fts, its title and facets again to
 * entries_fts_title (unless `titlesKept`), which finds title matches without reading body matches,
 * and the entry's id under the documents' rowid to search_rowids (both tables keep no text).
 */
export async function insertSqliteSearchDocuments(
  db: Db,
  docs: SearchDocument[],
  { titlesKept = false }: TitlesKept = {},
): Promise<void> {
  await sql`insert into entries_fts (rowid, title, body, facets) values ${sql.join(
    docs.map((d) => sql`(${d.rowid}, ${d.title}, ${d.body}, ${d.facets})`),
  )}`.execute(db);
  if (titlesKept) return;
  await sql`insert into entries_fts_title (rowid, title, facets) values ${sql.join(
    docs.map((d) => sql`(${d.rowid}, ${d.title}, ${d.facets})`),
  )}`.execute(db);
  await sql`insert into search_rowids (rowid, entry_id) values ${sql.join(
    docs.map((d) => sql`(${d.rowid}, ${d.id})`),
  )}`.execute(db);
}

/**
 * Removes the SQLite full-text documents of purged entries (PostgreSQL's go with their rows); with
 * `titlesKept`, those of entries_fts only.
 */
export async function deleteSearchDocuments(
  db: Db,
  rowids: bigint[],
  { titlesKept = false }: TitlesKept = {},
): Promise<void> {
  if (rowids.length === 0 || dialectOf(db) === 'postgres') return;
  await sql`delete from entries_fts where rowid in (${sql.join(rowids)})`.execute(db);
  if (titlesKept) return;
  await sql`delete from entries_fts_title where rowid in (${sql.join(rowids)})`.execute(db);
  await sql`delete from search_rowids where rowid in (${sql.join(rowids)})`.execute(db);
}

function filtered(db: Db, filter: ListFilter) {
  let query = db.selectFrom('entries');
  query =
    filter.state === undefined
      ? query.where('state', '<>', NOT_DELETED)
      : query.where('state', '=', filter.state);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.assignee !== undefined) {
    query =
      filter.assignee === null
        ? query.where('assignee_id', 'is', null)
        : query.where('assignee_id', '=', filter.assignee);
  }
  return query;
}

/** How many entries one moderator has (that filter): entry_counts has no assignees, so the rows are counted. */
async function countFiltered(db: Db, filter: ListFilter): Promise<number> {
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Which filters a query of kept counts has; `unassigned`: only the entries nobody has. */
type CountsShape = { state: boolean; type: boolean; unassigned: boolean };

/**
 * The filter's conditions on a table of kept counts (entry_ranges, title_ranges): its state, or every
 * state but deleted; its type; nobody's entries.
 */
function countsFilter(shape: CountsShape, state: EntryState | undefined, type: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'entry_ranges' | 'title_ranges'>) => {
    const conditions = [shape.state ? eb('state', '=', state!) : eb('state', '<>', NOT_DELETED)];
    if (shape.type) conditions.push(eb('type', '=', type!));
    if (shape.unassigned) conditions.push(eb('assigned', '=', 0));
    return eb.and(conditions);
  };
}

/** How many entries nobody has that the filter picks: entry_ranges' days summed, not rows counted. */
const countUnassigned = compiledOnce(
  (db, shape: CountsShape, state: EntryState | undefined, type: string | undefined) =>
    db
      .selectFrom('entry_ranges')
      .select((eb) => eb.fn.sum<number | string | null>('count').as('count'))
      .where('sort', '=', 'updated_at')
      .where(countsFilter(shape, state, type)),
  (shape) => `${shape.state} ${shape.type}`,
);

/** How many entries a filter lists, from counts the database keeps wherever there are some. */
async function countListed(db: Db, filter: ListFilter): Promise<number> {
  if (filter.assignee === undefined) return countEntries(db, filter);
  if (filter.assignee !== null) return countFiltered(db, filter);
  const shape = { state: filter.state !== undefined, type: filter.type !== undefined, unassigned: true };
  const [counted] = await countUnassigned(db, shape, filter.state, filter.type);
  return Number(counted?.count ?? 0);
}

/**
 * One page of entries, filtered and sorted (id breaks ties, so pages never overlap), and the total.
 * The total comes from entry_counts (entry_ranges for entries nobody has), not from counting rows.
 * The page's ids are found in an index that holds the sort, the id and the filtered columns, so the
 * rows an OFFSET skips are never read from the table; a page nearer the end than the start is read
 * backwards from the end, so the last page costs what the first does. With a boundary (the edge of
 * the page next to this one, taken from its rows) the page is read from there, so a middle page
 * costs what the first does, too. A page
 * by number at least `skipByRangesFrom` rows from both ends is found by the entries counted per day
 * of its time or per range of titles.
 */
export async function listEntries(
  db: Db,
  filter: ListFilter,
  sort: ListSort,
  page: { limit: number; offset: number },
  boundary?: ListBoundary,
  skipByRangesFrom = SKIP_BY_RANGES_FROM,
): Promise<{ rows: ListedEntryRow[]; total: number }> {
  if (page.offset === 0 && boundary === undefined && filter.assignee === undefined) {
    const shape = { state: filter.state !== undefined, type: filter.type !== undefined };
    const rows = await firstPageWithTotal(
      db,
      { ...shape, assignee: 'any', sort, backwards: false, limit: page.limit },
      filter.state,
      filter.type,
    );
    // No row, no total beside it: the list is empty (or its counts are behind), counted on its own.
    if (rows[0] !== undefined) return { rows, total: Number(rows[0].total) };
  }
  const total = await countListed(db, filter);
  if (page.offset >= total) return { rows: [], total };
  const limit = Math.min(page.limit, total - page.offset);
  const shape: Omit<PageShape, 'backwards'> = {
    state: filter.state !== undefined,
    type: filter.type !== undefined,
    assignee: assigneeShape(filter),
    sort,
  };
  if (boundary !== undefined) {
    const backwards = boundary.side === 'before';
    const rows = await pageFromBoundary(
      db,
      { ...shape, backwards, limit: backwards ? page.limit : limit },
      filter.state,
      filter.type,
      filter.assignee,
      boundary.value,
      boundary.id,
    );
    return { rows, total };
  }
  const fromEnd = total - page.offset - limit;
  const backwards = fromEnd < page.offset;
  if (Math.min(page.offset, fromEnd) >= skipByRangesFrom && shape.assignee !== 'one') {
    const rows = await pageByRanges(db, { ...shape, backwards: false }, filter, limit, page.offset);
    if (rows !== undefined) return { rows, total };
  }
  const rows = await pageAtOffset(
    db,
    { ...shape, backwards, limit },
    filter.state,
    filter.type,
    filter.assignee,
    backwards ? fromEnd : page.offset,
  );
  return { rows, total };
}

// The list's queries, compiled once per shape (which filters, which order, which way) with the
// filters' values, the boundary and the page's bounds as parameters.
type PageShape = {
  state: boolean;
  type: boolean;
  assignee: 'any' | 'none' | 'one';
  sort: ListSort;
  backwards: boolean;
};

const assigneeShape = (filter: ListFilter): PageShape['assignee'] =>
  filter.assignee === undefined ? 'any' : filter.assignee === null ? 'none' : 'one';
const pageKey = (shape: PageShape) =>
  `${shape.state} ${shape.type} ${shape.assignee} ${shape.sort.field} ${shape.sort.direction} ${shape.backwards}`;

/**
 * A page's shape with its number of rows, which the page's SQL holds as a number: SQLite reads a
 * page whose LIMIT is a bound parameter in twice the time (12 µs against 7 µs for the ids of a page
 * of 20, 34 µs against 22 µs with its rows). Page sizes are few (1 to PAGE_SIZE_MAX).
 */
type LimitedShape = PageShape & { limit: number };
const limitedKey = (shape: LimitedShape) => `${pageKey(shape)} ${shape.limit}`;

/** The filter a shape describes, holding the (stand-in) values it filters by. */
function shapedFilter(
  shape: PageShape,
  state: EntryState | undefined,
  type: string | undefined,
  assignee?: string | null,
): ListFilter {
  return {
    state: shape.state ? state : undefined,
    type: shape.type ? type : undefined,
    assignee: shape.assignee === 'one' ? assignee : shape.assignee === 'none' ? null : undefined,
  };
}

const flip = (d: 'asc' | 'desc') => (d === 'asc' ? 'desc' : 'asc');
/** The order a page is read in: the list's, or the opposite one when it is read backwards. */
const directionOf = (shape: PageShape) =>
  shape.backwards ? flip(shape.sort.direction) : shape.sort.direction;

/** The keys (`rowKey`) of the entries a shape's filter picks, in the order the page is read, as many as it holds. */
function shapedPageIds(
  db: Db,
  shape: LimitedShape,
  state: EntryState | undefined,
  type: string | undefined,
  assignee: string | null | undefined,
) {
  return pageIds(db, shapedFilter(shape, state, type, assignee), shape.sort.field, directionOf(shape)).limit(
    sql.lit(shape.limit),
  );
}

/**
 * The column a page's rows are picked by: on SQLite the rowid, which every index holds and which
 * finds a row in one search of the table (the id searches its own index first: a fifth more time
 * for a page); PostgreSQL's id.
 */
const rowKey = (db: Db, table?: string) =>
  sql.ref(`${table === undefined ? '' : `${table}.`}${dialectOf(db) === 'postgres' ? 'id' : 'rowid'}`);

/** The listed rows of the entries whose keys (`rowKey`) the subquery picks, in the list's order. */
function listedRows(db: Db, sort: ListSort, ids: ReturnType<typeof pageIds>) {
  return db
    .selectFrom('entries as e')
    .leftJoin('users as u', 'u.id', 'e.assignee_id')
    .select([
      'e.id',
      'e.type',
      'e.title',
      'e.state',
      'e.created_at',
      'e.updated_at',
      'e.published_at',
      'u.username as assignee',
    ])
    .where(rowKey(db, 'e'), 'in', ids)
    .orderBy(`e.${sort.field}`, sort.direction)
    .orderBy('e.id', sort.direction);
}

function pageIds(db: Db, filter: ListFilter, field: ListSort['field'], direction: 'asc' | 'desc') {
  return filtered(db, filter).select(rowKey(db).as('key')).orderBy(field, direction).orderBy('id', direction);
}

/**
 * The first page of a list of everyone's entries (the one moderation opens most), each row with the
 * list's total from entry_counts beside it: one statement instead of a count and a page (on
 * PostgreSQL one round trip instead of two).
 */
const firstPageWithTotal = compiledOnce(
  (db, shape: LimitedShape, state: EntryState | undefined, type: string | undefined) =>
    listedRows(db, shape.sort, shapedPageIds(db, shape, state, type, undefined)).select(
      countedEntriesQuery(db, shape, state, type).as('total'),
    ),
  limitedKey,
);

// Rows after the boundary in the list's order, or (backwards) the nearest ones ahead of it, read in
// the opposite order; both ways the index seeks to the boundary.
const pageFromBoundary = compiledOnce(
  (
    db,
    shape: LimitedShape,
    state: EntryState | undefined,
    type: string | undefined,
    assignee: string | null | undefined,
    value: number | string,
    id: string,
  ) => {
    const direction = directionOf(shape);
    const ahead = direction === 'asc' ? '>' : '<';
    const ids = shapedPageIds(db, shape, state, type, assignee).where((eb) =>
      eb(eb.refTuple(shape.sort.field, 'id'), ahead, eb.tuple(value, id)),
    );
    return listedRows(db, shape.sort, ids);
  },
  limitedKey,
);

// A page nearer the end than the start is read backwards from the end.
const pageAtOffset = compiledOnce(
  (
    db,
    shape: LimitedShape,
    state: EntryState | undefined,
    type: string | undefined,
    assignee: string | null | undefined,
    offset: number,
  ) => {
    const ids = shapedPageIds(db, shape, state, type, assignee).offset(offset);
    return listedRows(db, shape.sort, ids);
  },
  limitedKey,
);

// A page asked for by its number far from both ends: entry_ranges (kept by the database's triggers,
// see migration 2026-12-17-entry-ranges) counts the entries per day of the sort's time, type and
// state, so the page's first row is found in its day and only that day's rows before it are skipped
// (an OFFSET over the index costs about 150 ns a row: 75 ms for the middle of a million entries).
// They count entries a moderator has apart from entries nobody has (migration 2026-12-18), so the
// desk's "nobody has it" list pages the same way. title_ranges does the same for the title order, its
// buckets bounded by titles (title_anchors, migration 2026-12-19) that housekeeping keeps near
// TITLE_RANGE_SIZE entries each. Each moderator's own entries are not counted: those pages skip by
// OFFSET, from the nearer end.

/** From this many rows to skip on, the ranges are counted first; fewer cost less than that query. */
const SKIP_BY_RANGES_FROM = 1_000;
/** A day in the timestamps' milliseconds: entry_ranges' bucket is a time divided by it, truncated. */
const DAY_MS = 86_400_000;
/** The entries a title bucket is kept near: housekeeping splits one holding more than twice this. */
export const TITLE_RANGE_SIZE = 2_000;

type RangeShape = CountsShape & { sort: ListSort };
const rangeKey = (shape: RangeShape) =>
  `${shape.state} ${shape.type} ${shape.unassigned} ${shape.sort.field} ${shape.sort.direction}`;

/** The entries per day of the sort's time that the filter picks, in the list's order. */
const dayCounts = compiledOnce(
  (db, shape: RangeShape, state: EntryState | undefined, type: string | undefined) =>
    db
      .selectFrom('entry_ranges')
      .select(['bucket', (eb) => eb.fn.sum<number | string>('count').as('count')])
      .where('sort', '=', shape.sort.field as 'updated_at' | 'created_at')
      .where(countsFilter(shape, state, type))
      .groupBy('bucket')
      .orderBy('bucket', shape.sort.direction),
  rangeKey,
);

/** The entries per title bucket that the filter picks, in the list's order. */
const titleCounts = compiledOnce(
  (db, shape: RangeShape, state: EntryState | undefined, type: string | undefined) =>
    db
      .selectFrom('title_ranges')
      .select(['anchor', (eb) => eb.fn.sum<number | string>('count').as('count')])
      .where(countsFilter(shape, state, type))
      .groupBy('anchor')
      .orderBy('anchor', shape.sort.direction),
  rangeKey,
);

/**
 * The page's rows from where a range starts in the list's order: ascending from its first value
 * (`>=`), descending from below the value above it (`<`, the next day's start or the next anchor).
 */
const pageInRange = compiledOnce(
  (
    db,
    shape: LimitedShape,
    state: EntryState | undefined,
    type: string | undefined,
    from: number | string,
    skip: number,
  ) => {
    const field = shape.sort.field;
    // An assignee filter here is "nobody" (null), which needs no value.
    const ids = shapedPageIds(db, shape, state, type, null)
      .where(field, shape.sort.direction === 'desc' ? '<' : '>=', from)
      .offset(skip);
    return listedRows(db, shape.sort, ids);
  },
  limitedKey,
);

/** A range of the list in its order: how many rows it holds and where its first row is found. */
type Range = { count: number; from: number | string | undefined };

/** The ranges of the list in its order, from the counts the database keeps. */
async function rangesOf(db: Db, shape: PageShape, filter: ListFilter): Promise<Range[]> {
  const counted: RangeShape = { ...shape, unassigned: shape.assignee === 'none' };
  const descending = shape.sort.direction === 'desc';
  if (shape.sort.field !== 'title') {
    const days = await dayCounts(db, counted, filter.state, filter.type);
    return days.map(({ bucket, count }) => {
      const day = Number(bucket);
      return { count: Number(count), from: descending ? (day + 1) * DAY_MS : day * DAY_MS };
    });
  }
  const buckets = await titleCounts(db, counted, filter.state, filter.type);
  // Descending, a bucket is read from below the anchor above it; the highest has none above.
  return buckets.map(({ anchor, count }, i) => ({
    count: Number(count),
    from: descending ? buckets[i - 1]?.anchor : anchor,
  }));
}

/**
 * The page at `offset` by way of the counted ranges; undefined when they do not reach it (a count and
 * the total read apart while entries were written): the caller then skips by OFFSET.
 */
async function pageByRanges(
  db: Db,
  shape: PageShape,
  filter: ListFilter,
  limit: number,
  offset: number,
): Promise<ListedEntryRow[] | undefined> {
  let before = 0;
  for (const { count, from } of await rangesOf(db, shape, filter)) {
    if (before + count > offset) {
      if (from === undefined) {
        return pageAtOffset(db, { ...shape, limit }, filter.state, filter.type, filter.assignee, offset);
      }
      return pageInRange(db, { ...shape, limit }, filter.state, filter.type, from, offset - before);
    }
    before += count;
  }
  return undefined;
}

/** The anchors of title buckets holding more than `above` entries, the fullest first. */
export async function fullTitleRanges(db: Db, above: number): Promise<string[]> {
  const rows = await db
    .selectFrom('title_ranges')
    .select('anchor')
    .groupBy('anchor')
    .having((eb) => eb.fn.sum('count'), '>', above)
    .orderBy((eb) => eb.fn.sum('count'), 'desc')
    .execute();
  return rows.map((r) => r.anchor);
}

/**
 * Splits the title bucket starting at `anchor` at its middle title: the titles from there on get an
 * anchor of their own and their counts move to it. Answers false when the bucket holds one title
 * only (or is gone). Call it in a transaction. On PostgreSQL it first locks the entries against
 * writes, so no write counts into the bucket while it is split; only when no write is under way
 * (NOWAIT: else it throws 55P03), since a lock it waited for would queue writes behind it that may
 * hold what a write under way needs. Writes then wait for the split (milliseconds).
 */
export async function splitTitleRange(db: Db, anchor: string): Promise<boolean> {
  if (dialectOf(db) === 'postgres') {
    await sql`lock table entries in share row exclusive mode nowait`.execute(db);
  }
  const next = await db
    .selectFrom('title_anchors')
    .select('anchor')
    .where('anchor', '>', anchor)
    .orderBy('anchor')
    .limit(1)
    .executeTakeFirst();
  const inBucket = () => {
    let titles = db.selectFrom('entries').where('title', '>=', anchor);
    if (next !== undefined) titles = titles.where('title', '<', next.anchor);
    return titles;
  };
  const counted = await db
    .selectFrom('title_ranges')
    .select((eb) => eb.fn.sum<number | string | null>('count').as('count'))
    .where('anchor', '=', anchor)
    .executeTakeFirst();
  const half = Math.floor(Number(counted?.count ?? 0) / 2);
  const middle = await inBucket().select('title').orderBy('title').limit(1).offset(half).executeTakeFirst();
  // Titles equal to the anchor stay in its bucket: the split is at the first title above them.
  const split =
    middle === undefined || middle.title === anchor
      ? await inBucket()
          .select('title')
          .where('title', '>', anchor)
          .orderBy('title')
          .limit(1)
          .executeTakeFirst()
      : middle;
  if (split === undefined) return false;
  await db.insertInto('title_anchors').values({ anchor: split.title }).execute();
  const assigned = sql<0 | 1>`case when assignee_id is null then 0 else 1 end`;
  let moved = db
    .selectFrom('entries')
    .select(['type', 'state', assigned.as('assigned'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('title', '>=', split.title)
    .groupBy(['type', 'state', assigned]);
  if (next !== undefined) moved = moved.where('title', '<', next.anchor);
  for (const { type, state, assigned, count } of await moved.execute()) {
    const n = Number(count);
    await db
      .insertInto('title_ranges')
      .values({ anchor: split.title, type, state, assigned: Number(assigned) as 0 | 1, count: n })
      .execute();
    await db
      .updateTable('title_ranges')
      .set((eb) => ({ count: eb('count', '-', n) }))
      .where('anchor', '=', anchor)
      .where('type', '=', type)
      .where('state', '=', state)
      .where('assigned', '=', Number(assigned) as 0 | 1)
      .execute();
  }
  return true;
}

function stateAndType(filter: ListFilter) {
  const state = filter.state === undefined ? sql`e.state <> ${NOT_DELETED}` : sql`e.state = ${filter.state}`;
  return filter.type === undefined ? state : sql`${state} and e.type = ${filter.type}`;
}

/** A page of search results; `capped` when more entries matched than were ranked. */
export type SearchResult = { rows: FoundEntryRow[]; total: number; capped: boolean };

/**
 * One page of entries matching every term (folded words), most relevant first, and the total.
 * SQLite: FTS5 with bm25, the title weighted ten times the body. PostgreSQL: the tsvector against
 * German and English stems of the terms, ts_rank (title weight A over body weight B).
 *
 * Ranking every match of a common word costs a score per match (hundreds of thousands at a
 * million entries), so up to `candidates` matches are ranked exactly as described and a search
 * matching more answers a capped set instead: first up to `candidates` entries matching in the
 * title, then others; the total is then `candidates` and `capped` is set. The capped set is taken
 * in index order (SQLite: a hash of the id, so at random; PostgreSQL: storage order), not by
 * score, since finding the best-scoring ones means scoring all. Within each group SQLite keeps
 * that order and scores nothing: FTS5's bm25 weighs each word by counting, on every query, all
 * entries that hold it (and the facet tokens'), so even scoring a capped set reads every match of
 * a common word. PostgreSQL orders each group by last update.
 */
export async function searchEntries(
  db: Db,
  terms: string[],
  filter: ListFilter,
  page: { limit: number; offset: number },
  candidates: number,
): Promise<SearchResult> {
  if (dialectOf(db) === 'postgres') return searchPostgres(db, terms, filter, page, candidates);
  return searchSqlite(db, terms, filter, page, candidates);
}

const COLUMNS = sql`e.id, e.type, e.title, e.state, e.created_at, e.updated_at, e.published_at, e.data,
  (select u.username from users u where u.id = e.assignee_id) as assignee`;

/** A PostgreSQL search candidate: title matches are tier 0, the others tier 1. */
type Candidate = { id: string; updated_at: number; tier: number };

/**
 * The capped set's order: tier, newest first, then the id as the ranked path breaks ties
 * (`collate "C"`: by code point, which for the ASCII ids equals this comparison of code units).
 */
function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  if (a.updated_at !== b.updated_at) return b.updated_at - a.updated_at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

async function searchPostgres(
  db: Db,
  terms: string[],
  filter: ListFilter,
  page: { limit: number; offset: number },
  candidates: number,
): Promise<SearchResult> {
  const where = stateAndType(filter);
  const text = terms.join(' ');
  const query = sql`(plainto_tsquery('german', ${text}) || plainto_tsquery('english', ${text}))`;
  // The candidates are read once: the title matches (from the GIN index over title_vector, the
  // title's lexemes, weight A of search_vector) up to one past the cap, then, when they do not
  // exceed it, the others, as many. Their number is the count (an exact count of a common word
  // reads every match), and a capped search pages through them without reading any match again.
  const titleHits = (
    await sql<Candidate>`select e.id, e.updated_at, 0 as tier from entries e
      where e.title_vector @@ ${query} and ${where} limit ${candidates + 1}`.execute(db)
  ).rows;
  const otherHits =
    titleHits.length > candidates
      ? []
      : (
          await sql<Candidate>`select e.id, e.updated_at, 1 as tier from entries e
            where e.search_vector @@ ${query} and ${where}
              and not (e.title_vector @@ ${query})
            limit ${candidates + 1}`.execute(db)
        ).rows;
  const matched = titleHits.length + otherHits.length;
  const capped = matched > candidates;
  const total = Math.min(matched, candidates);
  if (page.offset >= total) return { rows: [], total, capped };
  const limit = Math.min(page.limit, total - page.offset);
  if (!capped) {
    // Only the page's rows are read for their columns.
    const found = await sql<FoundEntryRow>`select ${COLUMNS} from (
        select e.id, ts_rank(e.search_vector, ${query}) as rank, e.updated_at from entries e
        where e.search_vector @@ ${query} and ${where}
        order by rank desc, e.updated_at desc, e.id collate "C"
        limit ${limit} offset ${page.offset}
      ) r join entries e on e.id = r.id
      order by r.rank desc, r.updated_at desc, r.id collate "C"`.execute(db);
    return { rows: found.rows, total, capped };
  }
  // Within each group (title matches first) the newest come first, unranked: ts_rank reads each
  // candidate's whole stored vector, 1–2.5 µs apiece with the vectors in the row (35 µs when they
  // lay in the TOAST table), which made a capped search 10–20 % slower at 100,000 entries. The
  // candidates are ordered here, and only the page's rows are read for their columns.
  const ids = [...titleHits.slice(0, candidates), ...otherHits.slice(0, candidates)]
    .sort(compareCandidates)
    .slice(page.offset, page.offset + limit)
    .map((c) => c.id);
  const found = await sql<FoundEntryRow>`select ${COLUMNS} from entries e
    where e.id in (${sql.join(ids)})`.execute(db);
  const byId = new Map(found.rows.map((r) => [r.id, r]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return { rows, total, capped };
}

/** The words alone may match this many times the cap for their matches to be ranked apart from the filter. */
const WORDS_ONLY_RANKED = 4;

/**
 * The matches of a SQLite search ranked by bm25, best first (equal scores in the index's order).
 * bm25 weighs each phrase of the query by counting, once per query, every entry that holds it: the
 * filter's facet tokens too, though they score nothing (weight 0), and they are held by up to every
 * entry (a state's by half a million at a million entries: 20 ms for one rare word). So when the
 * words alone match few entries, those are ranked with the words alone and kept to the filtered
 * matches by rowid (`+rowid` keeps that a test of each row: as a constraint of the full-text table
 * it would run the whole query once per rowid); when they match many, reading them all would cost
 * more than counting the facets, and the filtered query is ranked as it is. Same scores either way.
 */
async function rankedMatches(db: Db, phrases: string, match: string, candidates: number) {
  const score = sql`bm25(entries_fts, 10.0, 1.0, 0.0)`;
  const words = `{title body} : ${phrases}`;
  const bound = WORDS_ONLY_RANKED * candidates;
  const counted = await sql<{ count: number }>`select count(*) as count from (
      select 1 from entries_fts where entries_fts match ${words} limit ${bound + 1}
    )`.execute(db);
  if (Number(counted.rows[0]?.count ?? 0) > bound) {
    return sql`select ${score} as score, rowid as position from entries_fts
      where entries_fts match ${match} order by score, position`;
  }
  return sql`select ${score} as score, rowid as position from entries_fts
    where entries_fts match ${words}
      and +rowid in (select rowid from entries_fts where entries_fts match ${match})
    order by score, position`;
}

async function searchSqlite(
  db: Db,
  terms: string[],
  filter: ListFilter,
  page: { limit: number; offset: number },
  candidates: number,
): Promise<SearchResult> {
  // Filters are facet tokens in the same full-text query, so the index alone answers the count.
  const phrases = `(${terms.map((t) => `"${t}"`).join(' ')})`;
  let facets =
    filter.state === undefined
      ? ` NOT facets:${stateFacet(ENTRY_LIFECYCLE.deleted)}`
      : ` AND facets:${stateFacet(filter.state)}`;
  if (filter.type !== undefined) facets += ` AND facets:${typeFacet(filter.type)}`;
  const match = `{title body} : ${phrases}${facets}`;
  const titleMatch = `{title} : ${phrases}${facets}`;
  // Counting stops one past the cap: an exact count of a common word reads every match. Which of
  // them match in the title is asked only of a capped search, in the query that pages it.
  const counted = await sql<{ count: number }>`select count(*) as count from (
      select 1 from entries_fts where entries_fts match ${match} limit ${candidates + 1}
    )`.execute(db);
  const matched = Number(counted.rows[0]?.count ?? 0);
  const capped = matched > candidates;
  const total = Math.min(matched, candidates);
  if (page.offset >= total) return { rows: [], total, capped };
  const limit = Math.min(page.limit, total - page.offset);
  if (!capped) {
    // Only the page's rows are joined; equal scores fall back to the index's order.
    const found = await sql<FoundEntryRow>`select ${COLUMNS} from (
        ${await rankedMatches(db, phrases, match, candidates)} limit ${limit} offset ${page.offset}
      ) f join search_rowids d on d.rowid = f.position join entries e on e.id = d.entry_id
      order by f.score, f.position`.execute(db);
    return { rows: found.rows, total, capped };
  }
  // Title matches come from the titles' own table, read once; the others are read only as far as
  // the title matches leave room under the cap (a compound select's limit stops its later arms).
  // FTS5 reads matches in rowid order, so the first ones found are the capped set, already in its
  // order. Both full-text tables and search_rowids share the rowid.
  const found = await sql<FoundEntryRow>`with title_hits as materialized (
      select rowid as position from entries_fts_title
      where entries_fts_title match ${titleMatch} limit ${candidates}
    ), capped_set as (
      select position, 0 as tier from title_hits
      union all
      select rowid, 1 from entries_fts
      where entries_fts match ${match} and rowid not in (select position from title_hits)
      limit ${candidates}
    ), paged as (
      select * from capped_set order by tier, position limit ${limit} offset ${page.offset}
    )
    select ${COLUMNS} from paged f
    join search_rowids d on d.rowid = f.position
    join entries e on e.id = d.entry_id
    order by f.tier, f.position`.execute(db);
  return { rows: found.rows, total, capped };
}
