import { apiFetch } from './api-client';
import { PAGE_SIZE_DEFAULT, type EntryList } from './contract';

export type EntryListParams = {
  page: number;
  type?: string | null;
  state?: string | null;
  /** A staff account's username, or ASSIGNEE_NONE for the entries nobody has. */
  assignee?: string | null;
  /** Full-text search; the server wants at least SEARCH_MIN characters. */
  query?: string | null;
};

/** The query string of `GET admin/collection/entries`: newest change first, filters as `field:is:value`. */
export function entryListSearch({ page, type, state, assignee, query }: EntryListParams): string {
  const search = new URLSearchParams({
    sort: 'updated_at:desc',
    current_page: String(page),
    page_size: String(PAGE_SIZE_DEFAULT),
  });
  const filters = [
    type && `type:is:${type}`,
    state && `state:is:${state}`,
    assignee && `assignee:is:${assignee}`,
  ].filter(Boolean);
  if (filters.length > 0) search.set('filters', filters.join(','));
  if (query) search.set('query', query);
  return search.toString();
}

/**
 * The cursors lists answered, by the query string of the page each leads to: the next or previous
 * page is then found from the edge of the one shown instead of by skipping every row before it.
 * A page without one (typed in, or first visited) is asked for by number: the same rows.
 */
const cursors = new Map<string, string>();
const CURSORS_KEPT = 50;

function keepCursor(params: EntryListParams, page: number | null, cursor: string | null | undefined) {
  if (page === null || !cursor) return;
  const key = entryListSearch({ ...params, page });
  cursors.delete(key);
  cursors.set(key, cursor);
  if (cursors.size > CURSORS_KEPT) cursors.delete(cursors.keys().next().value!);
}

/** `GET admin/collection/entries`: one page of entries, filtered or searched. */
export async function getEntryList(params: EntryListParams): Promise<EntryList> {
  const search = entryListSearch(params);
  const cursor = cursors.get(search);
  const list = await apiFetch<EntryList>(
    `admin/collection/entries?${search}${cursor ? `&${new URLSearchParams({ cursor }).toString()}` : ''}`,
  );
  const { next_page, next_cursor, previous_page, previous_cursor } = list.meta.pagination;
  keepCursor(params, next_page, next_cursor);
  keepCursor(params, previous_page, previous_cursor);
  return list;
}
