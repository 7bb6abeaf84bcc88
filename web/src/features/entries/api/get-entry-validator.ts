import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadEntryValidator } from '../../../forms';

/** The type's validator, generated at build time (no request: a chunk of the app). */
export const entryValidatorQueryOptions = (type: string) =>
  queryOptions({
    queryKey: ['entry-validator', type],
    queryFn: () => loadEntryValidator(type),
    staleTime: Infinity,
  });

export function useEntryValidator(type: string) {
  return useQuery(entryValidatorQueryOptions(type));
}
