import { useMutation } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { UserPasswordUpdate } from '../../../lib/contract';

/** `PATCH admin/users/{username}` with a new password: an admin sets another account's password. */
export async function changeUserPassword({
  username,
  password,
}: {
  username: string;
  password: string;
}): Promise<void> {
  const body: UserPasswordUpdate = { password };
  await apiFetch(`admin/users/${encodeURIComponent(username)}`, { method: 'PATCH', body: jsonBody(body) });
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
