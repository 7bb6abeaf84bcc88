import { lazy, Suspense } from 'react';
import { useEntryEvents } from '../api/get-entry-events';

// Below the form: its code follows the form's instead of holding it back (the events load meanwhile).
const EntryTimeline = lazy(() =>
  import('../../../components/entry/entry-timeline').then((m) => ({ default: m.EntryTimeline })),
);

/** The entry's timeline as its author reads it: newest first, the author named "you". */
export function AuthorTimeline({ entryId }: { entryId: string }) {
  const events = useEntryEvents(entryId);
  return (
    <Suspense fallback={null}>
      <EntryTimeline
        viewer="author"
        events={events.data ?? []}
        isLoading={events.isPending}
        isError={events.isError}
      />
    </Suspense>
  );
}
