import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getEntryList } from '../../../lib/admin-entry-list';
import { moderationEntryKeys } from '../../../lib/query-keys';

export type SubmissionsFilter = {
  page: number;
  type: string | null;
  state: string | null;
  /** A staff username, or ASSIGNEE_NONE; null lists every entry. */
  assignee?: string | null;
};

/** `GET admin/collection/entries` with type, state and assignee filters: one page of all entries, newest change first. */
export function getSubmissions(filter: SubmissionsFilter) {
  return getEntryList(filter);
}

export const submissionsQueryOptions = (filter: SubmissionsFilter) =>
  queryOptions({
    queryKey: moderationEntryKeys.list(filter),
    queryFn: () => getSubmissions(filter),
    placeholderData: keepPreviousData,
  });

export function useSubmissions(filter: SubmissionsFilter) {
  return useQuery(submissionsQueryOptions(filter));
}
