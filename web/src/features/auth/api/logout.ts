import { matchQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthState } from '../../../lib/contract';
import { apiFetch } from '../../../lib/api-client';
import { clearAuth } from '../../../lib/auth-store';
import { configKeys } from '../../../lib/query-keys';

/** `POST auth/logout`: ends the session; the stored login goes with it. */
export async function logout(): Promise<AuthState> {
  const auth = await apiFetch<AuthState>('auth/logout', { method: 'POST' });
  clearAuth();
  return auth;
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // The server's settings are the same for everyone; what the session saw goes.
    onSuccess: () =>
      queryClient.removeQueries({
        predicate: (query) => !matchQuery({ queryKey: configKeys.all() }, query),
      }),
  });
}
