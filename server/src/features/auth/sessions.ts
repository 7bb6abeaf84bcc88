// Sessions and the login limits, shared by the login flow (./service.ts) and account changes
// (../users/service.ts), which must end or demote an account's sessions.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountRole, AuthState, Role } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import * as repo from './repository.ts';

type Db = Kysely<Database>;

/** Who a request speaks for; role 'none' without a valid session. */
export type SessionState = {
  role: Role;
  userId: string | null;
  /** The account's name for moderation sessions; null otherwise. */
  username: string | null;
  entryId: string | null;
  /** Epoch milliseconds; 0 without a session. */
  expiresAt: number;
  /** SHA-256 of the cookie token; null without a session. */
  id: string | null;
};

export const NO_SESSION: SessionState = Object.freeze({
  role: 'none' as const,
  userId: null,
  username: null,
  entryId: null,
  expiresAt: 0,
  id: null,
});

export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Failures per entry (author logins) and per account (password changes). */
  failuresPerName: 10,
  /** Failures per client, across names and entries (not counted for a trusted browser). */
  failuresPerClient: 50,
  /** Moderation logins from a browser with the account's device cookie: failures per cookie. */
  failuresPerDevice: 10,
  /** Moderation logins without one (untrusted clients): failures per account and client, */
  untrustedFailuresPerAccountAndClient: 10,
  /**
   * and per account from all untrusted clients together, in a window that doubles with each
   * further lockout within a week of the first, up to a day.
   */
  untrustedFailuresPerAccount: 30,
  untrustedMaxWindowMs: 24 * 60 * 60_000,
  untrustedLockoutMemoryMs: 7 * 24 * 60 * 60_000,
} as const;

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The stored id of a session token; the token itself never reaches the database. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The API's view of a session: role and expiry in epoch seconds (0 without one). */
export function toAuthState(session: SessionState): AuthState {
  const state = {
    role: session.role,
    ttl: session.role === 'none' ? 0 : Math.floor(session.expiresAt / 1000),
  };
  return session.username === null ? state : { ...state, username: session.username };
}

/** Carries a role change over to the account's open sessions, so a demotion takes effect at once. */
export function updateSessionRoles(db: Db, userId: string, role: AccountRole): Promise<void> {
  return repo.setSessionRoleOfUser(db, userId, role);
}

/** Ends every other session of an account (after a password change); `keepId` stays. */
export function endOtherSessions(db: Db, userId: string, keepId: string | null): Promise<void> {
  return repo.deleteSessionsOfUser(db, userId, keepId);
}

/** Looks up the session a cookie token names; an expired one is deleted and counts as none. */
export async function resolveSession(
  db: Db,
  token: string | undefined,
  now = Date.now(),
): Promise<SessionState> {
  if (token === undefined || !TOKEN_FORMAT.test(token)) return NO_SESSION;
  const id = hashSessionToken(token);
  const row = await repo.findSession(db, id);
  if (!row) return NO_SESSION;
  if (row.expires_at <= now) {
    await repo.deleteSession(db, id);
    return NO_SESSION;
  }
  return {
    role: row.role,
    userId: row.user_id,
    username: row.username,
    entryId: row.entry_id,
    expiresAt: row.expires_at,
    id,
  };
}

/** Starts a session and returns its cookie token; the caller's previous session ends. */
export async function startSession(
  db: Db,
  input: {
    role: AccountRole | 'anon';
    userId?: string;
    username?: string;
    entryId?: string;
    ttlSeconds: number;
    previousId: string | null;
  },
): Promise<{ token: string; session: SessionState }> {
  const now = Date.now();
  // A new id on every login (no session fixation); expired rows are purged here, where it is cheap.
  if (input.previousId !== null) await repo.deleteSession(db, input.previousId);
  await repo.deleteExpiredSessions(db, now);
  const token = randomBytes(32).toString('base64url');
  const id = hashSessionToken(token);
  const session: SessionState = {
    role: input.role,
    userId: input.userId ?? null,
    username: input.username ?? null,
    entryId: input.entryId ?? null,
    expiresAt: now + input.ttlSeconds * 1000,
    id,
  };
  await repo.insertSession(db, {
    id,
    role: input.role,
    user_id: session.userId,
    entry_id: session.entryId,
    expires_at: session.expiresAt,
    created_at: now,
  });
  return { token, session };
}

/** Ends a session (no-op without one). */
export async function endSession(db: Db, session: SessionState): Promise<void> {
  if (session.id !== null) await repo.deleteSession(db, session.id);
}
