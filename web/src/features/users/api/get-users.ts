import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { UserAccount, UserList } from '../../../lib/contract';
import { adminKeys } from '../../../lib/query-keys';

/** `GET admin/users`: every moderation account. */
export async function getUsers(): Promise<UserAccount[]> {
  const body = await apiFetch<UserList>('admin/users');
  return body.data.users;
}

export const usersQueryOptions = queryOptions({ queryKey: adminKeys.users(), queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions);
}
