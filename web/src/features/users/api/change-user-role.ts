import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { UserRoleUpdate } from '../../../lib/contract';
import { adminKeys } from '../../../lib/query-keys';

/** `PUT admin/users/{username}` with a role (409 LAST_ADMIN when demoting the last admin). */
export async function changeUserRole({
  username,
  role,
}: UserRoleUpdate & { username: string }): Promise<void> {
  const body: UserRoleUpdate = { role };
  await apiFetch(`admin/users/${encodeURIComponent(username)}`, { method: 'PUT', body: jsonBody(body) });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
