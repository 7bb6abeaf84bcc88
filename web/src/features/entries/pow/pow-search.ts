// The solver's inner loop: SHA-256 over `nonce + counter` written for one job. The blocks made only
// of the nonce are compressed once (the midstate), and so are the first rounds of the last block
// while its words come from the nonce alone. Each try changes only the bytes of the digits that
// changed (mostly the last one) in the prepared block words and runs the remaining rounds, unrolled
// with local variables (pow-rounds.generated.ts), only as far as the digest's last word needs. @noble/hashes' clone-per-try
// reaches less than a tenth of this rate, and `crypto.subtle.digest` per try far less. The rule
// itself stays in the contract (checkPowSolution), which the solver applies to every solution it
// reports. The server's 32-character nonces leave room for 23 digits in one block, so each try is
// part of one compression; longer nonces may need two, handled by the plain loop for the first.

import { lastWordRounds } from './pow-rounds.generated';
import { SHA256_H, SHA256_K } from './sha256-constants.mjs';

const K = Int32Array.from(SHA256_K);

/**
 * Runs rounds `from`…`to - 1` of one block over `w` (16 words loaded), extending the message schedule
 * in `w` (64 words) as it goes; `out` receives the working variables a…h. The plain loop, for the
 * work done once per challenge or per digit count, and for checking a candidate in full.
 */
function rounds(state: Int32Array, w: Int32Array, from: number, to: number, out: Int32Array): void {
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = from; i < to; i++) {
    let wi: number;
    if (i < 16) {
      wi = w[i]!;
    } else {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      wi = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
      w[i] = wi;
    }
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + wi) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  out[0] = a;
  out[1] = b;
  out[2] = c;
  out[3] = d;
  out[4] = e;
  out[5] = f;
  out[6] = g;
  out[7] = h;
}

function loadWords(bytes: Uint8Array, offset: number, w: Int32Array): void {
  for (let i = 0; i < 16; i++) {
    const o = offset + i * 4;
    w[i] = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!;
  }
}

function addInto(target: Int32Array, add: Int32Array): void {
  for (let i = 0; i < 8; i++) target[i] = (target[i]! + add[i]!) | 0;
}

/** Searches counters `start`, `start + step`, … for `count` tries; answers the solution or -1. */
export type PowSearch = (start: number, step: number, count: number) => number;

/**
 * Prepares the search of one challenge: hashes the nonce's whole blocks once. The digest's last
 * `difficulty` bits are the low bits of its last word (h7), then of h6: h7 is tested on every try,
 * and a try that passes with a difficulty above 32 is hashed in full to test h6.
 */
export function createPowSearch(nonce: string, difficulty: number): PowSearch {
  return prepareSearch(nonce, difficulty);
}

/** What the search computed for each try, kept by the tests' probe instead of stopping at a hit. */
type PowRecord = { last: Int32Array; full: Int32Array };

/**
 * The digests the search computes for `count` tries from `start`: per try the last word from the
 * fast path and the whole digest (eight big-endian words) from the plain loop. For the tests, which
 * compare both with a reference SHA-256.
 */
export function probePowSearch(nonce: string, start: number, step: number, count: number): PowRecord {
  const record = { last: new Int32Array(count), full: new Int32Array(count * 8) };
  prepareSearch(nonce, 63)(start, step, count, record);
  return record;
}

function prepareSearch(
  nonce: string,
  difficulty: number,
): (start: number, step: number, count: number, record?: PowRecord) => number {
  const prefix = new TextEncoder().encode(nonce);
  const fullBlocks = Math.floor(prefix.length / 64);
  const midstate = Int32Array.from(SHA256_H);
  const schedule = new Int32Array(64);
  const scratch = new Int32Array(8);
  for (let block = 0; block < fullBlocks; block++) {
    loadWords(prefix, block * 64, schedule);
    rounds(midstate, schedule, 0, 64, scratch);
    addInto(midstate, scratch);
  }
  const tail = prefix.subarray(fullBlocks * 64);
  const r = tail.length;
  // Words of the last block(s) made only of nonce bytes: their rounds do not depend on the counter.
  const fixedWords = r >> 2;
  const lowMask = difficulty >= 32 ? -1 : (1 << difficulty) - 1;
  const highMask = difficulty > 32 ? (1 << (difficulty - 32)) - 1 : 0;
  // The message's last one or two blocks as bytes (digits at r…) and as big-endian words.
  const bytes = new Uint8Array(128);
  const words = new Int32Array(32);
  const first = words.subarray(0, 16);
  const second = words.subarray(16, 32);
  // The working variables after the fixed rounds of the first of those blocks.
  const precomputed = new Int32Array(8);
  const secondState = new Int32Array(8);

  let digitCount = 0;
  let blocks = 1;

  /** Lays out the block(s) for the counter's digits; redone when their count changes. */
  const layout = (counter: number) => {
    const text = String(counter);
    digitCount = text.length;
    blocks = r + digitCount + 9 <= 64 ? 1 : 2;
    bytes.fill(0);
    bytes.set(tail);
    for (let i = 0; i < digitCount; i++) bytes[r + i] = text.charCodeAt(i);
    bytes[r + digitCount] = 0x80;
    const bits = (prefix.length + digitCount) * 8;
    const end = blocks * 64;
    bytes[end - 4] = (bits >>> 24) & 0xff;
    bytes[end - 3] = (bits >>> 16) & 0xff;
    bytes[end - 2] = (bits >>> 8) & 0xff;
    bytes[end - 1] = bits & 0xff;
    loadWords(bytes, 0, first);
    loadWords(bytes, 64, second);
    schedule.set(first);
    rounds(midstate, schedule, 0, fixedWords, precomputed);
  };

  /** The full digest of the current counter as eight words, with the plain loop. */
  const fullDigest = (): Int32Array => {
    let state = midstate;
    for (let block = 0; block < blocks; block++) {
      schedule.set(block === 0 ? first : second);
      rounds(state, schedule, 0, 64, scratch);
      const next = Int32Array.from(state);
      addInto(next, scratch);
      state = next;
    }
    return state;
  };

  const fullCheck = (): boolean => {
    const digest = fullDigest();
    return (digest[7]! & lowMask) === 0 && (digest[6]! & highMask) === 0;
  };

  return (start, step, count, record) => {
    layout(start);
    let counter = start;
    // The digits start at byte r, after the fixed words: the rounds computed once stay valid.
    for (let tries = 0; tries < count; tries++) {
      let h7: number;
      if (blocks === 1) {
        h7 = (midstate[7]! + lastWordRounds(precomputed, first, fixedWords)) | 0;
      } else {
        schedule.set(first);
        rounds(precomputed, schedule, fixedWords, 64, secondState);
        addInto(secondState, midstate);
        h7 = (secondState[7]! + lastWordRounds(secondState, second, 0)) | 0;
      }
      if (record) {
        record.last[tries] = h7;
        record.full.set(fullDigest(), tries * 8);
      } else if ((h7 & lowMask) === 0 && (highMask === 0 || fullCheck())) {
        return counter;
      }

      counter += step;
      // Adds `step` to the decimal digits in place, rewriting only the bytes of the digits that
      // change in their words; a new leading digit is rare and lays the block(s) out again.
      let carry = step;
      for (let at = r + digitCount - 1; carry > 0; at--) {
        if (at < r) {
          layout(counter);
          break;
        }
        const sum = bytes[at]! - 48 + carry;
        carry = (sum / 10) | 0;
        const digit = 48 + sum - carry * 10;
        bytes[at] = digit;
        const shift = 24 - ((at & 3) << 3);
        words[at >> 2] = (words[at >> 2]! & ~(0xff << shift)) | (digit << shift);
      }
    }
    return -1;
  };
}
