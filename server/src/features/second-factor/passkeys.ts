// Passkeys and security keys (WebAuthn) as a staff account's second factor. The server hands out a
// challenge for each ceremony, kept in the database until it is used once or expires, and checks the
// browser's answer against it, the relying party (this server's public origin) and, at login, the key's
// public key and signature counter.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { Passkey, PasskeyCreate, WebAuthnResponse } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { countedAttempt, type RateLimiter } from '../../plugins/rate-limit.ts';
import { recordAuditAs, SYSTEM_AUDIT, type AuditContext } from '../audit/service.ts';
import { endOtherSessions, LOGIN_LIMITS, type SessionState } from '../auth/sessions.ts';
import { verifyPassword } from '../users/passwords.ts';
import * as keys from './passkey-repository.ts';
import * as repo from './repository.ts';
import { isoDateTime } from '../../time.ts';

type Db = Kysely<Database>;

/** The WebAuthn library (and its certificate parsers) loads at the first ceremony, not at the start. */
const webauthn = () => import('@simplewebauthn/server');
const toBase64Url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(text, 'base64url'));

/** Who the keys are bound to: this server's public origin and its host name (the RP ID). */
export type RelyingParty = { origin: string; rpId: string };

const RP_NAME = 'Einwurf';
/** How long the browser may take (the person finds and touches the key), and the challenge lives. */
const CEREMONY_TIMEOUT_MS = 2 * 60_000;
const CHALLENGE_TTL_MS = 5 * 60_000;
/** More keys than anyone carries; it bounds the list and the options. */
export const PASSKEYS_MAX = 20;

/** The relying party of an origin such as https://example.org or http://localhost:8080. */
export function relyingPartyOf(origin: string): RelyingParty {
  const url = new URL(origin);
  return { origin: url.origin, rpId: url.hostname };
}

function transportsOf(row: keys.PasskeyRow): AuthenticatorTransportFuture[] | undefined {
  if (row.transports === null) return undefined;
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? (parsed as AuthenticatorTransportFuture[]) : undefined;
}
type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];

function toPasskey(row: keys.PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: isoDateTime(row.created_at),
    last_used_at: row.last_used_at === null ? null : isoDateTime(row.last_used_at),
  };
}

function invalidResponse(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field: 'response', keyword: 'webauthn', message }]);
}

/** The refusal of a passkey's answer at login: wrong key, challenge used or expired, bad signature. */
export function passkeyInvalid(
  message = 'the passkey’s answer is wrong, expired or was used before',
): AppError {
  return new AppError('SECOND_FACTOR_INVALID', message, [
    { field: 'webauthn', keyword: 'second_factor', message },
  ]);
}

function cleanName(name: string): string {
  return name.trim();
}

async function accountOf(db: Db, session: SessionState): Promise<repo.SecondFactorAccount> {
  const account = session.userId === null ? undefined : await repo.findAccount(db, session.userId);
  if (!account) throw new AppError('NOT_FOUND', 'no such user');
  return account;
}

async function newChallenge(
  db: Db,
  userId: string,
  purpose: 'registration' | 'authentication',
  now: number,
): Promise<string> {
  const challenge = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  await keys.insertChallenge(
    db,
    { challenge, user_id: userId, purpose, expires_at: now + CHALLENGE_TTL_MS },
    now,
  );
  return challenge;
}

/** The account's passkeys, the oldest first. */
export async function listPasskeysOf(db: Db, session: SessionState): Promise<Passkey[]> {
  const account = await accountOf(db, session);
  return (await keys.listPasskeys(db, account.id)).map(toPasskey);
}

/** Options for the browser to create a new passkey (keys the account has already are excluded). */
export async function startPasskeyRegistration(
  db: Db,
  session: SessionState,
  rp: RelyingParty,
  now = Date.now(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const account = await accountOf(db, session);
  const existing = await keys.listPasskeys(db, account.id);
  if (existing.length >= PASSKEYS_MAX) {
    throw new AppError('CONFLICT', `an account may have ${PASSKEYS_MAX} passkeys: remove one first`);
  }
  const challenge = await newChallenge(db, account.id, 'registration', now);
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: account.username,
    userID: new TextEncoder().encode(account.id),
    challenge: fromBase64Url(challenge),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      ...(row.transports === null ? {} : { transports: transportsOf(row) }),
    })),
    // A passkey where the device offers one; a security key without resident keys works as well.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/**
 * Checks the browser's new credential against the challenge handed out (used up here), the origin and
 * the RP ID, and keeps it by name. The account's other sessions end, as when TOTP is turned on.
 */
export async function finishPasskeyRegistration(
  db: Db,
  session: SessionState,
  rp: RelyingParty,
  input: PasskeyCreate,
  audit: AuditContext = SYSTEM_AUDIT,
  now = Date.now(),
): Promise<Passkey> {
  const account = await accountOf(db, session);
  const name = cleanName(input.name);
  const { verifyRegistrationResponse } = await webauthn();
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: (challenge) => keys.consumeChallenge(db, challenge, account.id, 'registration', now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      // A security key without a PIN still proves possession, which is what a second factor is.
      requireUserVerification: false,
    });
  } catch (error) {
    throw invalidResponse(`the passkey could not be added: ${(error as Error).message}`);
  }
  if (!verification.verified) throw invalidResponse('the passkey could not be added');
  const { credential } = verification.registrationInfo;
  const row = {
    id: randomUUID(),
    user_id: account.id,
    credential_id: credential.id,
    public_key: toBase64Url(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports === undefined ? null : JSON.stringify(credential.transports),
    name,
    created_at: now,
  };
  return db.transaction().execute(async (trx) => {
    if (!(await keys.insertPasskey(trx, row))) {
      throw new AppError('CONFLICT', 'this passkey is added already');
    }
    await endOtherSessions(trx, account.id, session.id);
    await recordAuditAs(trx, audit, {
      kind: 'auth.passkey_added',
      target: { type: 'user', id: account.id },
      details: { username: account.username, name },
    });
    return toPasskey({ ...row, last_used_at: null });
  });
}

/** Renames one of the account's passkeys (404 for one it has not). */
export async function renamePasskeyOf(
  db: Db,
  session: SessionState,
  id: string,
  name: string,
): Promise<Passkey> {
  const account = await accountOf(db, session);
  if (!(await keys.renamePasskey(db, account.id, id, cleanName(name)))) {
    throw new AppError('NOT_FOUND', 'no such passkey');
  }
  return toPasskey((await keys.findPasskey(db, account.id, id))!);
}

/**
 * Removes one of the account's passkeys with the password (counted like a wrong code). The account's
 * other sessions end; without TOTP and other keys it logs in with its password alone again.
 */
export async function removePasskey(
  db: Db,
  limiter: RateLimiter,
  session: SessionState,
  id: string,
  password: string,
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<void> {
  const account = await accountOf(db, session);
  const passkey = await keys.findPasskey(db, account.id, id);
  if (!passkey) throw new AppError('NOT_FOUND', 'no such passkey');
  const key = `second-factor:${account.id}`;
  const right = await countedAttempt(
    limiter,
    [[key, LOGIN_LIMITS.failuresPerName]],
    LOGIN_LIMITS.windowMs,
    'too many wrong passwords or codes, try again later',
    async () => (await verifyPassword(account.password_hash, password)) || undefined,
  );
  if (!right) {
    throw new AppError('VALIDATION_FAILED', 'the password is wrong', [
      { field: 'password', keyword: 'password', message: 'the password is wrong' },
    ]);
  }
  await limiter.reset(key);
  await db.transaction().execute(async (trx) => {
    if (!(await keys.deletePasskey(trx, account.id, id))) throw new AppError('NOT_FOUND', 'no such passkey');
    await endOtherSessions(trx, account.id, session.id);
    await recordAuditAs(trx, audit, {
      kind: 'auth.passkey_removed',
      target: { type: 'user', id: account.id },
      details: { username: account.username, name: passkey.name },
    });
  });
}

/** How many passkeys an account has. */
export function countPasskeysOf(db: Db, userId: string): Promise<number> {
  return keys.countPasskeys(db, userId);
}

/** Options for the browser to sign in with one of the account's passkeys (a new challenge each time). */
export async function startPasskeyLogin(
  db: Db,
  userId: string,
  rp: RelyingParty,
  now = Date.now(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const existing = await keys.listPasskeys(db, userId);
  const challenge = await newChallenge(db, userId, 'authentication', now);
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge: fromBase64Url(challenge),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: existing.map((row) => ({
      id: row.credential_id,
      ...(row.transports === null ? {} : { transports: transportsOf(row) }),
    })),
  });
}

/**
 * Checks a passkey's answer at login: one of the account's keys, signed over a challenge handed out
 * for this account's login (used up here), from this origin, with a counter past the last one seen
 * (for keys that keep one). False for anything else; the caller counts it like a wrong code.
 */
export async function verifyPasskeyLogin(
  db: Db,
  userId: string,
  rp: RelyingParty,
  response: WebAuthnResponse,
  now = Date.now(),
): Promise<boolean> {
  const passkey = await keys.findPasskeyByCredential(db, userId, response.id);
  if (!passkey) return false;
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: (challenge) => keys.consumeChallenge(db, challenge, userId, 'authentication', now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: fromBase64Url(passkey.public_key),
        counter: passkey.counter,
        ...(passkey.transports === null ? {} : { transports: transportsOf(passkey) }),
      },
      requireUserVerification: false,
    });
    if (!verification.verified) return false;
    return keys.recordPasskeyUse(
      db,
      passkey.id,
      passkey.counter,
      verification.authenticationInfo.newCounter,
      now,
    );
  } catch {
    return false;
  }
}
