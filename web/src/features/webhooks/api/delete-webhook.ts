import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { webhookKeys } from '../../../lib/query-keys';

/** `DELETE admin/webhooks/{id}`: removes an endpoint with its deliveries. */
export async function deleteWebhook(id: string): Promise<void> {
  await apiFetch(`admin/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
}
