import { useMutation } from '@tanstack/react-query';
import type { AuthState, ModeratorLogin } from '../../../lib/contract';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import { setAuth } from '../../../lib/auth-store';

/** `POST auth` with username and password: the moderation login. */
export async function loginModerator(credentials: ModeratorLogin): Promise<AuthState> {
  const auth = await apiFetch<AuthState>('auth', { method: 'POST', body: jsonBody(credentials) });
  setAuth(auth);
  return auth;
}

export function useLoginModerator() {
  return useMutation({ mutationFn: loginModerator });
}
