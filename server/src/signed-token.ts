import { createHmac, timingSafeEqual } from 'node:crypto';

// Small tokens the server signs and reads back (cookies): base64url JSON claims, a dot, and an
// HMAC-SHA-256 under a key derived from the signing secret and the token's purpose, so a token made
// for one purpose (or any other HMAC the server hands out) never passes for another.

const SEGMENT = /^[A-Za-z0-9_-]+$/;

const keyOf = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();
const sign = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', keyOf(secret, purpose)).update(payload).digest();

/** The signed token of `claims` for `purpose`. */
export function sealClaims(secret: string, purpose: string, claims: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(secret, purpose, payload).toString('base64url')}`;
}

/**
 * The claims of a token signed for `purpose` with any secret that still verifies; undefined for
 * anything else (absent, longer than `maxLength`, malformed, forged). The caller checks the claims.
 */
export function openClaims(
  secrets: readonly string[],
  purpose: string,
  token: string | undefined,
  maxLength: number,
): Record<string, unknown> | undefined {
  if (token === undefined || token.length > maxLength) return undefined;
  const [payload, signature, ...rest] = token.split('.');
  if (payload === undefined || signature === undefined || rest.length > 0) return undefined;
  if (!SEGMENT.test(payload) || !SEGMENT.test(signature)) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const signed = secrets.some((secret) => {
    const expected = sign(secret, purpose, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signed) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : undefined;
}
