import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UiSchema } from '@einwurf/contract';
import { apiFetch } from '../../../lib/api-client';

/** `GET schema/{type}/uischema.json`: the type's fields in display order, with their widgets. */
export function getEntryUiSchema(type: string): Promise<UiSchema> {
  return apiFetch<UiSchema>(`schema/${encodeURIComponent(type)}/uischema.json`);
}

export const entryUiSchemaQueryOptions = (type: string) =>
  queryOptions({
    queryKey: ['entry-ui-schema', type],
    queryFn: () => getEntryUiSchema(type),
    staleTime: Infinity,
  });

export function useEntryUiSchema(type: string) {
  return useQuery(entryUiSchemaQueryOptions(type));
}
