import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import type { EntryBulkAction, EntryBulkAnswer } from '../../../lib/contract';
import { adminKeys, moderationEntryKeys } from '../../../lib/query-keys';

export type BulkInput = { ids: string[]; action: EntryBulkAction; assignee?: string | null };

/** `POST admin/collection/entries/bulk`: one action on many entries; the answer names each one's result. */
export async function runBulkAction(input: BulkInput): Promise<EntryBulkAnswer['data']> {
  const body = await apiFetch<EntryBulkAnswer>('admin/collection/entries/bulk', {
    method: 'POST',
    body: jsonBody(input),
  });
  return body.data;
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBulkAction,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: moderationEntryKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'entry'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'search'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    },
  });
}
