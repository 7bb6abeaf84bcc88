import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys';

/** `DELETE admin/users/{username}`: removes an account (409 LAST_ADMIN for the last admin). */
export async function deleteUser(username: string): Promise<void> {
  await apiFetch(`admin/users/${encodeURIComponent(username)}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
