import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Entry } from '@einwurf/contract';
import { apiFetch } from '../../../lib/api-client';
import { moderationEntryKeys } from '../../../lib/query-keys';

/** `GET admin/collection/entry/{id}`: the entry with its revision, in any state. */
export function getAdminEntry(id: string): Promise<Entry> {
  return apiFetch<Entry>(`admin/collection/entry/${encodeURIComponent(id)}`);
}

export const adminEntryQueryOptions = (id: string) =>
  queryOptions({ queryKey: moderationEntryKeys.detail(id), queryFn: () => getAdminEntry(id) });

export function useAdminEntry(id: string) {
  return useQuery(adminEntryQueryOptions(id));
}
