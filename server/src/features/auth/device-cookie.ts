import { randomBytes } from 'node:crypto';
import { openClaims, sealClaims } from '../../signed-token.ts';

// Device cookies, as OWASP's "Slow Down Online Guessing Attacks with Device Cookies" describes
// them: a browser that has logged in to an account keeps a token, signed by the server, naming the
// account and a random nonce. Its later login attempts for that account are counted under the
// nonce alone, so strangers' guesses, which lock the account for untrusted clients, do not lock
// out the browsers the moderator has used before. The token proves nothing but an earlier
// successful login: it never logs anyone in by itself.

/** The cookie that carries the device token; sent to the login route only. */
export const DEVICE_COOKIE = 'einwurf_device';
/** How long a browser stays trusted after its last successful login. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const MAX_TOKEN_LENGTH = 512;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** What a valid device token says: the account it was issued for (lowercased name) and its nonce. */
export type DeviceClaims = { account: string; nonce: string };

// Its own purpose: no other HMAC the server hands out (CSRF tokens, proof-of-work challenges) can
// ever pass for a device token's signature.
const PURPOSE = 'einwurf device cookie v1';

/** A new device token for an account (its lowercased name), with a fresh nonce. */
export function issueDeviceToken(secret: string, account: string, now = Date.now()): string {
  const claims = { a: account, n: randomBytes(16).toString('base64url'), iat: Math.floor(now / 1000) };
  return sealClaims(secret, PURPOSE, claims);
}

/**
 * The claims of a device token signed with any secret that still verifies and not older than the
 * cookie's lifetime; undefined for anything else (absent, malformed, forged, expired), which the
 * login then treats as an untrusted client.
 */
export function verifyDeviceToken(
  secrets: readonly string[],
  token: string | undefined,
  now = Date.now(),
): DeviceClaims | undefined {
  const claims = openClaims(secrets, PURPOSE, token, MAX_TOKEN_LENGTH);
  if (claims === undefined) return undefined;
  const { a, n, iat } = claims;
  if (typeof a !== 'string' || typeof n !== 'string' || !NONCE.test(n) || typeof iat !== 'number') {
    return undefined;
  }
  if (iat * 1000 + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 <= now) return undefined;
  return { account: a, nonce: n };
}
