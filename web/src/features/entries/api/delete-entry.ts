import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `DELETE anon/{id}`: the author withdraws the entry (refused once published). */
export async function deleteEntry(id: string): Promise<void> {
  await apiRequest(`anon/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEntry() {
  return useMutation({ mutationFn: deleteEntry });
}
