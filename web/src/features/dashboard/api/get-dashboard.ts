import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Dashboard } from '../../../lib/contract';

/** `GET admin/dashboard`: the proposed entries and the latest changes across all entries. */
export async function fetchDashboard(): Promise<Dashboard['data']> {
  const body = await apiFetch<Dashboard>('admin/dashboard');
  return body.data;
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: fetchDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
