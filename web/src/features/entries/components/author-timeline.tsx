import { EntryTimeline } from '../../../components/entry/entry-timeline';
import { useEntryEvents } from '../api/get-entry-events';

/** The entry's timeline as its author reads it: newest first, the author named "you". */
export function AuthorTimeline({ entryId }: { entryId: string }) {
  const events = useEntryEvents(entryId);
  return (
    <EntryTimeline
      viewer="author"
      events={events.data ?? []}
      isLoading={events.isPending}
      isError={events.isError}
    />
  );
}
