import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Entry } from '../../../lib/contract';

/** `POST anon/{id}/publish`: proposes the stored entry for moderation (the whole schema must hold). */
export function proposeEntry(id: string): Promise<Entry> {
  return apiFetch<Entry>(`anon/${encodeURIComponent(id)}/publish`, { method: 'POST' });
}

export function useProposeEntry() {
  return useMutation({ mutationFn: proposeEntry });
}
