import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { UserAccount, UserList } from '../../../lib/contract';

/** `GET admin/users`: every moderation account. */
export async function fetchUsers(): Promise<UserAccount[]> {
  const body = await apiFetch<UserList>('admin/users');
  return body.data.users;
}

export const usersQueryOptions = queryOptions({ queryKey: ['admin', 'users'], queryFn: fetchUsers });

export function useUsers() {
  return useQuery(usersQueryOptions);
}
