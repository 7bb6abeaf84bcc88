import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from './contract';
import { apiFetch } from './api-client';

export function fetchConfig(): Promise<PublicConfig> {
  return apiFetch<PublicConfig>('config');
}

/** The server's public settings (file limits, proof-of-work difficulty), fetched once at start. */
export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: fetchConfig,
  staleTime: Infinity,
});

/** The server's settings with the file limits of one entry type (its config.json narrows them). */
export function fileLimitsQueryOptions(cpt: string) {
  return queryOptions({
    queryKey: ['config', cpt],
    queryFn: () => apiFetch<PublicConfig>(`config?cpt=${encodeURIComponent(cpt)}`),
    staleTime: Infinity,
  });
}
