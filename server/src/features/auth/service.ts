import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountRole, AuthorLogin, AuthState, ModeratorLogin, Role } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { verifyCredentials } from '../users/service.ts';
import * as repo from './repository.ts';

type Db = Kysely<Database>;

/** Who a request speaks for; role 'none' without a valid session. */
export type SessionState = {
  role: Role;
  userId: string | null;
  entryId: string | null;
  /** Epoch milliseconds; 0 without a session. */
  expiresAt: number;
  /** SHA-256 of the cookie token; null without a session. */
  id: string | null;
};

export const NO_SESSION: SessionState = Object.freeze({
  role: 'none' as const,
  userId: null,
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
  return { role: session.role, ttl: session.role === 'none' ? 0 : Math.floor(session.expiresAt / 1000) };
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
  return { role: row.role, userId: row.user_id, entryId: row.entry_id, expiresAt: row.expires_at, id };
}

/** Starts a session and returns its cookie token; the caller's previous session ends. */
export async function startSession(
  db: Db,
  input: {
    role: AccountRole | 'anon';
    userId?: string;
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

async function assertUnderLimit(limiter: RateLimiter, keys: [string, number][]): Promise<void> {
  for (const [key, limit] of keys) {
    const retryAfter = await limiter.retryAfter(key, limit);
    if (retryAfter > 0) {
      throw new AppError('RATE_LIMITED', 'too many login attempts, try again later', undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }
}

async function countFailure(limiter: RateLimiter, keys: [string, number][]): Promise<void> {
  await Promise.all(keys.map(([key]) => limiter.hit(key, LOGIN_LIMITS.windowMs)));
}

type LoginContext = {
  db: Db;
  limiter: RateLimiter;
  clientIp: string;
  sessionTtl: number;
  previousId: string | null;
};

/**
 * Logs a moderator or admin in. A wrong name and a wrong password give the same answer in
 * comparable time; failures are limited per name and per client.
 */
export async function loginModerator(
  ctx: LoginContext,
  credentials: ModeratorLogin,
): Promise<{ token: string; session: SessionState }> {
  const keys: [string, number][] = [
    [`login:name:${credentials.username.toLowerCase()}`, LOGIN_LIMITS.failuresPerName],
    [`login:client:${ctx.clientIp}`, LOGIN_LIMITS.failuresPerClient],
  ];
  await assertUnderLimit(ctx.limiter, keys);
  const user = await verifyCredentials(ctx.db, credentials.username, credentials.password);
  if (!user) {
    await countFailure(ctx.limiter, keys);
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  await ctx.limiter.reset(keys[0]![0]);
  return startSession(ctx.db, {
    role: user.role,
    userId: user.id,
    ttlSeconds: ctx.sessionTtl,
    previousId: ctx.previousId,
  });
}

/**
 * Logs an author in to one entry with the entry's password. Entries arrive with issue 4, which
 * checks the password against the entry's hash here; until then no entry exists, so every attempt
 * is refused the way a wrong password is, and counted the same way.
 */
export async function loginAuthor(ctx: LoginContext, credentials: AuthorLogin): Promise<never> {
  const keys: [string, number][] = [
    [`login:entry:${credentials.article_id}`, LOGIN_LIMITS.failuresPerName],
    [`login:client:${ctx.clientIp}`, LOGIN_LIMITS.failuresPerClient],
  ];
  await assertUnderLimit(ctx.limiter, keys);
  await countFailure(ctx.limiter, keys);
  throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
}
