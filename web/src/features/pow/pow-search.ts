// The solver's inner loop: SHA-256 over `nonce + counter` written for one job. The blocks made only
// of the nonce are compressed once (the midstate), and so are the first rounds of the last block
// while its words come from the nonce alone; each try then writes the counter's digits in place and
// runs the remaining rounds. @noble/hashes' clone-per-try reaches about a fifth of this rate, and
// `crypto.subtle.digest` per try far less. The rule itself stays in the contract (checkPowSolution),
// which the solver applies to every solution it reports.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/**
 * Runs rounds `from`…`to - 1` of one block over `w` (16 words loaded), extending the message schedule
 * as it goes; `out` receives the working variables a…h.
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

/** Rounds 0…count-1 only (their words are all known), for the precomputed start of the last block. */
function firstRounds(state: Int32Array, w: Int32Array, count: number): Int32Array {
  let [a, b, c, d, e, f, g, h] = state as unknown as number[];
  for (let i = 0; i < count; i++) {
    const S1 = ((e! >>> 6) | (e! << 26)) ^ ((e! >>> 11) | (e! << 21)) ^ ((e! >>> 25) | (e! << 7));
    const t1 = (h! + S1 + ((e! & f!) ^ (~e! & g!)) + K[i]! + w[i]!) | 0;
    const S0 = ((a! >>> 2) | (a! << 30)) ^ ((a! >>> 13) | (a! << 19)) ^ ((a! >>> 22) | (a! << 10));
    const t2 = (S0 + ((a! & b!) ^ (a! & c!) ^ (b! & c!))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d! + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  return Int32Array.from([a!, b!, c!, d!, e!, f!, g!, h!]);
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
 * `difficulty` bits are the low bits of its last words (h7, then h6), tested without building bytes.
 */
export function createPowSearch(nonce: string, difficulty: number): PowSearch {
  const prefix = new TextEncoder().encode(nonce);
  const fullBlocks = Math.floor(prefix.length / 64);
  const midstate = Int32Array.from(IV);
  const w = new Int32Array(64);
  const w2 = new Int32Array(64);
  const scratch = new Int32Array(8);
  for (let block = 0; block < fullBlocks; block++) {
    loadWords(prefix, block * 64, w);
    rounds(midstate, w, 0, 64, scratch);
    addInto(midstate, scratch);
  }
  const tail = prefix.subarray(fullBlocks * 64);
  const r = tail.length;
  // Words of the last blocks made only of nonce bytes; their rounds do not depend on the counter.
  const fixedWords = r >> 2;
  // The digest's last words are fixed before the last rounds: after round 60 the final h (h7) is
  // already the working e, after round 61 the final g (h6); a search needing only h7 stops there.
  const lastRound = difficulty > 32 ? 62 : 61;
  const lowMask = difficulty >= 32 ? -1 : (1 << difficulty) - 1;
  const highMask = difficulty > 32 ? (difficulty >= 64 ? -1 : (1 << (difficulty - 32)) - 1) : 0;
  const buffer = new Uint8Array(128);
  const digits = new Uint8Array(24);
  const state = new Int32Array(8);
  const second = new Int32Array(8);

  let precomputed: Int32Array | null = null;
  let layoutDigits = -1;
  let blocks = 1;

  const layout = (digitCount: number) => {
    layoutDigits = digitCount;
    const used = r + digitCount + 9;
    blocks = used <= 64 ? 1 : 2;
    buffer.fill(0);
    buffer.set(tail);
    const bits = (prefix.length + digitCount) * 8;
    const end = blocks * 64;
    buffer[end - 4] = (bits >>> 24) & 0xff;
    buffer[end - 3] = (bits >>> 16) & 0xff;
    buffer[end - 2] = (bits >>> 8) & 0xff;
    buffer[end - 1] = bits & 0xff;
    buffer[r + digitCount] = 0x80;
    loadWords(buffer, 0, w);
    precomputed = firstRounds(midstate, w, fixedWords);
  };

  return (start, step, count) => {
    let text = String(start);
    let length = text.length;
    for (let i = 0; i < length; i++) digits[i] = text.charCodeAt(i);
    let counter = start;
    for (let tries = 0; tries < count; tries++) {
      if (length !== layoutDigits) layout(length);
      for (let i = 0; i < length; i++) buffer[r + i] = digits[i]!;
      buffer[r + length] = 0x80;
      for (let i = fixedWords; i < 16; i++) {
        const o = i * 4;
        w[i] = (buffer[o]! << 24) | (buffer[o + 1]! << 16) | (buffer[o + 2]! << 8) | buffer[o + 3]!;
      }
      let last = midstate;
      if (blocks === 2) {
        rounds(precomputed!, w, fixedWords, 64, state);
        for (let i = 0; i < 8; i++) second[i] = (midstate[i]! + state[i]!) | 0;
        loadWords(buffer, 64, w2);
        rounds(second, w2, 0, lastRound, state);
        last = second;
      } else {
        rounds(precomputed!, w, fixedWords, lastRound, state);
      }
      // After `lastRound` rounds, the final h and g still sit in e (and f) of the working variables.
      const h7 = (last[7]! + (lastRound === 61 ? state[4]! : state[5]!)) | 0;
      const h6 = (last[6]! + state[4]!) | 0;
      if ((h7 & lowMask) === 0 && (h6 & highMask) === 0) return counter;

      counter += step;
      // Adds `step` to the decimal digits in place; a new leading digit is rare and redone in full.
      let carry = step;
      for (let i = length - 1; carry > 0 && i >= 0; i--) {
        const sum = digits[i]! - 48 + carry;
        digits[i] = 48 + (sum % 10);
        carry = Math.floor(sum / 10);
      }
      if (carry > 0) {
        text = String(counter);
        length = text.length;
        for (let i = 0; i < length; i++) digits[i] = text.charCodeAt(i);
      }
    }
    return -1;
  };
}
