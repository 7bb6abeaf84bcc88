import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { AuthState } from '../../../lib/contract';
import { accountKeys } from '../../../lib/query-keys';

/** `GET auth`: the current session, with the username for mod and admin sessions. */
export function getOwnAccount(): Promise<AuthState> {
  return apiFetch<AuthState>('auth');
}

export const ownAccountQueryOptions = queryOptions({
  queryKey: accountKeys.own(),
  queryFn: getOwnAccount,
});

export function useOwnAccount() {
  return useQuery(ownAccountQueryOptions);
}
