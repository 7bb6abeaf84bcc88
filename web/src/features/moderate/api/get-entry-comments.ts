import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '@einwurf/contract';
import { apiFetch } from '../../../lib/api-client';
import { moderationEntryKeys } from '../../../lib/query-keys';

/** `GET admin/collection/entry/{id}/comments`: the entry's internal comments, oldest first. */
export async function getEntryComments(id: string): Promise<Comment[]> {
  const body = await apiFetch<{ data: Comment[] }>(
    `admin/collection/entry/${encodeURIComponent(id)}/comments`,
  );
  return body.data;
}

export const entryCommentsQueryOptions = (id: string) =>
  queryOptions({ queryKey: moderationEntryKeys.comments(id), queryFn: () => getEntryComments(id) });

export function useEntryComments(id: string) {
  return useQuery(entryCommentsQueryOptions(id));
}
