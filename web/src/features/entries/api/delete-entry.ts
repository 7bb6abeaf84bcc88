import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authorEntryKeys } from '../../../lib/query-keys';

/** `DELETE anon/{id}`: the author withdraws the entry (refused once published). */
export async function deleteEntry(id: string): Promise<void> {
  await apiRequest(`anon/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: (_result, id) => queryClient.removeQueries({ queryKey: authorEntryKeys.detail(id) }),
  });
}
