import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { HealthMetric } from '../../../lib/contract';
import { adminKeys } from '../../../lib/query-keys';

/** The status screen refreshes itself this often. */
export const HEALTH_REFRESH_MS = 10_000;

/** `GET admin/config/healthmetric`: the system's state and the problems the server sees. */
export async function getHealthMetric(): Promise<HealthMetric['data']> {
  const body = await apiFetch<HealthMetric>('admin/config/healthmetric');
  return body.data;
}

export const healthMetricQueryOptions = queryOptions({
  queryKey: adminKeys.health(),
  queryFn: getHealthMetric,
  refetchInterval: HEALTH_REFRESH_MS,
});

export function useHealthMetric() {
  return useQuery(healthMetricQueryOptions);
}
