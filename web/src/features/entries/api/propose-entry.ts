import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Entry } from '../../../lib/contract';
import { authorEntryKeys } from '../../../lib/query-keys';

/** `POST anon/{id}/publish`: proposes the stored entry for moderation (the whole schema must hold). */
export function proposeEntry(id: string): Promise<Entry> {
  return apiFetch<Entry>(`anon/${encodeURIComponent(id)}/publish`, { method: 'POST' });
}

export function useProposeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proposeEntry,
    onSuccess: (proposed) => queryClient.setQueryData(authorEntryKeys.detail(proposed.data.id), proposed),
  });
}
