import { matchQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { clearAuth } from '../../../lib/auth-store';
import type { StaffSession, StaffSessionList } from '../../../lib/contract';
import { accountKeys, configKeys } from '../../../lib/query-keys';

/** `GET admin/profile/sessions`: the account's open sessions, the newest first. */
export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: () => apiFetch<StaffSessionList>('admin/profile/sessions'),
  });
}

/**
 * `DELETE admin/profile/sessions/{id}`: ends one session. Ending the current one is a logout: the
 * stored login goes, and with it what the session saw.
 */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (session: StaffSession) =>
      apiFetch<null>(`admin/profile/sessions/${encodeURIComponent(session.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, session) => {
      if (!session.current) return client.invalidateQueries({ queryKey: accountKeys.sessions() });
      clearAuth();
      client.removeQueries({ predicate: (query) => !matchQuery({ queryKey: configKeys.all() }, query) });
      return undefined;
    },
  });
}
