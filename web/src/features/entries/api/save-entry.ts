import { useMutation } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { Entry, EntryData } from '../../../lib/contract';

/** `PUT anon/{id}`: saves the entry as loaded and edited; `data.revision` is the revision it started from. */
export function saveEntry(data: EntryData): Promise<Entry> {
  return apiFetch<Entry>(`anon/${encodeURIComponent(data.id)}`, {
    method: 'PUT',
    body: jsonBody({ data }),
  });
}

export function useSaveEntry() {
  return useMutation({ mutationFn: saveEntry });
}
