import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Entry, EntryRevision, EntryRevisionList } from '@einwurf/contract';
import { apiFetch, jsonBody } from '../../../lib/api-client';
import { adminKeys, moderationEntryKeys } from '../../../lib/query-keys';
import { adminEntryQueryOptions } from './get-entry';

const base = (id: string) => `admin/collection/entry/${encodeURIComponent(id)}/revisions`;

/** `GET admin/collection/entry/{id}/revisions`: the newest hundred revisions and the last decision. */
export function getEntryRevisions(id: string): Promise<EntryRevisionList> {
  return apiFetch<EntryRevisionList>(`${base(id)}?page_size=100`);
}

/** `GET admin/collection/entry/{id}/revisions/{revision}`: the entry as that save left it. */
export function getEntryRevision(id: string, revision: number): Promise<EntryRevision> {
  return apiFetch<EntryRevision>(`${base(id)}/${revision}`);
}

export function useEntryRevisions(id: string) {
  return useQuery(
    queryOptions({ queryKey: moderationEntryKeys.revisions(id), queryFn: () => getEntryRevisions(id) }),
  );
}

/** One revision; revisions never change, so it is read once. */
export function useEntryRevision(id: string, revision: number | null) {
  return useQuery({
    queryKey: moderationEntryKeys.revision(id, revision ?? 0),
    queryFn: () => getEntryRevision(id, revision ?? 0),
    enabled: revision !== null,
    staleTime: Infinity,
  });
}

/**
 * `POST …/revisions/{revision}/restore` with the current revision the moderator saw: saves the older
 * revision again as a new one. 409 CONFLICT when someone saved meanwhile.
 */
export function useRestoreEntryRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revision, current }: { id: string; revision: number; current: number }) =>
      apiFetch<Entry>(`${base(id)}/${revision}/restore`, {
        method: 'POST',
        body: jsonBody({ revision: current }),
      }),
    onSuccess: (entry, { id }) => {
      queryClient.setQueryData(adminEntryQueryOptions(id).queryKey, entry);
      void queryClient.invalidateQueries({ queryKey: moderationEntryKeys.revisions(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: moderationEntryKeys.events(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: moderationEntryKeys.lists() });
    },
  });
}
