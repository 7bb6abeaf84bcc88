import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookEndpoint, WebhookEndpointList } from '../../../lib/contract';
import { webhookKeys } from '../../../lib/query-keys';

/** `GET admin/webhooks`: every endpoint, without secrets. */
export async function getWebhooks(): Promise<WebhookEndpoint[]> {
  return (await apiFetch<WebhookEndpointList>('admin/webhooks')).data;
}

export const webhooksQueryOptions = queryOptions({ queryKey: webhookKeys.list(), queryFn: getWebhooks });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions);
}
