import { useMutation } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { UserPasswordUpdate } from '../../../lib/contract';

/** One's own password change: the account's name, and the old password beside the new one. */
export type OwnPasswordChange = { username: string } & Required<
  Pick<UserPasswordUpdate, 'old_password' | 'password'>
>;

/** `PATCH admin/users/{username}` with the old and the new password: one's own password change. */
export async function changeOwnPassword({
  username,
  old_password,
  password,
}: OwnPasswordChange): Promise<void> {
  const body: UserPasswordUpdate = { old_password, password };
  await apiFetch(`admin/users/${encodeURIComponent(username)}`, { method: 'PATCH', body: jsonBody(body) });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
