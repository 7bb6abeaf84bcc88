import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { UserCreate } from '../../../lib/contract';
import { adminKeys } from '../../../lib/query-keys';

/** `POST admin/users`: creates a moderation account. */
export async function createUser(account: UserCreate): Promise<void> {
  await apiFetch('admin/users', { method: 'POST', body: jsonBody(account) });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
