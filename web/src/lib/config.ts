import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from './contract';
import { apiFetch } from './api-client';
import { configKeys } from './query-keys';

/** `GET config`: the server's public settings. */
export function getConfig(): Promise<PublicConfig> {
  return apiFetch<PublicConfig>('config');
}

/** `GET config?cpt=…`: the server's settings with the file limits of one entry type. */
export function getTypeConfig(cpt: string): Promise<PublicConfig> {
  return apiFetch<PublicConfig>(`config?cpt=${encodeURIComponent(cpt)}`);
}

/** The server's public settings (file limits, proof-of-work difficulty), fetched once at start. */
export const configQueryOptions = queryOptions({
  queryKey: configKeys.all(),
  queryFn: getConfig,
  staleTime: Infinity,
});

/** The server's settings with the file limits of one entry type (its config.json narrows them). */
export function fileLimitsQueryOptions(cpt: string) {
  return queryOptions({
    queryKey: configKeys.forType(cpt),
    queryFn: () => getTypeConfig(cpt),
    staleTime: Infinity,
  });
}
