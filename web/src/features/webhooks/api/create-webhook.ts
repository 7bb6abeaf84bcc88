import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { WebhookEndpointCreate, WebhookEndpointCreated } from '../../../lib/contract';
import { webhookKeys } from '../../../lib/query-keys';

/** `POST admin/webhooks`: creates an endpoint; the answer holds its secret, shown once. */
export async function createWebhook(input: WebhookEndpointCreate): Promise<WebhookEndpointCreated['data']> {
  const body = await apiFetch<WebhookEndpointCreated>('admin/webhooks', {
    method: 'POST',
    body: jsonBody(input),
  });
  return body.data;
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}
