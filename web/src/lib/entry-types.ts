import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ObjectSchema, UiSchema } from '@einwurf/contract';
import { loadEntryValidator } from '../forms/load-entry-validator';
import { apiFetch } from './api-client';
import { entryTypeKeys } from './query-keys';

// What an editor needs of an entry's type, whoever edits it: the schema, the UI schema and the
// validator. None changes while the app runs.

/** `GET schema/{type}/schema.json`: the type's JSON Schema, merged with base.json. */
export function getEntrySchema(type: string): Promise<ObjectSchema> {
  return apiFetch<ObjectSchema>(`schema/${encodeURIComponent(type)}/schema.json`);
}

/** `GET schema/{type}/uischema.json`: the type's fields in display order, with their widgets. */
export function getEntryUiSchema(type: string): Promise<UiSchema> {
  return apiFetch<UiSchema>(`schema/${encodeURIComponent(type)}/uischema.json`);
}

export const entrySchemaQueryOptions = (type: string) =>
  queryOptions({
    queryKey: entryTypeKeys.schema(type),
    queryFn: () => getEntrySchema(type),
    staleTime: Infinity,
  });

export const entryUiSchemaQueryOptions = (type: string) =>
  queryOptions({
    queryKey: entryTypeKeys.uiSchema(type),
    queryFn: () => getEntryUiSchema(type),
    staleTime: Infinity,
  });

/** The type's validator, generated at build time (no request: a chunk of the app). */
export const entryValidatorQueryOptions = (type: string) =>
  queryOptions({
    queryKey: entryTypeKeys.validator(type),
    queryFn: () => loadEntryValidator(type),
    staleTime: Infinity,
  });

/** The type's schema, UI schema and validator; `data` once all three are there. */
export function useEntryType(type: string) {
  const schema = useQuery(entrySchemaQueryOptions(type));
  const uiSchema = useQuery(entryUiSchemaQueryOptions(type));
  const validator = useQuery(entryValidatorQueryOptions(type));
  const queries = [schema, uiSchema, validator];
  const data =
    schema.data && uiSchema.data && validator.data
      ? { schema: schema.data, uiSchema: uiSchema.data, validator: validator.data }
      : undefined;
  return { data, error: queries.find((query) => query.isError)?.error ?? null };
}
