import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys, moderationEntryKeys } from '../../../lib/query-keys';

/** `DELETE admin/collection/entry/{id}`: moves the entry to the deleted state (soft). */
export async function deleteAdminEntry(id: string): Promise<void> {
  await apiFetch(`admin/collection/entry/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAdminEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminEntry,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: moderationEntryKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: moderationEntryKeys.lists() });
    },
  });
}
