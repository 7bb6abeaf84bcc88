import { queryOptions } from '@tanstack/react-query';
import type { ApiRoot } from '../../../lib/contract';
import { apiFetch } from '../../../lib/api-client';
import { entryTypeKeys } from '../../../lib/query-keys';

// The router asks for the entry types as home is navigated to (app/routes.tsx), so this module
// sits in the first load: the screen's hook (useQuery) stays in the screen's chunk.

/** `GET /api/v1/`: the entry types a contributor can propose. */
export function getEntryTypes(): Promise<ApiRoot> {
  return apiFetch<ApiRoot>('');
}

export const entryTypesQueryOptions = queryOptions({
  queryKey: entryTypeKeys.list(),
  queryFn: getEntryTypes,
  staleTime: 5 * 60_000,
});
