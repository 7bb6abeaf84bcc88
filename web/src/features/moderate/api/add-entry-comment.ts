import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentInput } from '@einwurf/contract';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import { entryCommentsQueryOptions } from './get-entry-comments';
import { entryEventsQueryOptions } from './get-entry-events';

/** `POST admin/collection/entry/{id}/comments`: a comment from moderation. */
export async function addEntryComment({ id, input }: { id: string; input: CommentInput }): Promise<Comment> {
  const body = await apiFetch<{ data: Comment }>(
    `admin/collection/entry/${encodeURIComponent(id)}/comments`,
    {
      method: 'POST',
      body: jsonBody(input),
    },
  );
  return body.data;
}

export function useAddEntryComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEntryComment,
    onSuccess: (_comment, { id }) => {
      void queryClient.invalidateQueries({ queryKey: entryCommentsQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: entryEventsQueryOptions(id).queryKey });
    },
  });
}
