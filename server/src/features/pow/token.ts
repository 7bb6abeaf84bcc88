import { createHmac, timingSafeEqual } from 'node:crypto';
import { isValidPowDifficulty, POW_NONCE_PATTERN, type PowClaims } from '@einwurf/contract';
import { AppError } from '../../errors.ts';

// A hand-rolled HS256 JWT: one algorithm, fixed by the server, so a token naming another ("none",
// RS256) is refused before any key is involved.
const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const MAX_TOKEN_LENGTH = 2048;
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const NONCE = new RegExp(POW_NONCE_PATTERN);

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (secret: string, input: string) => createHmac('sha256', secret).update(input).digest();

/** Signs claims as a compact HS256 JWT. */
export function signPowToken(secret: string, claims: Record<string, unknown>): string {
  const input = `${encode(HEADER)}.${encode(claims)}`;
  return `${input}.${sign(secret, input).toString('base64url')}`;
}

function parseSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const invalid = (message: string) => new AppError('POW_INVALID', message);

/**
 * Checks a challenge token's form, algorithm, signature, claims and expiry; throws POW_INVALID or
 * POW_EXPIRED saying which.
 */
export function verifyPowToken(
  secrets: string | readonly string[],
  token: string,
  nowSeconds: number,
): PowClaims {
  const parts = token.length <= MAX_TOKEN_LENGTH ? token.split('.') : [];
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) {
    throw invalid('challenge token is malformed');
  }
  const [header, payload, signature] = parts as [string, string, string];
  const head = parseSegment(header);
  if (head?.['alg'] !== HEADER.alg) throw invalid('challenge token must be signed with HS256');
  const given = Buffer.from(signature, 'base64url');
  // Any secret that still verifies (the signing one, or the one a rotation replaced).
  const signedByOne = (typeof secrets === 'string' ? [secrets] : secrets).some((secret) => {
    const expected = sign(secret, `${header}.${payload}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signedByOne) throw invalid('challenge token signature is invalid');
  const claims = parseSegment(payload);
  if (!claims) throw invalid('challenge token payload is malformed');
  const { jti, nonce, difficulty, iat, exp } = claims;
  if (typeof jti !== 'string' || jti === '' || typeof nonce !== 'string' || !NONCE.test(nonce)) {
    throw invalid('challenge token lacks a nonce');
  }
  if (!isValidPowDifficulty(difficulty)) throw invalid('challenge token claims an invalid difficulty');
  if (typeof exp !== 'number' || typeof iat !== 'number') throw invalid('challenge token lacks an expiry');
  if (exp <= nowSeconds) throw new AppError('POW_EXPIRED', 'challenge token has expired; fetch a new one');
  return { jti, nonce, difficulty, iat, exp };
}
