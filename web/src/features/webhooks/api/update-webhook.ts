import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { WebhookEndpoint, WebhookEndpointAnswer, WebhookEndpointUpdate } from '../../../lib/contract';
import { webhookKeys } from '../../../lib/query-keys';

/** `PATCH admin/webhooks/{id}`: changes an endpoint, or enables or disables it. */
export async function updateWebhook(input: {
  id: string;
  changes: WebhookEndpointUpdate;
}): Promise<WebhookEndpoint> {
  const body = await apiFetch<WebhookEndpointAnswer>(`admin/webhooks/${encodeURIComponent(input.id)}`, {
    method: 'PATCH',
    body: jsonBody(input.changes),
  });
  return body.data;
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}
