import { apiFetch } from '../../../lib/api-client';
import type { Entry } from '../../../lib/contract';

// How many comments moderation wrote since the author last read them, per entry: the top bar's badge
// reads it on every page. A small store of its own rather than a query, so the badge brings no query
// library code into everyone's first load.

const counts = new Map<string, { count: number; at: number }>();
const listeners = new Set<() => void>();

/** The window event the author's comments send once read (see AuthorComments): their news is read. */
export const COMMENTS_READ_EVENT = 'einwurf:comments-read';

/** How long a count is trusted before a navigation asks the server again. */
export const UNREAD_MAX_AGE_MS = 30_000;

if (typeof window !== 'undefined') {
  window.addEventListener(COMMENTS_READ_EVENT, (event) => {
    const id = (event as CustomEvent<unknown>).detail;
    if (typeof id === 'string') setUnread(id, 0);
  });
}

export function subscribeUnread(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function unreadCount(id: string): number {
  return counts.get(id)?.count ?? 0;
}

/** Notes the count (0 once the author has read the comments). */
export function setUnread(id: string, count: number): void {
  counts.set(id, { count, at: Date.now() });
  for (const listener of listeners) listener();
}

/** `GET anon/{id}` for its `meta.unread_moderation_comments`, unless the count is recent; failures keep it. */
export async function refreshUnread(id: string, now = Date.now()): Promise<void> {
  const known = counts.get(id);
  if (known && now - known.at < UNREAD_MAX_AGE_MS) return;
  try {
    const entry = await apiFetch<Entry>(`anon/${encodeURIComponent(id)}`);
    setUnread(id, entry.meta.unread_moderation_comments ?? 0);
  } catch {
    // The badge is a hint: without an answer it shows what it knew.
  }
}
