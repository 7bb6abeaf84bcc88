import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { authorEntryKeys } from '../../../lib/query-keys';

/** The parts of the comment form's JSON Schema the form reads: each field's length limits. */
export type CommentFormSchema = {
  properties?: Record<string, { maxLength?: number; minLength?: number } | undefined>;
  required?: string[];
};

/** `GET anon/{id}/comments/schema.json`: the comment form's JSON Schema. */
export function getCommentSchema(id: string): Promise<CommentFormSchema> {
  return apiFetch<CommentFormSchema>(`anon/${encodeURIComponent(id)}/comments/schema.json`);
}

export const commentSchemaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: authorEntryKeys.commentSchema(id),
    queryFn: () => getCommentSchema(id),
    staleTime: Infinity,
  });

export function useCommentSchema(id: string, enabled = true) {
  return useQuery({ ...commentSchemaQueryOptions(id), enabled });
}
