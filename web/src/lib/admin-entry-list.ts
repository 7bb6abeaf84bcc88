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

/** `GET admin/collection/entries`: one page of entries, filtered or searched. */
export function getEntryList(params: EntryListParams): Promise<EntryList> {
  return apiFetch<EntryList>(`admin/collection/entries?${entryListSearch(params)}`);
}
