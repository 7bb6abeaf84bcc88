import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchEntryList } from '../../../lib/admin-entry-list';

export type SubmissionsFilter = { page: number; type: string | null; state: string | null };

/** `GET admin/collection/entries` with type and state filters: one page of all entries, newest change first. */
export function fetchSubmissions(filter: SubmissionsFilter) {
  return fetchEntryList(filter);
}

export const submissionsQueryOptions = (filter: SubmissionsFilter) =>
  queryOptions({
    queryKey: ['admin', 'entries', filter],
    queryFn: () => fetchSubmissions(filter),
    placeholderData: keepPreviousData,
  });

export function useSubmissions(filter: SubmissionsFilter) {
  return useQuery(submissionsQueryOptions(filter));
}
