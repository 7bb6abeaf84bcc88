import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { forgetSession } from '../features/auth/session-cache.ts';
import type { SessionState } from '../features/auth/sessions.ts';

/** Moves a session's expiry, so a test can expire one. */
export async function setSessionExpiry(
  db: Kysely<Database>,
  session: SessionState,
  expiresAt: number,
): Promise<void> {
  if (session.id === null) return;
  forgetSession(session.id);
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', session.id).execute();
}
