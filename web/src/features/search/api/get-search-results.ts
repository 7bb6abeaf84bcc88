import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getEntryList } from '../../../lib/admin-entry-list';
import { SEARCH_MIN } from '../../../lib/contract';
import { moderationEntryKeys } from '../../../lib/query-keys';

export type SearchParams = { query: string; page: number };

/** Whether a query is long enough for the server to search it (spec: at least 4 characters). */
export function isSearchable(query: string): boolean {
  return query.trim().length >= SEARCH_MIN;
}

/** `GET admin/collection/entries?query=…`: one page of hits ranked by relevance, each with a snippet. */
export function getSearchResults({ query, page }: SearchParams) {
  return getEntryList({ query: query.trim(), page });
}

export const searchResultsQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: moderationEntryKeys.search(params),
    queryFn: () => getSearchResults(params),
    enabled: isSearchable(params.query),
    placeholderData: keepPreviousData,
  });

export function useSearchResults(params: SearchParams) {
  return useQuery(searchResultsQueryOptions(params));
}
