import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiRoot } from '../../../lib/contract';
import { apiFetch } from '../../../lib/api-client';
import { entryTypeKeys } from '../../../lib/query-keys';

/** `GET /api/v1/`: the entry types a contributor can propose. */
export function getEntryTypes(): Promise<ApiRoot> {
  return apiFetch<ApiRoot>('');
}

export const entryTypesQueryOptions = queryOptions({
  queryKey: entryTypeKeys.list(),
  queryFn: getEntryTypes,
  staleTime: 5 * 60_000,
});

export function useEntryTypes() {
  return useQuery(entryTypesQueryOptions);
}
