import type { Kysely } from 'kysely';
import type { AuthorLogin, ModeratorLogin, SecondFactorMethod } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import {
  countedAttempt,
  countedAttemptUnder,
  fixedLimit,
  growingLimit,
  type AttemptLimit,
  type RateLimiter,
} from '../../plugins/rate-limit.ts';
import { recordAudit } from '../audit/service.ts';
import {
  passkeyInvalid,
  startPasskeyLogin,
  verifyPasskeyLogin,
  type RelyingParty,
} from '../second-factor/passkeys.ts';
import {
  secondFactorInvalid,
  secondFactorOf,
  secondFactorRequired,
  verifySecondFactor,
} from '../second-factor/service.ts';
import { verifyEntryPassword } from '../entries/service.ts';
import type { SecretRing } from '../secrets/service.ts';
import { verifyCredentials, type User } from '../users/service.ts';
import { issueDeviceToken, verifyDeviceToken } from './device-cookie.ts';
import { endSession, LOGIN_LIMITS, startSession, type SessionState } from './sessions.ts';

type Db = Kysely<Database>;

const INVALID_CREDENTIALS = 'invalid credentials';
const LOGIN_REFUSED = 'too many login attempts, try again later';

type LoginContext = {
  db: Db;
  limiter: RateLimiter;
  clientIp: string;
  sessionTtl: number;
  authorSessionTtl: number;
  previousId: string | null;
  /** The signing secrets of device cookies. */
  secrets: Pick<SecretRing, 'current' | 'verifying'>;
  /** The device cookie the browser sent, if any. */
  deviceToken: string | undefined;
  /** The client's address for the audit log; null unless the operator keeps it. */
  auditAddress: string | null;
  /** The browser's User-Agent, kept with a moderation session for the account's list of sessions. */
  userAgent?: string | undefined;
  /** Who passkeys are bound to: the server's public origin (a passkey's answer must come from it). */
  relyingParty?: RelyingParty;
};

type SessionInput = Omit<Parameters<typeof startSession>[1], 'previousId'>;

/**
 * Logs an author in: the attempt is counted under the entry and the client before the check,
 * refused while either is over its limit; the entry's failures are forgotten on success.
 */
async function limitedLogin(
  ctx: LoginContext,
  subjectKey: string,
  check: () => Promise<SessionInput | undefined>,
): Promise<{ token: string; session: SessionState }> {
  const limits = [
    [subjectKey, LOGIN_LIMITS.failuresPerName],
    [`login:client:${ctx.clientIp}`, LOGIN_LIMITS.failuresPerClient],
  ] as const;
  const input = await countedAttempt(ctx.limiter, limits, LOGIN_LIMITS.windowMs, LOGIN_REFUSED, check);
  if (!input) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  await ctx.limiter.reset(subjectKey);
  return startSession(ctx.db, { ...input, previousId: ctx.previousId });
}

/**
 * The limits a moderation login is counted under (OWASP's device cookies). A browser that sends a
 * valid device cookie for this account is trusted: only its own cookie counts. Any other attempt
 * comes from an untrusted client and counts tightly per account and client, loosely per account
 * (in a window that grows with each lockout, so strangers together get ever fewer guesses), and per
 * client across names. Strangers' guesses thus lock the account for untrusted clients only, never
 * for the browsers the moderator has logged in with before.
 */
function moderationLimits(ctx: LoginContext, account: string): { limits: AttemptLimit[]; ownKey: string } {
  const { limiter } = ctx;
  const device = verifyDeviceToken(ctx.secrets.verifying(), ctx.deviceToken);
  if (device?.account === account) {
    const key = `login:device:${device.nonce}`;
    return {
      limits: [fixedLimit(limiter, key, LOGIN_LIMITS.failuresPerDevice, LOGIN_LIMITS.windowMs)],
      ownKey: key,
    };
  }
  // Names are escaped in keys (anyone may try any name), so no name can pose as another's key or
  // as the lockout records a growing limit keeps beside it ('<key>:lockouts').
  const name = encodeURIComponent(account);
  const accountClientKey = `login:account-client:${ctx.clientIp}|${name}`;
  return {
    limits: [
      fixedLimit(
        limiter,
        accountClientKey,
        LOGIN_LIMITS.untrustedFailuresPerAccountAndClient,
        LOGIN_LIMITS.windowMs,
      ),
      growingLimit(limiter, `login:untrusted:${name}`, LOGIN_LIMITS.untrustedFailuresPerAccount, {
        windowMs: LOGIN_LIMITS.windowMs,
        maxWindowMs: LOGIN_LIMITS.untrustedMaxWindowMs,
        memoryMs: LOGIN_LIMITS.untrustedLockoutMemoryMs,
      }),
      fixedLimit(
        limiter,
        `login:client:${ctx.clientIp}`,
        LOGIN_LIMITS.failuresPerClient,
        LOGIN_LIMITS.windowMs,
      ),
    ],
    ownKey: accountClientKey,
  };
}

/**
 * Logs a moderator or admin in. A wrong name and a wrong password give the same answer in
 * comparable time; failures are limited as `moderationLimits` says. A successful login answers a
 * new device token for the browser to keep.
 */
export async function loginModerator(
  ctx: LoginContext,
  credentials: ModeratorLogin,
): Promise<{ token: string; session: SessionState; deviceToken: string }> {
  const account = credentials.username.toLowerCase();
  const { limits, ownKey } = moderationLimits(ctx, account);
  // A refused or failed login changes nothing, so its record is written on its own.
  const attempt = {
    actor: { type: 'anonymous', username: credentials.username },
    clientAddress: ctx.auditAddress,
  } as const;
  // A wrong second factor counts like a wrong password; a missing one does not (the password was
  // right, and the login screen now asks for the code or the passkey).
  let wrongFactor: 'code' | 'webauthn' | undefined;
  let outcome: { user: User; methods: SecondFactorMethod[]; missing: boolean } | undefined;
  try {
    outcome = await countedAttemptUnder(ctx.limiter, limits, LOGIN_REFUSED, async () => {
      const user = await verifyCredentials(ctx.db, credentials.username, credentials.password);
      if (!user) return undefined;
      const factor = await secondFactorOf(ctx.db, user.id);
      const methods = factor?.methods ?? [];
      if (!factor || methods.length === 0) return { user, methods, missing: false };
      if (credentials.webauthn !== undefined) {
        if (
          methods.includes('webauthn') &&
          ctx.relyingParty !== undefined &&
          (await verifyPasskeyLogin(ctx.db, user.id, ctx.relyingParty, credentials.webauthn))
        ) {
          return { user, methods, missing: false };
        }
        wrongFactor = 'webauthn';
        return undefined;
      }
      if (credentials.code === undefined) return { user, methods, missing: true };
      if (await verifySecondFactor(ctx.db, factor.account, credentials.code))
        return { user, methods, missing: false };
      wrongFactor = 'code';
      return undefined;
    });
  } catch (error) {
    // Once per client and account in a login window: a client hammering a locked account must not
    // fill the log.
    const once = `audit:login-locked:${ctx.clientIp}|${encodeURIComponent(account)}`;
    if (
      error instanceof AppError &&
      error.code === 'RATE_LIMITED' &&
      (await ctx.limiter.take(once, 1, LOGIN_LIMITS.windowMs)) === 0
    ) {
      await recordAudit(ctx.db, { ...attempt, kind: 'auth.login.locked' });
    }
    throw error;
  }
  if (!outcome) {
    await recordAudit(ctx.db, {
      ...attempt,
      kind: 'auth.login.failed',
      ...(wrongFactor === undefined ? {} : { details: { second_factor: true } }),
    });
    if (wrongFactor === 'webauthn') throw passkeyInvalid();
    if (wrongFactor === 'code') throw secondFactorInvalid();
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  if (outcome.missing) {
    const { methods, user } = outcome;
    const options =
      methods.includes('webauthn') && ctx.relyingParty !== undefined
        ? await startPasskeyLogin(ctx.db, user.id, ctx.relyingParty)
        : undefined;
    throw secondFactorRequired(methods, options as Record<string, unknown> | undefined);
  }
  const { user } = outcome;
  // This browser's (or client's) failures are forgotten; the account's count of untrusted clients
  // stays, or one right login from anywhere would hand the strangers a fresh batch of guesses.
  await ctx.limiter.reset(ownKey);
  const started = await ctx.db.transaction().execute(async (trx) => {
    const session = await startSession(trx, {
      role: user.role,
      userId: user.id,
      username: user.username,
      ttlSeconds: ctx.sessionTtl,
      previousId: ctx.previousId,
      userAgent: ctx.userAgent,
      hasSecondFactor: outcome.methods.length > 0,
    });
    await recordAudit(trx, {
      kind: 'auth.login.succeeded',
      actor: { type: 'user', id: user.id, username: user.username },
      target: { type: 'user', id: user.id },
      clientAddress: ctx.auditAddress,
    });
    return session;
  });
  return { ...started, deviceToken: issueDeviceToken(ctx.secrets.current(), account) };
}

/** Ends a session; the end of a moderation session is recorded with it. */
export async function logout(db: Db, session: SessionState, auditAddress: string | null): Promise<void> {
  if (session.userId === null) return endSession(db, session);
  const userId = session.userId;
  await db.transaction().execute(async (trx) => {
    await endSession(trx, session);
    await recordAudit(trx, {
      kind: 'auth.logout',
      actor: { type: 'user', id: userId, username: session.username },
      target: { type: 'user', id: userId },
      clientAddress: auditAddress,
    });
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
