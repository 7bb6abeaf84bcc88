import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { AccountRole } from '../../../lib/contract';
import { usersQueryOptions } from './get-users';

export type NewAccount = { username: string; password: string; role: AccountRole };

/** `POST admin/users`: creates a moderation account. */
export async function createUser(account: NewAccount): Promise<void> {
  await apiFetch('admin/users', { method: 'POST', body: jsonBody(account) });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions.queryKey }),
  });
}
