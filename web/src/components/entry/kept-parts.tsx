import { lazy, Suspense } from 'react';
import type * as KeptPartModule from './kept-typing-part';
import type { KeptTypingOptions } from './use-kept-typing';

type KeptPart = typeof KeptPartModule;

/**
 * Kept typing and the "last saved" label, loaded after the editor (off its first load) as one chunk.
 * Each editor's route passes the import itself, so the chunk's list of files to preload joins the
 * route's own list, which already names nearly all of them.
 */
export function keptParts(load: () => Promise<KeptPart>) {
  const LazyKept = lazy(() => load().then((part) => ({ default: part.KeptTypingPart })));
  const LazySavedAgo = lazy(() => load().then((part) => ({ default: part.SavedAgo })));
  return {
    /** Keeps the unsaved edit in the browser; where an old copy is found, offers it back here. */
    KeptTyping: (props: KeptTypingOptions) => (
      <Suspense fallback={null}>
        <LazyKept {...props} />
      </Suspense>
    ),
    /** "Zuletzt gespeichert vor 2 Minuten", for beside the Save button. */
    SavedAgo: ({ at }: { at: string }) => (
      <Suspense fallback={null}>
        <LazySavedAgo at={at} />
      </Suspense>
    ),
  };
}
