import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { ReplyTemplate, ReplyTemplateInput } from '../../../lib/contract';
import { replyTemplateKeys } from '../../../lib/query-keys';

/** `POST admin/reply-templates` without an id, `PUT admin/reply-templates/{id}` with one. */
export async function saveReplyTemplate(input: {
  id: string | null;
  template: ReplyTemplateInput;
}): Promise<ReplyTemplate> {
  const path =
    input.id === null ? 'admin/reply-templates' : `admin/reply-templates/${encodeURIComponent(input.id)}`;
  const body = await apiFetch<{ data: ReplyTemplate }>(path, {
    method: input.id === null ? 'POST' : 'PUT',
    body: jsonBody(input.template),
  });
  return body.data;
}

export function useSaveReplyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReplyTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: replyTemplateKeys.list() }),
  });
}
