import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Role } from '../../../lib/contract';

/** `GET auth` as a moderation session sees it: role, expiry and the account's name. */
export type OwnAccount = { role: Role; ttl: number; username?: string };

/** `GET auth`: the current session, with the username for mod and admin sessions. */
export function fetchOwnAccount(): Promise<OwnAccount> {
  return apiFetch<OwnAccount>('auth');
}

export const ownAccountQueryOptions = queryOptions({
  queryKey: ['auth', 'account'],
  queryFn: fetchOwnAccount,
});

export function useOwnAccount() {
  return useQuery(ownAccountQueryOptions);
}
