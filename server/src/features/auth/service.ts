import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountRole, AuthorLogin, AuthState, ModeratorLogin, Role } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { verifyEntryPassword } from '../entries/service.ts';
import { verifyCredentials } from '../users/service.ts';
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
  failuresPerName: 10,
  failuresPerClient: 50,
} as const;

const INVALID_CREDENTIALS = 'invalid credentials';
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

/** Moves a session's expiry (tests use it to expire one). */
export function setSessionExpiry(db: Db, session: SessionState, expiresAt: number): Promise<void> {
  return session.id === null ? Promise.resolve() : repo.setSessionExpiry(db, session.id, expiresAt);
}

type LoginContext = {
  db: Db;
  limiter: RateLimiter;
  clientIp: string;
  sessionTtl: number;
  authorSessionTtl: number;
  previousId: string | null;
};

type SessionInput = Omit<Parameters<typeof startSession>[1], 'previousId'>;

/**
 * The steps every login shares: refuse while the subject (account name or entry) or the client is
 * over its failure limit, count a failure under both, forget the subject's failures on success.
 */
async function limitedLogin(
  ctx: LoginContext,
  subjectKey: string,
  check: () => Promise<SessionInput | undefined>,
): Promise<{ token: string; session: SessionState }> {
  const keys: [string, number][] = [
    [subjectKey, LOGIN_LIMITS.failuresPerName],
    [`login:client:${ctx.clientIp}`, LOGIN_LIMITS.failuresPerClient],
  ];
  for (const [key, limit] of keys) {
    const retryAfter = await ctx.limiter.retryAfter(key, limit);
    if (retryAfter > 0) {
      throw new AppError('RATE_LIMITED', 'too many login attempts, try again later', undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }
  const input = await check();
  if (!input) {
    await Promise.all(keys.map(([key]) => ctx.limiter.hit(key, LOGIN_LIMITS.windowMs)));
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  await ctx.limiter.reset(subjectKey);
  return startSession(ctx.db, { ...input, previousId: ctx.previousId });
}

/**
 * Logs a moderator or admin in. A wrong name and a wrong password give the same answer in
 * comparable time; failures are limited per name and per client.
 */
export function loginModerator(
  ctx: LoginContext,
  credentials: ModeratorLogin,
): Promise<{ token: string; session: SessionState }> {
  return limitedLogin(ctx, `login:name:${credentials.username.toLowerCase()}`, async () => {
    const user = await verifyCredentials(ctx.db, credentials.username, credentials.password);
    return user && { role: user.role, userId: user.id, username: user.username, ttlSeconds: ctx.sessionTtl };
  });
}

/**
 * Logs an author in to one entry with the entry's password. Every failure (no such entry, deleted,
 * another type, wrong password) gives the same answer in comparable time; failures are limited per
 * entry and per client.
 */
export function loginAuthor(
  ctx: LoginContext,
  credentials: AuthorLogin,
): Promise<{ token: string; session: SessionState }> {
  const { article_id: entryId, cpt: type, password } = credentials;
  return limitedLogin(ctx, `login:entry:${entryId}`, async () =>
    (await verifyEntryPassword(ctx.db, { id: entryId, type, password }))
      ? { role: 'anon', entryId, ttlSeconds: ctx.authorSessionTtl }
      : undefined,
  );
}
