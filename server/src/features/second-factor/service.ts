// The second factor of staff accounts: a time-based one-time password (RFC 6238: SHA-1, 6 digits,
// 30 s, as every authenticator app reads it) and ten single-use recovery codes.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TOTP } from 'otpauth';
import {
  RECOVERY_CODE_COUNT,
  type SecondFactorMethod,
  type SecondFactorProof,
  type SecondFactorState,
  type TotpSetup,
} from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { countedAttempt, type RateLimiter } from '../../plugins/rate-limit.ts';
import { recordAuditAs, SYSTEM_AUDIT, type AuditContext } from '../audit/service.ts';
import { endOtherSessions, LOGIN_LIMITS, type SessionState } from '../auth/sessions.ts';
import { verifyPassword } from '../users/passwords.ts';
import { deletePasskeysOfUser } from './passkey-repository.ts';
import { countPasskeysOf } from './passkeys.ts';
import * as repo from './repository.ts';

type Db = Kysely<Database>;

const ISSUER = 'Einwurf';
const PERIOD_SECONDS = 30;
/** Codes of the step before and after count too: phones' clocks drift and people type slowly. */
const WINDOW = 1;
const TOTP_CODE = /^\d{6}$/;

/**
 * otpauth, loaded at the first code checked or secret made rather than at the start: only the accounts
 * with a second factor need it, and only when they sign in or change it.
 */
const otpauth = () => import('otpauth');

async function totpOf(secret: string, label = ''): Promise<TOTP> {
  const { Secret, TOTP } = await otpauth();
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code is valid for, or null when it fits none in the window. */
async function stepOf(secret: string, code: string, now: number): Promise<number | null> {
  const delta = (await totpOf(secret)).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an authenticator app shows now (for tests and the command line). */
export async function currentTotpCode(secret: string, now = Date.now()): Promise<string> {
  return (await totpOf(secret)).generate({ timestamp: now });
}

// Recovery codes: 10 characters of base32 (50 bits), shown as xxxxx-xxxxx; stored as SHA-256.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}

async function issueRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

/** The refusal of a wrong, used or expired code, naming the field. */
export function secondFactorInvalid(message = 'the code is wrong or was used before'): AppError {
  return new AppError('SECOND_FACTOR_INVALID', message, [
    { field: 'code', keyword: 'second_factor', message },
  ]);
}

/**
 * The refusal of a login that needs the second factor: `fields` name the methods that can give it,
 * and carry the options for a passkey when the account has one.
 */
export function secondFactorRequired(
  methods: readonly SecondFactorMethod[],
  webauthn?: Record<string, unknown>,
): AppError {
  const send = methods.includes('totp') ? 'code' : 'webauthn';
  return new AppError('SECOND_FACTOR_REQUIRED', `a second factor is required: send ${send}`, [
    {
      field: 'code',
      keyword: 'required',
      message: 'validation.required',
      params: { methods: [...methods], ...(webauthn === undefined ? {} : { webauthn }) },
    },
  ]);
}

/** The part of an account a second factor is checked against. */
type FactorAccount = Pick<repo.SecondFactorAccount, 'id' | 'totp_secret'>;

/**
 * An account with the second factors it has: none, or TOTP (with recovery codes), passkeys, or both;
 * undefined when there is no such account.
 */
export async function secondFactorOf(
  db: Db,
  userId: string,
): Promise<{ account: FactorAccount; methods: SecondFactorMethod[] } | undefined> {
  const account = await repo.findAccount(db, userId);
  if (!account) return undefined;
  const methods: SecondFactorMethod[] = [];
  if (account.totp_secret !== null) methods.push('totp', 'recovery_code');
  if ((await countPasskeysOf(db, userId)) > 0) methods.push('webauthn');
  return { account, methods };
}

/**
 * Checks a second factor: a TOTP code (each time step accepted once) or a recovery code (used up).
 * False for anything else; the caller counts the failure like a wrong password.
 */
export async function verifySecondFactor(
  db: Db,
  account: FactorAccount,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  if (!account.totp_secret) return false;
  const trimmed = code.replace(/\s/g, '');
  if (TOTP_CODE.test(trimmed)) {
    const step = await stepOf(account.totp_secret, trimmed, now);
    return step !== null && (await repo.claimStep(db, account.id, step));
  }
  return repo.consumeRecoveryCode(db, account.id, hashRecoveryCode(trimmed));
}

async function accountOf(db: Db, session: SessionState): Promise<repo.SecondFactorAccount> {
  const account = session.userId === null ? undefined : await repo.findAccount(db, session.userId);
  if (!account) throw new AppError('NOT_FOUND', 'no such user');
  return account;
}

/** What protects the signed-in account besides its password. */
export async function secondFactorState(
  db: Db,
  session: SessionState,
  required: boolean,
): Promise<SecondFactorState> {
  const account = await accountOf(db, session);
  return {
    data: {
      totp: account.totp_secret !== null,
      passkeys: await countPasskeysOf(db, account.id),
      recovery_codes_left: await repo.countRecoveryCodes(db, account.id),
      required,
    },
  };
}

/** Starts setting up TOTP: a new secret for the app, which a first code confirms (409 when one is on). */
export async function startTotpSetup(db: Db, session: SessionState): Promise<TotpSetup> {
  const account = await accountOf(db, session);
  if (account.totp_secret !== null) {
    throw new AppError('CONFLICT', 'a second factor is already on: turn it off first');
  }
  const secret = new (await otpauth()).Secret({ size: 20 }).base32;
  await repo.setPendingSecret(db, account.id, secret);
  return { data: { secret, uri: (await totpOf(secret, account.username)).toString() } };
}

/**
 * Turns TOTP on with the app's first code and answers ten recovery codes, shown once. The account's
 * other sessions end: whoever else was signed in must now show the second factor too.
 */
export async function confirmTotp(
  db: Db,
  limiter: RateLimiter,
  session: SessionState,
  code: string,
  audit: AuditContext = SYSTEM_AUDIT,
  now = Date.now(),
): Promise<string[]> {
  const account = await accountOf(db, session);
  const secret = account.totp_pending_secret;
  if (secret === null) throw new AppError('CONFLICT', 'no setup is under way: start it with POST first');
  const step = await countedAttempt(
    limiter,
    [[`second-factor:${account.id}`, LOGIN_LIMITS.failuresPerName]],
    LOGIN_LIMITS.windowMs,
    'too many wrong codes, try again later',
    async () => (await stepOf(secret, code.replace(/\s/g, ''), now)) ?? undefined,
  );
  if (step === undefined)
    throw secondFactorInvalid('the code is wrong: check the app and the clock of the device');
  return db.transaction().execute(async (trx) => {
    if (!(await repo.activatePendingSecret(trx, account.id, secret, step))) {
      throw new AppError('CONFLICT', 'the setup changed meanwhile: start it again');
    }
    const codes = await issueRecoveryCodes(trx, account.id);
    await endOtherSessions(trx, account.id, session.id);
    await recordAuditAs(trx, audit, {
      kind: 'auth.second_factor_enabled',
      target: { type: 'user', id: account.id },
      details: { username: account.username, method: 'totp' },
    });
    return codes;
  });
}

/** Checks the password and a current code (TOTP or recovery) before the factor itself changes. */
async function proveOwnership(
  db: Db,
  limiter: RateLimiter,
  account: repo.SecondFactorAccount,
  proof: SecondFactorProof,
): Promise<void> {
  if (account.totp_secret === null) throw new AppError('CONFLICT', 'the account has no second factor');
  const key = `second-factor:${account.id}`;
  let passwordRight = false;
  const proved = await countedAttempt(
    limiter,
    [[key, LOGIN_LIMITS.failuresPerName]],
    LOGIN_LIMITS.windowMs,
    'too many wrong passwords or codes, try again later',
    async () => {
      passwordRight = await verifyPassword(account.password_hash, proof.password);
      return (passwordRight && (await verifySecondFactor(db, account, proof.code))) || undefined;
    },
  );
  if (!proved) {
    if (!passwordRight) {
      throw new AppError('VALIDATION_FAILED', 'the password is wrong', [
        { field: 'password', keyword: 'password', message: 'the password is wrong' },
      ]);
    }
    throw secondFactorInvalid();
  }
  await limiter.reset(key);
}

/** Turns the second factor off (password and a code); the account's other sessions end. */
export async function disableTotp(
  db: Db,
  limiter: RateLimiter,
  session: SessionState,
  proof: SecondFactorProof,
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<void> {
  const account = await accountOf(db, session);
  await proveOwnership(db, limiter, account, proof);
  await db.transaction().execute(async (trx) => {
    await repo.clearSecondFactor(trx, account.id);
    await endOtherSessions(trx, account.id, session.id);
    await recordAuditAs(trx, audit, {
      kind: 'auth.second_factor_disabled',
      target: { type: 'user', id: account.id },
      details: { username: account.username },
    });
  });
}

/** New recovery codes (password and a code); the old ones stop working. */
export async function renewRecoveryCodes(
  db: Db,
  limiter: RateLimiter,
  session: SessionState,
  proof: SecondFactorProof,
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<string[]> {
  const account = await accountOf(db, session);
  await proveOwnership(db, limiter, account, proof);
  return db.transaction().execute(async (trx) => {
    const codes = await issueRecoveryCodes(trx, account.id);
    await recordAuditAs(trx, audit, {
      kind: 'auth.recovery_codes_renewed',
      target: { type: 'user', id: account.id },
      details: { username: account.username },
    });
    return codes;
  });
}

/**
 * An admin removes another account's second factor (a lost phone or key and no recovery codes left),
 * TOTP and passkeys alike: it
 * logs in with its password alone until it sets one up again. Its sessions end.
 */
export async function resetSecondFactor(db: Db, username: string, audit: AuditContext): Promise<void> {
  const account = await repo.findAccountByUsername(db, username);
  if (!account) throw new AppError('NOT_FOUND', 'no such user');
  await db.transaction().execute(async (trx) => {
    await repo.clearSecondFactor(trx, account.id);
    await deletePasskeysOfUser(trx, account.id);
    await endOtherSessions(trx, account.id, null);
    await recordAuditAs(trx, audit, {
      kind: 'auth.second_factor_reset',
      target: { type: 'user', id: account.id },
      details: { username: account.username },
    });
  });
}
