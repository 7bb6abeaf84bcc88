import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { replyTemplateKeys } from '../../../lib/query-keys';

/** `DELETE admin/reply-templates/{id}`. */
export async function deleteReplyTemplate(id: string): Promise<void> {
  await apiFetch(`admin/reply-templates/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteReplyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReplyTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: replyTemplateKeys.list() }),
  });
}
