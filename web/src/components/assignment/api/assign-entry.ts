import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { Entry } from '../../../lib/contract';
import { adminKeys, moderationEntryKeys } from '../../../lib/query-keys';

/** `PUT admin/collection/entry/{id}/assignee`: gives the entry to a staff account, or to nobody (null). */
export function assignEntry(input: { id: string; username: string | null }): Promise<Entry> {
  return apiFetch<Entry>(`admin/collection/entry/${encodeURIComponent(input.id)}/assignee`, {
    method: 'PUT',
    body: jsonBody({ username: input.username }),
  });
}

export function useAssignEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignEntry,
    onSuccess: (entry, { id }) => {
      queryClient.setQueryData(moderationEntryKeys.detail(id), entry);
      void queryClient.invalidateQueries({ queryKey: moderationEntryKeys.events(id) });
      void queryClient.invalidateQueries({ queryKey: moderationEntryKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    },
  });
}
