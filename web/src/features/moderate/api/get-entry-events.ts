import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntryEvent } from '@einwurf/contract';
import { fetchAllPages } from '../../../lib/all-pages';
import { moderationEntryKeys } from '../../../lib/query-keys';

/** `GET admin/collection/entry/{id}/events`: the entry's timeline from the event log. */
export async function getEntryEvents(id: string): Promise<EntryEvent[]> {
  return fetchAllPages<EntryEvent>(`admin/collection/entry/${encodeURIComponent(id)}/events`);
}

export const entryEventsQueryOptions = (id: string) =>
  queryOptions({ queryKey: moderationEntryKeys.events(id), queryFn: () => getEntryEvents(id) });

export function useEntryEvents(id: string) {
  return useQuery(entryEventsQueryOptions(id));
}
