import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ObjectSchema } from '@einwurf/contract';
import { apiFetch } from '../../../lib/api-client';

/** `GET schema/{type}/schema.json`: the type's JSON Schema, merged with base.json. */
export function getEntrySchema(type: string): Promise<ObjectSchema> {
  return apiFetch<ObjectSchema>(`schema/${encodeURIComponent(type)}/schema.json`);
}

export const entrySchemaQueryOptions = (type: string) =>
  queryOptions({
    queryKey: ['entry-schema', type],
    queryFn: () => getEntrySchema(type),
    staleTime: Infinity,
  });

export function useEntrySchema(type: string) {
  return useQuery(entrySchemaQueryOptions(type));
}
