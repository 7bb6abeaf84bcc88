import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookDelivery, WebhookDeliveryList } from '../../../lib/contract';
import { webhookKeys } from '../../../lib/query-keys';

/** `GET admin/webhooks/{id}/deliveries`: the latest deliveries with their attempts, newest first. */
export async function getWebhookDeliveries(id: string): Promise<WebhookDelivery[]> {
  return (await apiFetch<WebhookDeliveryList>(`admin/webhooks/${encodeURIComponent(id)}/deliveries`)).data;
}

export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({ queryKey: webhookKeys.deliveries(id), queryFn: () => getWebhookDeliveries(id) });

export function useWebhookDeliveries(id: string) {
  return useQuery(webhookDeliveriesQueryOptions(id));
}
