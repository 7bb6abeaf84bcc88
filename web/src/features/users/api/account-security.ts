import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const userPath = (username: string) => `admin/users/${encodeURIComponent(username)}`;

/** `DELETE admin/users/{username}/second-factor`: the account logs in with its password alone again. */
export function useResetSecondFactor() {
  return useMutation({
    mutationFn: (username: string) => apiFetch(`${userPath(username)}/second-factor`, { method: 'DELETE' }),
  });
}

/** `DELETE admin/users/{username}/sessions`: every session of the account ends. */
export function useEndUserSessions() {
  return useMutation({
    mutationFn: (username: string) => apiFetch(`${userPath(username)}/sessions`, { method: 'DELETE' }),
  });
}
