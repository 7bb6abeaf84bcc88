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
