import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchEntryList } from '../../../lib/admin-entry-list';
import { SEARCH_MIN } from '../../../lib/contract';

export type SearchParams = { query: string; page: number };

/** Whether a query is long enough for the server to search it (spec: at least 4 characters). */
export function isSearchable(query: string): boolean {
  return query.trim().length >= SEARCH_MIN;
}

/** `GET admin/collection/entries?query=…`: one page of hits ranked by relevance, each with a snippet. */
export function searchEntries({ query, page }: SearchParams) {
  return fetchEntryList({ query: query.trim(), page });
}

export const searchEntriesQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: ['admin', 'search', params],
    queryFn: () => searchEntries(params),
    enabled: isSearchable(params.query),
    placeholderData: keepPreviousData,
  });

export function useSearchEntries(params: SearchParams) {
  return useQuery(searchEntriesQueryOptions(params));
}
