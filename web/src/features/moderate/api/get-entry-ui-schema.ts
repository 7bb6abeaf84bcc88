import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UiSchema } from '@einwurf/contract';
import { apiFetch } from '../../../lib/api-client';

/** `GET schema/{type}/uischema.json`: one element per field, in display order. */
export function fetchEntryUiSchema(type: string): Promise<UiSchema> {
  return apiFetch<UiSchema>(`schema/${encodeURIComponent(type)}/uischema.json`);
}

export const entryUiSchemaQueryOptions = (type: string) =>
  queryOptions({
    queryKey: ['schema', type, 'uischema'],
    queryFn: () => fetchEntryUiSchema(type),
    staleTime: Infinity,
  });

export function useEntryUiSchema(type: string) {
  return useQuery(entryUiSchemaQueryOptions(type));
}
