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
