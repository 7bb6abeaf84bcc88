import { setTimeout } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import {
  ASSIGNEE_NONE,
  ENTRY_FILTER_FIELDS,
  ENTRY_SORT_DEFAULT,
  ENTRY_SORT_FIELDS,
  ENTRY_STATES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SEARCH_MIN,
  type EntryList,
  type EntryListItem,
  type EntryListQuery,
  type EntryState,
} from '@einwurf/contract';
import { isLockNotAvailable } from '../../db/errors.ts';
import type { Database } from '../../db/types.ts';
import { badParam, filterConditions, integerParam, PAGE_MAX, paginate } from '../../list-params.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { findUser } from '../users/service.ts';
import * as repo from './repository.ts';
import {
  buildSnippet,
  entryBodyText,
  entryText,
  foldSearchText,
  queryTerms,
  searchFacets,
  searchRowid,
  stripMarkdown,
} from './text.ts';
import { isoDateTime } from '../../time.ts';

type Db = Kysely<Database>;

const SEARCH_MAX = 200;
/** The most matches a search ranks; a search matching more answers a capped total (see searchEntries). */
export const SEARCH_CANDIDATES = 1000;

type IndexedEntry = { id: string; type: string; state: string; title: string; data: string };

/** The folded full-text document of an entry from its title, stored fields, state and type. */
export function searchDocumentOf(entry: IndexedEntry): repo.SearchDocument {
  return documentWithText(entry, entryText(JSON.parse(entry.data) as Record<string, unknown>));
}

/** The document of an entry whose text fields are `text` (entryText). */
function documentWithText(entry: IndexedEntry, text: string): repo.SearchDocument {
  return {
    id: entry.id,
    rowid: searchRowid(entry.id),
    title: foldSearchText(entry.title),
    body: foldSearchText(stripMarkdown(text)),
    facets: searchFacets(entry.state, entry.type),
  };
}

/** What a save writes to the full-text index: the new document, and whether SQLite's title table keeps its own. */
export type SearchChange = { readonly doc: repo.SearchDocument; readonly titlesKept: boolean };

/**
 * What re-indexing an entry a save changed writes, only when its full-text document may have
 * changed: its title, its text fields, or (on SQLite, whose index holds them as facet tokens) its
 * state or type. A save of the same text, or of fields that are not text, writes nothing to the
 * index (undefined), and one that keeps the title and facets leaves SQLite's title table as it is.
 * The text fields are compared as stored: folding and stripping the old ones too took a twentieth
 * of a save of 300 words, and a change of markup alone (which would fold to the same) is rare.
 */
export function searchChangeOf(db: Db, before: IndexedEntry, after: IndexedEntry): SearchChange | undefined {
  const text = entryText(JSON.parse(after.data) as Record<string, unknown>);
  const next = documentWithText(after, text);
  const sameTitle = foldSearchText(before.title) === next.title;
  const sameText =
    sameTitle &&
    (before.data === after.data || entryText(JSON.parse(before.data) as Record<string, unknown>) === text);
  const sameFacets = searchFacets(before.state, before.type) === next.facets;
  if (sameText && (sameFacets || !repo.searchIndexHoldsFacets(db))) return undefined;
  return { doc: next, titlesKept: sameTitle && sameFacets };
}

/**
 * On PostgreSQL, the document of a change as the entry's own UPDATE sets it (search_vector is a
 * column of the row: one statement and one new row version for the save instead of two); undefined
 * on SQLite, whose index is tables of its own (writeSearchChange).
 */
export function searchVectorOf(
  db: Db,
  change: SearchChange | undefined,
): { readonly title: string; readonly body: string } | undefined {
  if (change === undefined || !repo.searchIndexInEntryRow(db)) return undefined;
  return { title: change.doc.title, body: change.doc.body };
}

/** Writes a change to the full-text index; call it inside the transaction of the save. */
export function writeSearchChange(db: Db, change: SearchChange): Promise<void> {
  return repo.writeSearchDocuments(db, [change.doc], { titlesKept: change.titlesKept });
}

/** searchChangeOf, written; answers whether it wrote. */
export async function reindexEntry(db: Db, before: IndexedEntry, after: IndexedEntry): Promise<boolean> {
  const change = searchChangeOf(db, before, after);
  if (change === undefined) return false;
  await writeSearchChange(db, change);
  return true;
}

/** Drops the full-text documents of entries about to be purged. */
export function unindexEntries(db: Db, ids: string[]): Promise<void> {
  return repo.deleteSearchDocuments(db, ids.map(searchRowid));
}

/** The longest rest between two splits of title buckets. */
const SPLIT_REST_MAX_MS = 250;
/** How long a split waits for the writes under way to end before it tries again, and how often. */
const SPLIT_BUSY_WAIT_MS = 50;
const SPLIT_BUSY_TRIES = 20;

/**
 * Splits every title bucket holding more than twice `size` entries until none does (or none can be:
 * one title many times over), each split in a transaction of its own, resting as long as it took (as
 * the purge does) so requests are served between. On PostgreSQL a split waits for a moment without
 * writes; when none comes, the rest is left for the next run. Answers how many it split.
 */
export async function splitFullTitleRanges(db: Db, size = repo.TITLE_RANGE_SIZE): Promise<number> {
  let splits = 0;
  for (;;) {
    const before = splits;
    for (const anchor of await repo.fullTitleRanges(db, 2 * size)) {
      const began = performance.now();
      const split = await splitWhenQuiet(db, anchor);
      if (split === undefined) return splits;
      if (split) splits += 1;
      await setTimeout(Math.min(performance.now() - began, SPLIT_REST_MAX_MS));
    }
    if (splits === before) return splits;
  }
}

/** One split; undefined when writes kept the entries busy throughout. */
async function splitWhenQuiet(db: Db, anchor: string): Promise<boolean | undefined> {
  for (let tries = 0; tries < SPLIT_BUSY_TRIES; tries += 1) {
    try {
      return await db.transaction().execute((trx) => repo.splitTitleRange(trx, anchor));
    } catch (error) {
      if (!isLockNotAvailable(error)) throw error;
      await setTimeout(SPLIT_BUSY_WAIT_MS);
    }
  }
  return undefined;
}

function parseSort(raw: string | undefined): repo.ListSort {
  const [field, direction, ...rest] = (raw ?? ENTRY_SORT_DEFAULT).split(':');
  if (
    rest.length > 0 ||
    !(ENTRY_SORT_FIELDS as readonly string[]).includes(field ?? '') ||
    (direction !== 'asc' && direction !== 'desc')
  ) {
    throw badParam('sort', `must be one of ${ENTRY_SORT_FIELDS.join(', ')} followed by :asc or :desc`);
  }
  return { field: field as repo.ListSort['field'], direction };
}

/** The filters as sent: the assignee still a name (`none`: nobody), found by parseFilters' caller. */
type ParsedFilters = Omit<repo.ListFilter, 'assignee'> & { assignee?: string };

function parseFilters(raw: string | undefined, contentTypes: ContentTypes): ParsedFilters {
  const filter: ParsedFilters = {};
  const usage = 'comma-separated type:is:<type>, state:is:<state> or assignee:is:<username|none>';
  const ops = Object.fromEntries(ENTRY_FILTER_FIELDS.map((field) => [field, ['is']]));
  for (const { field, value } of filterConditions(raw, ops, usage)) {
    if (field === 'assignee') filter.assignee = value;
    else if (field === 'type') {
      if (!contentTypes.types.has(value)) throw badParam('filters', `there is no type "${value}"`);
      filter.type = value;
    } else {
      if (!(ENTRY_STATES as readonly string[]).includes(value)) {
        throw badParam('filters', `state must be one of ${ENTRY_STATES.join(', ')}`);
      }
      filter.state = value as EntryState;
    }
  }
  return filter;
}

/**
 * What a list cursor holds: the page it leads to, the list it was made for (sort, filter, page
 * size) and the boundary of that page (the edge row of the page it was given with).
 */
type Cursor = { page: number; list: string; boundary: repo.ListBoundary };

/** The list a cursor belongs to: sort, filter and page size, as one string. */
function listKey(sort: repo.ListSort, filter: repo.ListFilter, pageSize: number): string {
  return JSON.stringify([sort.field, sort.direction, filter.type, filter.state, filter.assignee, pageSize]);
}

function encodeCursor(cursor: Cursor): string {
  const { page, list, boundary } = cursor;
  return Buffer.from(JSON.stringify([page, list, boundary.side, boundary.value, boundary.id])).toString(
    'base64url',
  );
}

/** A cursor as sent; 400 naming `cursor` when it is not one this server made. */
function decodeCursor(raw: string): Cursor {
  const bad = () => badParam('cursor', 'must be a next_cursor or previous_cursor as a list answered it');
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parts) || parts.length !== 5) throw bad();
  const [page, list, side, value, id] = parts as unknown[];
  if (
    !Number.isSafeInteger(page) ||
    typeof list !== 'string' ||
    (side !== 'after' && side !== 'before') ||
    (typeof value !== 'number' && typeof value !== 'string') ||
    typeof id !== 'string'
  ) {
    throw bad();
  }
  return { page: page as number, list, boundary: { side, value, id } };
}

/** The sort value of a listed row: what a cursor's boundary holds. */
function sortValue(row: repo.ListedEntryRow, sort: repo.ListSort): number | string {
  return row[sort.field];
}

/** The filter with the assignee's name (`none`: nobody) turned into an account id; 400 for no such account. */
async function resolveAssigneeFilter(db: Db, parsed: ParsedFilters): Promise<repo.ListFilter> {
  const { assignee, ...rest } = parsed;
  if (assignee === undefined) return rest;
  if (assignee === ASSIGNEE_NONE) return { ...rest, assignee: null };
  const user = await findUser(db, assignee);
  if (!user) throw badParam('filters', `there is no staff account "${assignee}"`);
  return { ...rest, assignee: user.id };
}

/**
 * The submissions list and search of moderation: filters, sort and page from the query string,
 * each checked (400 naming the parameter); with `query`, full-text search ranked by relevance,
 * each item with a snippet. Deleted entries appear only when the state filter asks for them.
 */
export async function listEntriesForModeration(
  db: Db,
  contentTypes: ContentTypes,
  params: EntryListQuery,
): Promise<EntryList> {
  const currentPage = integerParam('current_page', params.current_page, 1, 1, PAGE_MAX);
  const pageSize = integerParam('page_size', params.page_size, PAGE_SIZE_DEFAULT, 1, PAGE_SIZE_MAX);
  const sort = parseSort(params.sort);
  const filter = await resolveAssigneeFilter(db, parseFilters(params.filters, contentTypes));
  const page = { limit: pageSize, offset: (currentPage - 1) * pageSize };
  const item = (row: repo.ListedEntryRow): EntryListItem => ({
    id: row.id,
    type: row.type,
    title: row.title,
    state: row.state,
    created_at: isoDateTime(row.created_at),
    updated_at: isoDateTime(row.updated_at),
    publish_at: row.published_at === null ? null : isoDateTime(row.published_at),
    assignee: row.assignee,
  });

  if (params.query === undefined) {
    // A cursor made for this page of this list finds it from the page next to it; any other
    // (an older page's, another filter's) is left aside and the page found by its number: the
    // same rows either way.
    const list = listKey(sort, filter, pageSize);
    const cursor = params.cursor === undefined ? undefined : decodeCursor(params.cursor);
    const boundary = cursor?.page === currentPage && cursor.list === list ? cursor.boundary : undefined;
    const { rows, total } = await repo.listEntries(db, filter, sort, page, boundary);
    const pagination = paginate(currentPage, pageSize, total);
    const first = rows[0];
    const last = rows.at(-1);
    const cursorTo = (
      to: number | null,
      side: repo.ListBoundary['side'],
      row: repo.ListedEntryRow | undefined,
    ) =>
      to === null || row === undefined || to !== currentPage + (side === 'after' ? 1 : -1)
        ? null
        : encodeCursor({ page: to, list, boundary: { side, value: sortValue(row, sort), id: row.id } });
    return {
      meta: {
        pagination: Object.assign(pagination, {
          next_cursor: cursorTo(pagination.next_page, 'after', last),
          previous_cursor: cursorTo(pagination.previous_page, 'before', first),
        }),
      },
      data: rows.map(item),
    };
  }
  if (filter.assignee !== undefined) {
    throw badParam('filters', 'assignee cannot be combined with a full-text query');
  }
  const query = params.query.trim();
  if (query.length < SEARCH_MIN || query.length > SEARCH_MAX) {
    throw badParam('query', `must be ${SEARCH_MIN} to ${SEARCH_MAX} characters`);
  }
  const terms = queryTerms(query);
  const { rows, total, capped } =
    terms.length === 0
      ? { rows: [], total: 0, capped: false }
      : await repo.searchEntries(db, terms, filter, page, SEARCH_CANDIDATES);
  const pagination = paginate(currentPage, pageSize, total);
  return {
    meta: { pagination: capped ? { ...pagination, total_capped: true } : pagination },
    data: rows.map((row) =>
      Object.assign(item(row), {
        snippet: buildSnippet(
          row.title,
          entryBodyText(JSON.parse(row.data) as Record<string, unknown>),
          query,
        ),
      }),
    ),
  };
}
