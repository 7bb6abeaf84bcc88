import { describe, expect, it } from 'vitest';
import {
  checkPowSolution,
  isValidPowDifficulty,
  powDigest,
  powDigestHasTrailingZeroBits,
  readPowToken,
  solvePow,
} from './pow.ts';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string) => Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));
const NONCE = '00112233445566778899aabbccddeeff';

// Vectors computed independently with node:crypto: the first counter for each difficulty.
const FIRST_SOLUTIONS: [difficulty: number, counter: number, digest: string][] = [
  [1, 2, '14850e58d9cf40a7d6e7a52212dfc6801b31f05a3a4ca1c6a27c87999599839e'],
  [4, 20, 'fe7e5fc28c259a528a89b0b5d4e96aff22a32a1fcffbe744ec575a35f3c24f40'],
  [8, 75, '356a040971c64b72c3667b05eaa28be2d7ee2114fbb3945568be6c4d76c74b00'],
  [12, 2387, 'b6e5d010c078520e7dd5e8c412fa2db461184673cf83f9f99a1e58d0ca74a000'],
];

describe('proof of work', () => {
  it('hashes with SHA-256 over the UTF-8 bytes of nonce + counter', () => {
    expect(hex(powDigest('ab', 'c'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hex(powDigest(NONCE, 75))).toBe(FIRST_SOLUTIONS[2]![2]);
  });

  it('counts zero bits from the end of the digest, low bits of the final bytes first', () => {
    expect(powDigestHasTrailingZeroBits(fromHex('ff00'), 8)).toBe(true);
    expect(powDigestHasTrailingZeroBits(fromHex('ff00'), 9)).toBe(false);
    expect(powDigestHasTrailingZeroBits(fromHex('fe00'), 9)).toBe(true);
    expect(powDigestHasTrailingZeroBits(fromHex('0010'), 4)).toBe(true);
    expect(powDigestHasTrailingZeroBits(fromHex('0010'), 5)).toBe(false);
    // Leading zeros do not count: the rule is about the end of the digest.
    expect(powDigestHasTrailingZeroBits(fromHex('0001'), 1)).toBe(false);
    expect(powDigestHasTrailingZeroBits(fromHex('00'), 9)).toBe(false);
  });

  it.each(FIRST_SOLUTIONS)(
    'finds and accepts the first solution for difficulty %i',
    (difficulty, counter) => {
      expect(solvePow(NONCE, difficulty)).toBe(counter);
      expect(checkPowSolution(NONCE, counter, difficulty)).toBe(true);
      expect(checkPowSolution(NONCE, String(counter), difficulty)).toBe(true);
      expect(checkPowSolution(NONCE, counter - 1, difficulty)).toBe(false);
    },
  );

  it('refuses counters that are not plain decimals and difficulties outside 1-63', () => {
    expect(checkPowSolution(NONCE, '075', 8)).toBe(false);
    expect(checkPowSolution(NONCE, '+75', 8)).toBe(false);
    expect(checkPowSolution(NONCE, '75.0', 8)).toBe(false);
    expect(checkPowSolution(NONCE, 2, 0)).toBe(false);
    expect(checkPowSolution(NONCE, 2, 64)).toBe(false);
    expect(checkPowSolution('', 2, 1)).toBe(false);
    expect([0, 1, 63, 64, 1.5, '8'].map(isValidPowDifficulty)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('splits the search between workers by start and step', () => {
    const found = [0, 1, 2, 3].map((start) => solvePow(NONCE, 8, { start, step: 4, maxTries: 100 }));
    // 75 = 3 + 4 * 18: only the fourth worker's share holds the first solution.
    expect(found[3]).toBe(75);
    expect(solvePow(NONCE, 12, { maxTries: 100 })).toBeUndefined();
  });

  it('reads nonce, difficulty and expiry from a token without its signature', () => {
    const payload = btoa(JSON.stringify({ nonce: NONCE, difficulty: 4, exp: 1_900_000_000 }))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    expect(readPowToken(`e30.${payload}.sig`)).toEqual({ nonce: NONCE, difficulty: 4, exp: 1_900_000_000 });
    expect(readPowToken('garbage')).toBeUndefined();
    expect(readPowToken('e30.e30.x')).toBeUndefined();
  });
});
