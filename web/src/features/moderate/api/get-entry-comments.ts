import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '@einwurf/contract';
import { apiFetch } from '../../../lib/api-client';

/** `GET admin/collection/entry/{id}/comments`: the entry's internal comments, oldest first. */
export async function fetchEntryComments(id: string): Promise<Comment[]> {
  const body = await apiFetch<{ data: Comment[] }>(
    `admin/collection/entry/${encodeURIComponent(id)}/comments`,
  );
  return body.data;
}

export const entryCommentsQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'entry', id, 'comments'], queryFn: () => fetchEntryComments(id) });

export function useEntryComments(id: string) {
  return useQuery(entryCommentsQueryOptions(id));
}
