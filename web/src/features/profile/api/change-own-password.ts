import { useMutation } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';

export type OwnPasswordChange = { username: string; old_password: string; password: string };

/** `PATCH admin/users/{username}` with the old and the new password: one's own password change. */
export async function changeOwnPassword({
  username,
  old_password,
  password,
}: OwnPasswordChange): Promise<void> {
  await apiFetch(`admin/users/${encodeURIComponent(username)}`, {
    method: 'PATCH',
    body: jsonBody({ old_password, password }),
  });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
