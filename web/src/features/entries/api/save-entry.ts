import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { Entry, EntryData } from '../../../lib/contract';
import { authorEntryKeys } from '../../../lib/query-keys';

/** `PUT anon/{id}`: saves the entry as loaded and edited; `data.revision` is the revision it started from. */
export function saveEntry(data: EntryData): Promise<Entry> {
  return apiFetch<Entry>(`anon/${encodeURIComponent(data.id)}`, {
    method: 'PUT',
    body: jsonBody({ data }),
  });
}

export function useSaveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEntry,
    onSuccess: (saved) => {
      queryClient.setQueryData(authorEntryKeys.detail(saved.data.id), saved);
      void queryClient.invalidateQueries({ queryKey: authorEntryKeys.events(saved.data.id) });
    },
  });
}
