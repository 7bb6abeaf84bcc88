import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Entry, EntryState } from '@einwurf/contract';
import { isDeletedState } from '../../../lib/contract';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import { adminEntryQueryOptions } from './get-entry';
import { entryEventsQueryOptions } from './get-entry-events';
import { adminKeys, moderationEntryKeys } from '../../../lib/query-keys';

/** A moderation target state sent with a save; deleting has its own call. */
export type TargetState = Exclude<EntryState, 'deleted'>;

/** Whether a state is one a save may move an entry to (every state but the deleted one). */
export const isTargetState = (state: EntryState): state is TargetState => !isDeletedState(state);

export type EntrySave = {
  id: string;
  /** The edited fields; `revision` is the revision the edit started from. */
  data: Record<string, unknown> & { revision: number };
  state?: TargetState;
  /**
   * Publishing: when readers see the entry from (ISO UTC, in the future), or null for now; left out,
   * the server keeps the time it has.
   */
  publishAt?: string | null;
};

/**
 * `PUT admin/collection/entry/{id}`: saves the entry, with `data.state` when the state changes and
 * `data.publish_at` when a publication is scheduled or published now.
 * 409 CONFLICT when someone saved since `revision`; 409 INVALID_TRANSITION; 400 VALIDATION_FAILED.
 */
export function saveAdminEntry({ id, data, state, publishAt }: EntrySave): Promise<Entry> {
  return apiFetch<Entry>(`admin/collection/entry/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: jsonBody({
      data: {
        ...data,
        ...(state ? { state } : {}),
        ...(publishAt !== undefined ? { publish_at: publishAt } : {}),
      },
    }),
  });
}

export function useSaveAdminEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdminEntry,
    onSuccess: (entry, { id }) => {
      queryClient.setQueryData(adminEntryQueryOptions(id).queryKey, entry);
      void queryClient.invalidateQueries({ queryKey: entryEventsQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: moderationEntryKeys.revisions(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: moderationEntryKeys.lists() });
    },
  });
}
