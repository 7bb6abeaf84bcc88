import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Dashboard } from '../../../lib/contract';
import { adminKeys } from '../../../lib/query-keys';

/** `GET admin/dashboard`: the proposed entries and the latest changes across all entries. */
export async function getDashboard(): Promise<Dashboard['data']> {
  const body = await apiFetch<Dashboard>('admin/dashboard');
  return body.data;
}

export const dashboardQueryOptions = queryOptions({
  queryKey: adminKeys.dashboard(),
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
