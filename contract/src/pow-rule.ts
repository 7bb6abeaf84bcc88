import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { POW_DIFFICULTY_MAX, POW_DIFFICULTY_MIN } from './limits.ts';

// The proof-of-work rule, written once for the server, the browser solver and the tests. A pure
// TypeScript SHA-256 (@noble/hashes) runs the same in Node, a page and a Web Worker, and lets a
// solver hash the fixed prefix once and clone that state for every try.

/** How long a challenge token is valid, in seconds. */
export const POW_TOKEN_TTL_SECONDS = 5 * 60;
/** The nonce is at least 128 random bits, hex. */
export const POW_NONCE_PATTERN = '^[0-9a-f]{32,128}$';
/** A solution is a counter written in decimal, no sign, no leading zeros. */
export const POW_SOLUTION_PATTERN = '^(0|[1-9][0-9]{0,19})$';

/** Whether `difficulty` is a whole number the rule accepts (1–63). */
export function isValidPowDifficulty(difficulty: unknown): difficulty is number {
  return (
    typeof difficulty === 'number' &&
    Number.isInteger(difficulty) &&
    difficulty >= POW_DIFFICULTY_MIN &&
    difficulty <= POW_DIFFICULTY_MAX
  );
}

/** Whether the last `difficulty` bits of a digest are zero: the low bits of its final bytes. */
export function powDigestHasTrailingZeroBits(digest: Uint8Array, difficulty: number): boolean {
  if (!Number.isInteger(difficulty) || difficulty < 0 || difficulty > digest.length * 8) return false;
  let bits = difficulty;
  for (let i = digest.length - 1; bits > 0; i--) {
    const byte = digest[i]!;
    if (bits >= 8) {
      if (byte !== 0) return false;
      bits -= 8;
    } else {
      return (byte & ((1 << bits) - 1)) === 0;
    }
  }
  return true;
}

/** SHA-256 over the UTF-8 bytes of `nonce + counter`, the counter in decimal. */
export function powDigest(nonce: string, counter: number | string): Uint8Array {
  return sha256(utf8ToBytes(nonce + String(counter)));
}

/** Whether `counter` solves the challenge: a valid difficulty and enough trailing zero bits. */
export function checkPowSolution(nonce: string, counter: number | string, difficulty: number): boolean {
  if (!isValidPowDifficulty(difficulty) || nonce === '') return false;
  const text = String(counter);
  if (!new RegExp(POW_SOLUTION_PATTERN).test(text)) return false;
  return powDigestHasTrailingZeroBits(powDigest(nonce, text), difficulty);
}

export type PowSolveOptions = {
  /** First counter to try (a worker's share: start = its index). */
  start?: number;
  /** Distance between tries (a worker's share: step = the number of workers). */
  step?: number;
  /** Give up after this many tries and return undefined. */
  maxTries?: number;
  /** Called every `progressEvery` tries with the number of tries so far. */
  onProgress?: (tries: number) => void;
  progressEvery?: number;
};

/**
 * Searches counters for a solution, hashing the nonce once and cloning that state per try; the
 * web app's workers call it with their own start and step.
 */
export function solvePow(
  nonce: string,
  difficulty: number,
  options: PowSolveOptions = {},
): number | undefined {
  if (!isValidPowDifficulty(difficulty)) throw new RangeError(`difficulty ${difficulty} is not 1-63`);
  const {
    start = 0,
    step = 1,
    maxTries = Number.MAX_SAFE_INTEGER,
    onProgress,
    progressEvery = 65_536,
  } = options;
  const prefix = sha256.create().update(utf8ToBytes(nonce));
  for (let tries = 0, counter = start; tries < maxTries; tries++, counter += step) {
    const digest = prefix
      .clone()
      .update(utf8ToBytes(String(counter)))
      .digest();
    if (powDigestHasTrailingZeroBits(digest, difficulty)) return counter;
    if (onProgress && (tries + 1) % progressEvery === 0) onProgress(tries + 1);
  }
  return undefined;
}

/** Reads the claims of a JWT without checking its signature (the solver needs nonce and difficulty). */
export function readPowToken(token: string): { nonce: string; difficulty: number; exp: number } | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as Record<string, unknown>;
    const { nonce, difficulty, exp } = claims;
    if (typeof nonce !== 'string' || !isValidPowDifficulty(difficulty) || typeof exp !== 'number') {
      return undefined;
    }
    return { nonce, difficulty, exp };
  } catch {
    return undefined;
  }
}
