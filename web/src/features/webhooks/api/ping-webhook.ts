import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookDelivery, WebhookDeliveryAnswer } from '../../../lib/contract';
import { webhookKeys } from '../../../lib/query-keys';

/** `POST admin/webhooks/{id}/ping`: sends a test event now and answers how it went. */
export async function pingWebhook(id: string): Promise<WebhookDelivery> {
  const body = await apiFetch<WebhookDeliveryAnswer>(`admin/webhooks/${encodeURIComponent(id)}/ping`, {
    method: 'POST',
  });
  return body.data;
}

export function usePingWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pingWebhook,
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
