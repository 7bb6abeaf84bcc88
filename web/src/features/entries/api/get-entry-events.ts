import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/all-pages';
import type { EntryEvent } from '../../../lib/contract';
import { authorEntryKeys } from '../../../lib/query-keys';

/** `GET anon/{id}/events`: the entry's timeline, oldest first. */
export async function getEntryEvents(id: string): Promise<EntryEvent[]> {
  return fetchAllPages<EntryEvent>(`anon/${encodeURIComponent(id)}/events`);
}

export const entryEventsQueryOptions = (id: string) =>
  queryOptions({ queryKey: authorEntryKeys.events(id), queryFn: () => getEntryEvents(id) });

export function useEntryEvents(id: string, enabled = true) {
  return useQuery({ ...entryEventsQueryOptions(id), enabled });
}
