import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookDelivery, WebhookDeliveryAnswer } from '../../../lib/contract';
import { webhookKeys } from '../../../lib/query-keys';

/** `POST admin/webhooks/{id}/deliveries/{delivery}/redeliver`: sends a delivery again. */
export async function redeliverWebhook(input: { id: string; delivery: number }): Promise<WebhookDelivery> {
  const body = await apiFetch<WebhookDeliveryAnswer>(
    `admin/webhooks/${encodeURIComponent(input.id)}/deliveries/${input.delivery}/redeliver`,
    { method: 'POST' },
  );
  return body.data;
}

export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(input.id) }),
  });
}
