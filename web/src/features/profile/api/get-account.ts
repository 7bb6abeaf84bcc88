import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { AuthState } from '../../../lib/contract';

/** `GET auth`: the current session, with the username for mod and admin sessions. */
export function fetchOwnAccount(): Promise<AuthState> {
  return apiFetch<AuthState>('auth');
}

export const ownAccountQueryOptions = queryOptions({
  queryKey: ['auth', 'account'],
  queryFn: fetchOwnAccount,
});

export function useOwnAccount() {
  return useQuery(ownAccountQueryOptions);
}
