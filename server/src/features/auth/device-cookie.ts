import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** What a valid device token says: the account it was issued for (lowercased name) and its nonce. */
export type DeviceClaims = { account: string; nonce: string };

// A key of its own, derived from the signing secret, so no other HMAC the server hands out (CSRF
// tokens, proof-of-work challenges) can ever pass for a device token's signature.
const keyOf = (secret: string) => createHmac('sha256', secret).update('einwurf device cookie v1').digest();
const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest();

/** A new device token for an account (its lowercased name), with a fresh nonce. */
export function issueDeviceToken(secret: string, account: string, now = Date.now()): string {
  const claims = { a: account, n: randomBytes(16).toString('base64url'), iat: Math.floor(now / 1000) };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
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
  if (token === undefined || token.length > MAX_TOKEN_LENGTH) return undefined;
  const [payload, signature, ...rest] = token.split('.');
  if (payload === undefined || signature === undefined || rest.length > 0) return undefined;
  if (!SEGMENT.test(payload) || !SEGMENT.test(signature)) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const signedByOne = secrets.some((secret) => {
    const expected = sign(secret, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signedByOne) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  const { a, n, iat } = claims as Record<string, unknown>;
  if (typeof a !== 'string' || typeof n !== 'string' || !NONCE.test(n) || typeof iat !== 'number') {
    return undefined;
  }
  if (iat * 1000 + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 <= now) return undefined;
  return { account: a, nonce: n };
}
