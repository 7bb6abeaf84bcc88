// Sessions and the login limits, shared by the login flow (./service.ts) and account changes
// (../users/service.ts), which must end or demote an account's sessions.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountRole, AuthState, Role, StaffSession } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import * as repo from './repository.ts';
import { cachedSession, rememberSession } from './session-cache.ts';
import { isoDateTime } from '../../time.ts';
import { remembered } from '../../remembered.ts';

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
  /** Whether the account behind a moderation session has a second factor. */
  hasSecondFactor: boolean;
};

export const NO_SESSION: SessionState = Object.freeze({
  role: 'none' as const,
  userId: null,
  username: null,
  entryId: null,
  expiresAt: 0,
  id: null,
  hasSecondFactor: false,
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

/**
 * hashSessionToken, remembering the ids of the last 10,000 tokens (about the clients of the last
 * minutes): a client sends the same token with every request. Only well-formed tokens reach here.
 */
const sessionIdOf = remembered(hashSessionToken, 10_000);

/** Whether a staff session must set up a second factor before it may do anything else. */
export function mustSetUpSecondFactor(session: SessionState, required: boolean): boolean {
  return required && (session.role === 'mod' || session.role === 'admin') && !session.hasSecondFactor;
}

/**
 * The API's view of a session: role and expiry in epoch seconds (0 without one); `required` says
 * whether the installation requires staff to have a second factor.
 */
export function toAuthState(session: SessionState, required = false): AuthState {
  const state: AuthState = {
    role: session.role,
    ttl: session.role === 'none' ? 0 : Math.floor(session.expiresAt / 1000),
  };
  if (session.username !== null) state.username = session.username;
  if (mustSetUpSecondFactor(session, required)) state.second_factor_setup_required = true;
  return state;
}

/** Carries a role change over to the account's open sessions, so a demotion takes effect at once. */
export function updateSessionRoles(db: Db, userId: string, role: AccountRole): Promise<void> {
  return repo.setSessionRoleOfUser(db, userId, role);
}

/** Ends every other session of an account (after a password change); `keepId` stays. */
export function endOtherSessions(db: Db, userId: string, keepId: string | null): Promise<void> {
  return repo.deleteSessionsOfUser(db, userId, keepId);
}

/** How many sessions an account has open. */
export function countSessionsOfUser(db: Db, userId: string): Promise<number> {
  return repo.countSessionsOfUser(db, userId);
}

/** How stale a staff session's "last used" may get before a request writes it anew. */
const TOUCH_INTERVAL_MS = 60_000;
/** The longest User-Agent kept with a session. */
const USER_AGENT_MAX = 512;

/**
 * The session a cookie token names when that is known without the database: none for a missing or
 * malformed token, the one kept in memory (./session-cache.ts); otherwise undefined.
 */
export function knownSession(token: string | undefined, now = Date.now()): SessionState | undefined {
  if (token === undefined || !TOKEN_FORMAT.test(token)) return NO_SESSION;
  return cachedSession(sessionIdOf(token), now);
}

/**
 * Looks up the session a cookie token names, kept in memory for a few seconds (./session-cache.ts);
 * an expired one is deleted and counts as none.
 */
export async function resolveSession(
  db: Db,
  token: string | undefined,
  now = Date.now(),
): Promise<SessionState> {
  const known = knownSession(token, now);
  if (known !== undefined || token === undefined) return known ?? NO_SESSION;
  const id = sessionIdOf(token);
  const row = await repo.findSession(db, id);
  if (!row) return NO_SESSION;
  // A session started while its account was being disabled is ended here.
  if (row.expires_at <= now || row.disabled_at !== null) {
    await repo.deleteSession(db, id);
    return NO_SESSION;
  }
  if (row.user_id !== null && (row.last_used_at ?? row.created_at) < now - TOUCH_INTERVAL_MS) {
    await repo.touchSession(db, id, now, now - TOUCH_INTERVAL_MS);
  }
  const session: SessionState = {
    role: row.role,
    userId: row.user_id,
    username: row.username,
    entryId: row.entry_id,
    expiresAt: row.expires_at,
    id,
    // SQLite answers 1 or 0 for EXISTS, PostgreSQL true or false. An SSO account's strong
    // authentication is the organisation's provider (see README).
    hasSecondFactor: row.totp_secret !== null || Number(row.has_passkey) === 1 || row.auth_source === 'oidc',
  };
  rememberSession(session);
  return session;
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
    /** The browser's User-Agent, shown in the account's list of sessions. */
    userAgent?: string | undefined;
    hasSecondFactor?: boolean;
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
    hasSecondFactor: input.hasSecondFactor ?? false,
  };
  await repo.insertSession(db, {
    id,
    role: input.role,
    user_id: session.userId,
    entry_id: session.entryId,
    expires_at: session.expiresAt,
    created_at: now,
    last_used_at: now,
    user_agent: input.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
  });
  return { token, session };
}

/** Ends a session (no-op without one). */
export async function endSession(db: Db, session: SessionState): Promise<void> {
  if (session.id !== null) await repo.deleteSession(db, session.id);
}

/** An account's open sessions for its profile, `currentId` marked. */
export async function listSessionsOfUser(
  db: Db,
  userId: string,
  currentId: string | null,
  now = Date.now(),
): Promise<StaffSession[]> {
  const rows = await repo.findSessionsOfUser(db, userId, now);
  return rows.map((row) => ({
    id: row.id,
    created_at: isoDateTime(row.created_at),
    last_used_at: isoDateTime(row.last_used_at ?? row.created_at),
    user_agent: row.user_agent,
    current: row.id === currentId,
  }));
}

/** Ends one of an account's sessions; false when the account has no session of that id. */
export function endSessionOfUser(db: Db, userId: string, id: string): Promise<boolean> {
  return repo.deleteSessionOfUser(db, userId, id);
}
