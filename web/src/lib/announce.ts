type Listener = (message: string) => void;

let listener: Listener | null = null;

/** Says `message` once, politely, through the app's live region (components/route-announcer.tsx). */
export function announce(message: string): void {
  listener?.(message);
}

/** Makes `next` the live region that speaks; returns the function that lets it go. */
export function listenToAnnouncements(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
}

/** A screen as it is drawn: its h1 and its name as the browser tab shows it. */
export type ShownScreen = { heading: HTMLElement | null; name: string };

let drawn: ShownScreen | null = null;
let awaiting: ((screen: ShownScreen) => void) | null = null;

/**
 * Reports a screen drawn (components/page.tsx). The route announcer waits for it after a navigation:
 * whether the screen or the announcer runs its effects first differs between runtimes and between
 * screens (Preact draws outer components first, a screen may wait for a lazy part), so neither
 * assumes it. A screen nobody awaits is kept until the end of the task that drew it.
 */
export function screenShown(screen: ShownScreen): void {
  const take = awaiting;
  if (take) {
    awaiting = null;
    take(screen);
    return;
  }
  drawn = screen;
  queueMicrotask(() => {
    if (drawn === screen) drawn = null;
  });
}

/** Calls `take` with the screen drawn in this task, or else with the next one; returns a cancel. */
export function awaitScreen(take: (screen: ShownScreen) => void): () => void {
  const screen = drawn;
  if (screen) {
    drawn = null;
    take(screen);
    return () => undefined;
  }
  awaiting = take;
  return () => {
    if (awaiting === take) awaiting = null;
  };
}
