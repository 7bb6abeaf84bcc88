import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '@einwurf/contract';
import { fetchAllPages } from '../../../lib/all-pages';
import { moderationEntryKeys } from '../../../lib/query-keys';

/** `GET admin/collection/entry/{id}/comments`: the entry's internal comments, oldest first. */
export async function getEntryComments(id: string): Promise<Comment[]> {
  return fetchAllPages<Comment>(`admin/collection/entry/${encodeURIComponent(id)}/comments`);
}

export const entryCommentsQueryOptions = (id: string) =>
  queryOptions({ queryKey: moderationEntryKeys.comments(id), queryFn: () => getEntryComments(id) });

export function useEntryComments(id: string) {
  return useQuery(entryCommentsQueryOptions(id));
}
