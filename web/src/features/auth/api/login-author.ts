import { useMutation } from '@tanstack/react-query';
import type { AuthorLogin, AuthState } from '../../../lib/contract';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import { setAuth } from '../../../lib/auth-store';

/** `POST auth` with cpt, article_id and password: the author opens their entry again. */
export async function loginAuthor(credentials: AuthorLogin): Promise<AuthState> {
  const auth = await apiFetch<AuthState>('auth', { method: 'POST', body: jsonBody(credentials) });
  setAuth(auth);
  return auth;
}

export function useLoginAuthor() {
  return useMutation({ mutationFn: loginAuthor });
}
