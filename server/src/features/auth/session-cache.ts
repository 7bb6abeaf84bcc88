// Every API request looked its session up in the database. A session found is kept here for a few
// seconds; whatever ends or changes sessions on this instance (logout, role change, password
// change, disabling or deleting an account, ending a session from the profile, a second factor set
// up or removed) forgets them at once. Another instance, or the CLI, cannot reach this memory: there
// a change takes effect within SESSION_CACHE_MS, which is why it stays a few seconds.
import { LRUCache } from 'lru-cache';
import type { SessionState } from './sessions.ts';

/** How long a session found stays in memory before it is looked up again. */
export const SESSION_CACHE_MS = 5_000;
const MAX_SESSIONS = 10_000;

const sessions = new LRUCache<string, SessionState>({ max: MAX_SESSIONS, ttl: SESSION_CACHE_MS });
/**
 * Sessions and accounts changed lately: a change may still be inside its transaction while another
 * request reads the row as it was, which must not be kept, so none of theirs is kept for a while.
 */
const changed = new LRUCache<string, true>({ max: MAX_SESSIONS, ttl: SESSION_CACHE_MS });

/** The session kept for this id, if one is kept and has not expired by `now`. */
export function cachedSession(id: string, now: number): SessionState | undefined {
  const session = sessions.get(id);
  if (session === undefined) return undefined;
  if (session.expiresAt > now) return session;
  sessions.delete(id);
  return undefined;
}

/** Keeps a session just read from the database, unless it or its account changed a moment ago. */
export function rememberSession(session: SessionState): void {
  if (session.id === null || changed.has(`session:${session.id}`)) return;
  if (session.userId !== null && changed.has(`user:${session.userId}`)) return;
  sessions.set(session.id, Object.freeze({ ...session }));
}

/** Forgets one session (ended or changed). */
export function forgetSession(id: string): void {
  changed.set(`session:${id}`, true);
  sessions.delete(id);
}

/** Forgets every session of an account (its role, name, second factor or state changed, or it is gone). */
export function forgetSessionsOfUser(userId: string): void {
  changed.set(`user:${userId}`, true);
  for (const [id, session] of sessions.entries()) {
    if (session.userId === userId) sessions.delete(id);
  }
}
