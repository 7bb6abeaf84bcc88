import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { Comment, CommentInput } from '../../../lib/contract';
import { authorEntryKeys } from '../../../lib/query-keys';

/** `POST anon/{id}/comments`: the author writes to moderation. */
export async function addComment({ id, comment }: { id: string; comment: CommentInput }): Promise<Comment> {
  const body = await apiFetch<{ data: Comment }>(`anon/${encodeURIComponent(id)}/comments`, {
    method: 'POST',
    body: jsonBody(comment),
  });
  return body.data;
}

export function useAddComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: CommentInput) => addComment({ id, comment }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authorEntryKeys.comments(id) }),
        queryClient.invalidateQueries({ queryKey: authorEntryKeys.events(id) }),
      ]);
    },
  });
}
