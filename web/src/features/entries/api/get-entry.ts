import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Entry } from '../../../lib/contract';
import { authorEntryKeys } from '../../../lib/query-keys';

/** `GET anon/{id}`: the entry, for its author. */
export function getEntry(id: string): Promise<Entry> {
  return apiFetch<Entry>(`anon/${encodeURIComponent(id)}`);
}

export const entryQueryOptions = (id: string) =>
  queryOptions({ queryKey: authorEntryKeys.detail(id), queryFn: () => getEntry(id) });

export function useEntry(id: string) {
  return useQuery(entryQueryOptions(id));
}
