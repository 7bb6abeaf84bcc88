import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/all-pages';
import type { Comment } from '../../../lib/contract';
import { authorEntryKeys } from '../../../lib/query-keys';

/** `GET anon/{id}/comments`: the comments between the author and moderation, oldest first. */
export async function getComments(id: string): Promise<Comment[]> {
  return fetchAllPages<Comment>(`anon/${encodeURIComponent(id)}/comments`);
}

export const commentsQueryOptions = (id: string) =>
  queryOptions({ queryKey: authorEntryKeys.comments(id), queryFn: () => getComments(id) });

export function useComments(id: string, enabled = true) {
  return useQuery({ ...commentsQueryOptions(id), enabled });
}
