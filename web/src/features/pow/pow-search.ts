// The solver's inner loop: SHA-256 over `nonce + counter` written for one job. The blocks made only
// of the nonce are compressed once (the midstate), and so are the first rounds of the last block
// while its words come from the nonce alone. Each try changes only the bytes of the digits that
// changed (mostly the last one) in the prepared block words and runs the remaining rounds, unrolled
// with local variables, only as far as the digest's last word needs. @noble/hashes' clone-per-try
// reaches less than a tenth of this rate, and `crypto.subtle.digest` per try far less. The rule
// itself stays in the contract (checkPowSolution), which the solver applies to every solution it
// reports. The server's 32-character nonces leave room for 23 digits in one block, so each try is
// part of one compression; longer nonces may need two, handled by the plain loop for the first.

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

/**
 * The hot path of every try: rounds `from`…60 of the last block from the working variables in
 * `state`, over the 16 words of `block`; answers the working e after round 60, which the last three
 * rounds only shift into place as the final h. The rounds are written out (by a small generator:
 * names rotate instead of values moving, constants inline, the schedule in locals); a round before
 * 16 runs only from `from` on, the rounds before it being done once per layout. The working a is
 * no longer needed after round 56, so rounds 57–60 compute e alone.
 */
function lastWordRounds(state: Int32Array, block: Int32Array, from: number): number {
  // Round i finds the working variable of role j in name (j - i) mod 8 of a…h: load them so.
  const r = from & 7;
  let a = state[r]!;
  let b = state[(r + 1) & 7]!;
  let c = state[(r + 2) & 7]!;
  let d = state[(r + 3) & 7]!;
  let e = state[(r + 4) & 7]!;
  let f = state[(r + 5) & 7]!;
  let g = state[(r + 6) & 7]!;
  let h = state[(r + 7) & 7]!;
  let w0 = block[0]!;
  let w1 = block[1]!;
  let w2 = block[2]!;
  let w3 = block[3]!;
  let w4 = block[4]!;
  let w5 = block[5]!;
  let w6 = block[6]!;
  let w7 = block[7]!;
  let w8 = block[8]!;
  let w9 = block[9]!;
  let w10 = block[10]!;
  let w11 = block[11]!;
  let w12 = block[12]!;
  let w13 = block[13]!;
  let w14 = block[14]!;
  let w15 = block[15]!;
  let t: number;
  // <generated rounds>
  if (from <= 0) {
    t =
      (h +
        (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
        (g ^ (e & (f ^ g))) +
        0x428a2f98 +
        w0) |
      0;
    d = (d + t) | 0;
    h =
      (t +
        (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
        ((a & b) | (c & (a | b)))) |
      0;
  }
  if (from <= 1) {
    t =
      (g +
        (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
        (f ^ (d & (e ^ f))) +
        0x71374491 +
        w1) |
      0;
    c = (c + t) | 0;
    g =
      (t +
        (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) +
        ((h & a) | (b & (h | a)))) |
      0;
  }
  if (from <= 2) {
    t =
      (f +
        (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
        (e ^ (c & (d ^ e))) +
        -0x4a3f0431 +
        w2) |
      0;
    b = (b + t) | 0;
    f =
      (t +
        (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) +
        ((g & h) | (a & (g | h)))) |
      0;
  }
  if (from <= 3) {
    t =
      (e +
        (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
        (d ^ (b & (c ^ d))) +
        -0x164a245b +
        w3) |
      0;
    a = (a + t) | 0;
    e =
      (t +
        (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) +
        ((f & g) | (h & (f | g)))) |
      0;
  }
  if (from <= 4) {
    t =
      (d +
        (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
        (c ^ (a & (b ^ c))) +
        0x3956c25b +
        w4) |
      0;
    h = (h + t) | 0;
    d =
      (t +
        (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) +
        ((e & f) | (g & (e | f)))) |
      0;
  }
  if (from <= 5) {
    t =
      (c +
        (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) +
        (b ^ (h & (a ^ b))) +
        0x59f111f1 +
        w5) |
      0;
    g = (g + t) | 0;
    c =
      (t +
        (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) +
        ((d & e) | (f & (d | e)))) |
      0;
  }
  if (from <= 6) {
    t =
      (b +
        (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) +
        (a ^ (g & (h ^ a))) +
        -0x6dc07d5c +
        w6) |
      0;
    f = (f + t) | 0;
    b =
      (t +
        (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) +
        ((c & d) | (e & (c | d)))) |
      0;
  }
  if (from <= 7) {
    t =
      (a +
        (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) +
        (h ^ (f & (g ^ h))) +
        -0x54e3a12b +
        w7) |
      0;
    e = (e + t) | 0;
    a =
      (t +
        (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) +
        ((b & c) | (d & (b | c)))) |
      0;
  }
  if (from <= 8) {
    t =
      (h +
        (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
        (g ^ (e & (f ^ g))) +
        -0x27f85568 +
        w8) |
      0;
    d = (d + t) | 0;
    h =
      (t +
        (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
        ((a & b) | (c & (a | b)))) |
      0;
  }
  if (from <= 9) {
    t =
      (g +
        (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
        (f ^ (d & (e ^ f))) +
        0x12835b01 +
        w9) |
      0;
    c = (c + t) | 0;
    g =
      (t +
        (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) +
        ((h & a) | (b & (h | a)))) |
      0;
  }
  if (from <= 10) {
    t =
      (f +
        (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
        (e ^ (c & (d ^ e))) +
        0x243185be +
        w10) |
      0;
    b = (b + t) | 0;
    f =
      (t +
        (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) +
        ((g & h) | (a & (g | h)))) |
      0;
  }
  if (from <= 11) {
    t =
      (e +
        (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
        (d ^ (b & (c ^ d))) +
        0x550c7dc3 +
        w11) |
      0;
    a = (a + t) | 0;
    e =
      (t +
        (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) +
        ((f & g) | (h & (f | g)))) |
      0;
  }
  if (from <= 12) {
    t =
      (d +
        (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
        (c ^ (a & (b ^ c))) +
        0x72be5d74 +
        w12) |
      0;
    h = (h + t) | 0;
    d =
      (t +
        (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) +
        ((e & f) | (g & (e | f)))) |
      0;
  }
  if (from <= 13) {
    t =
      (c +
        (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) +
        (b ^ (h & (a ^ b))) +
        -0x7f214e02 +
        w13) |
      0;
    g = (g + t) | 0;
    c =
      (t +
        (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) +
        ((d & e) | (f & (d | e)))) |
      0;
  }
  if (from <= 14) {
    t =
      (b +
        (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) +
        (a ^ (g & (h ^ a))) +
        -0x6423f959 +
        w14) |
      0;
    f = (f + t) | 0;
    b =
      (t +
        (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) +
        ((c & d) | (e & (c | d)))) |
      0;
  }
  if (from <= 15) {
    t =
      (a +
        (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) +
        (h ^ (f & (g ^ h))) +
        -0x3e640e8c +
        w15) |
      0;
    e = (e + t) | 0;
    a =
      (t +
        (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) +
        ((b & c) | (d & (b | c)))) |
      0;
  }
  w0 =
    (w0 +
      (((w1 >>> 7) | (w1 << 25)) ^ ((w1 >>> 18) | (w1 << 14)) ^ (w1 >>> 3)) +
      w9 +
      (((w14 >>> 17) | (w14 << 15)) ^ ((w14 >>> 19) | (w14 << 13)) ^ (w14 >>> 10))) |
    0;
  t =
    (h +
      (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
      (g ^ (e & (f ^ g))) +
      -0x1b64963f +
      w0) |
    0;
  d = (d + t) | 0;
  h =
    (t +
      (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
      ((a & b) | (c & (a | b)))) |
    0;
  w1 =
    (w1 +
      (((w2 >>> 7) | (w2 << 25)) ^ ((w2 >>> 18) | (w2 << 14)) ^ (w2 >>> 3)) +
      w10 +
      (((w15 >>> 17) | (w15 << 15)) ^ ((w15 >>> 19) | (w15 << 13)) ^ (w15 >>> 10))) |
    0;
  t =
    (g +
      (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
      (f ^ (d & (e ^ f))) +
      -0x1041b87a +
      w1) |
    0;
  c = (c + t) | 0;
  g =
    (t +
      (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) +
      ((h & a) | (b & (h | a)))) |
    0;
  w2 =
    (w2 +
      (((w3 >>> 7) | (w3 << 25)) ^ ((w3 >>> 18) | (w3 << 14)) ^ (w3 >>> 3)) +
      w11 +
      (((w0 >>> 17) | (w0 << 15)) ^ ((w0 >>> 19) | (w0 << 13)) ^ (w0 >>> 10))) |
    0;
  t =
    (f +
      (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
      (e ^ (c & (d ^ e))) +
      0xfc19dc6 +
      w2) |
    0;
  b = (b + t) | 0;
  f =
    (t +
      (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) +
      ((g & h) | (a & (g | h)))) |
    0;
  w3 =
    (w3 +
      (((w4 >>> 7) | (w4 << 25)) ^ ((w4 >>> 18) | (w4 << 14)) ^ (w4 >>> 3)) +
      w12 +
      (((w1 >>> 17) | (w1 << 15)) ^ ((w1 >>> 19) | (w1 << 13)) ^ (w1 >>> 10))) |
    0;
  t =
    (e +
      (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
      (d ^ (b & (c ^ d))) +
      0x240ca1cc +
      w3) |
    0;
  a = (a + t) | 0;
  e =
    (t +
      (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) +
      ((f & g) | (h & (f | g)))) |
    0;
  w4 =
    (w4 +
      (((w5 >>> 7) | (w5 << 25)) ^ ((w5 >>> 18) | (w5 << 14)) ^ (w5 >>> 3)) +
      w13 +
      (((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10))) |
    0;
  t =
    (d +
      (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
      (c ^ (a & (b ^ c))) +
      0x2de92c6f +
      w4) |
    0;
  h = (h + t) | 0;
  d =
    (t +
      (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) +
      ((e & f) | (g & (e | f)))) |
    0;
  w5 =
    (w5 +
      (((w6 >>> 7) | (w6 << 25)) ^ ((w6 >>> 18) | (w6 << 14)) ^ (w6 >>> 3)) +
      w14 +
      (((w3 >>> 17) | (w3 << 15)) ^ ((w3 >>> 19) | (w3 << 13)) ^ (w3 >>> 10))) |
    0;
  t =
    (c +
      (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) +
      (b ^ (h & (a ^ b))) +
      0x4a7484aa +
      w5) |
    0;
  g = (g + t) | 0;
  c =
    (t +
      (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) +
      ((d & e) | (f & (d | e)))) |
    0;
  w6 =
    (w6 +
      (((w7 >>> 7) | (w7 << 25)) ^ ((w7 >>> 18) | (w7 << 14)) ^ (w7 >>> 3)) +
      w15 +
      (((w4 >>> 17) | (w4 << 15)) ^ ((w4 >>> 19) | (w4 << 13)) ^ (w4 >>> 10))) |
    0;
  t =
    (b +
      (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) +
      (a ^ (g & (h ^ a))) +
      0x5cb0a9dc +
      w6) |
    0;
  f = (f + t) | 0;
  b =
    (t +
      (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) +
      ((c & d) | (e & (c | d)))) |
    0;
  w7 =
    (w7 +
      (((w8 >>> 7) | (w8 << 25)) ^ ((w8 >>> 18) | (w8 << 14)) ^ (w8 >>> 3)) +
      w0 +
      (((w5 >>> 17) | (w5 << 15)) ^ ((w5 >>> 19) | (w5 << 13)) ^ (w5 >>> 10))) |
    0;
  t =
    (a +
      (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) +
      (h ^ (f & (g ^ h))) +
      0x76f988da +
      w7) |
    0;
  e = (e + t) | 0;
  a =
    (t +
      (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) +
      ((b & c) | (d & (b | c)))) |
    0;
  w8 =
    (w8 +
      (((w9 >>> 7) | (w9 << 25)) ^ ((w9 >>> 18) | (w9 << 14)) ^ (w9 >>> 3)) +
      w1 +
      (((w6 >>> 17) | (w6 << 15)) ^ ((w6 >>> 19) | (w6 << 13)) ^ (w6 >>> 10))) |
    0;
  t =
    (h +
      (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
      (g ^ (e & (f ^ g))) +
      -0x67c1aeae +
      w8) |
    0;
  d = (d + t) | 0;
  h =
    (t +
      (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
      ((a & b) | (c & (a | b)))) |
    0;
  w9 =
    (w9 +
      (((w10 >>> 7) | (w10 << 25)) ^ ((w10 >>> 18) | (w10 << 14)) ^ (w10 >>> 3)) +
      w2 +
      (((w7 >>> 17) | (w7 << 15)) ^ ((w7 >>> 19) | (w7 << 13)) ^ (w7 >>> 10))) |
    0;
  t =
    (g +
      (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
      (f ^ (d & (e ^ f))) +
      -0x57ce3993 +
      w9) |
    0;
  c = (c + t) | 0;
  g =
    (t +
      (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) +
      ((h & a) | (b & (h | a)))) |
    0;
  w10 =
    (w10 +
      (((w11 >>> 7) | (w11 << 25)) ^ ((w11 >>> 18) | (w11 << 14)) ^ (w11 >>> 3)) +
      w3 +
      (((w8 >>> 17) | (w8 << 15)) ^ ((w8 >>> 19) | (w8 << 13)) ^ (w8 >>> 10))) |
    0;
  t =
    (f +
      (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
      (e ^ (c & (d ^ e))) +
      -0x4ffcd838 +
      w10) |
    0;
  b = (b + t) | 0;
  f =
    (t +
      (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) +
      ((g & h) | (a & (g | h)))) |
    0;
  w11 =
    (w11 +
      (((w12 >>> 7) | (w12 << 25)) ^ ((w12 >>> 18) | (w12 << 14)) ^ (w12 >>> 3)) +
      w4 +
      (((w9 >>> 17) | (w9 << 15)) ^ ((w9 >>> 19) | (w9 << 13)) ^ (w9 >>> 10))) |
    0;
  t =
    (e +
      (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
      (d ^ (b & (c ^ d))) +
      -0x40a68039 +
      w11) |
    0;
  a = (a + t) | 0;
  e =
    (t +
      (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) +
      ((f & g) | (h & (f | g)))) |
    0;
  w12 =
    (w12 +
      (((w13 >>> 7) | (w13 << 25)) ^ ((w13 >>> 18) | (w13 << 14)) ^ (w13 >>> 3)) +
      w5 +
      (((w10 >>> 17) | (w10 << 15)) ^ ((w10 >>> 19) | (w10 << 13)) ^ (w10 >>> 10))) |
    0;
  t =
    (d +
      (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
      (c ^ (a & (b ^ c))) +
      -0x391ff40d +
      w12) |
    0;
  h = (h + t) | 0;
  d =
    (t +
      (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) +
      ((e & f) | (g & (e | f)))) |
    0;
  w13 =
    (w13 +
      (((w14 >>> 7) | (w14 << 25)) ^ ((w14 >>> 18) | (w14 << 14)) ^ (w14 >>> 3)) +
      w6 +
      (((w11 >>> 17) | (w11 << 15)) ^ ((w11 >>> 19) | (w11 << 13)) ^ (w11 >>> 10))) |
    0;
  t =
    (c +
      (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) +
      (b ^ (h & (a ^ b))) +
      -0x2a586eb9 +
      w13) |
    0;
  g = (g + t) | 0;
  c =
    (t +
      (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) +
      ((d & e) | (f & (d | e)))) |
    0;
  w14 =
    (w14 +
      (((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)) +
      w7 +
      (((w12 >>> 17) | (w12 << 15)) ^ ((w12 >>> 19) | (w12 << 13)) ^ (w12 >>> 10))) |
    0;
  t =
    (b +
      (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) +
      (a ^ (g & (h ^ a))) +
      0x6ca6351 +
      w14) |
    0;
  f = (f + t) | 0;
  b =
    (t +
      (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) +
      ((c & d) | (e & (c | d)))) |
    0;
  w15 =
    (w15 +
      (((w0 >>> 7) | (w0 << 25)) ^ ((w0 >>> 18) | (w0 << 14)) ^ (w0 >>> 3)) +
      w8 +
      (((w13 >>> 17) | (w13 << 15)) ^ ((w13 >>> 19) | (w13 << 13)) ^ (w13 >>> 10))) |
    0;
  t =
    (a +
      (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) +
      (h ^ (f & (g ^ h))) +
      0x14292967 +
      w15) |
    0;
  e = (e + t) | 0;
  a =
    (t +
      (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) +
      ((b & c) | (d & (b | c)))) |
    0;
  w0 =
    (w0 +
      (((w1 >>> 7) | (w1 << 25)) ^ ((w1 >>> 18) | (w1 << 14)) ^ (w1 >>> 3)) +
      w9 +
      (((w14 >>> 17) | (w14 << 15)) ^ ((w14 >>> 19) | (w14 << 13)) ^ (w14 >>> 10))) |
    0;
  t =
    (h +
      (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
      (g ^ (e & (f ^ g))) +
      0x27b70a85 +
      w0) |
    0;
  d = (d + t) | 0;
  h =
    (t +
      (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
      ((a & b) | (c & (a | b)))) |
    0;
  w1 =
    (w1 +
      (((w2 >>> 7) | (w2 << 25)) ^ ((w2 >>> 18) | (w2 << 14)) ^ (w2 >>> 3)) +
      w10 +
      (((w15 >>> 17) | (w15 << 15)) ^ ((w15 >>> 19) | (w15 << 13)) ^ (w15 >>> 10))) |
    0;
  t =
    (g +
      (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
      (f ^ (d & (e ^ f))) +
      0x2e1b2138 +
      w1) |
    0;
  c = (c + t) | 0;
  g =
    (t +
      (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) +
      ((h & a) | (b & (h | a)))) |
    0;
  w2 =
    (w2 +
      (((w3 >>> 7) | (w3 << 25)) ^ ((w3 >>> 18) | (w3 << 14)) ^ (w3 >>> 3)) +
      w11 +
      (((w0 >>> 17) | (w0 << 15)) ^ ((w0 >>> 19) | (w0 << 13)) ^ (w0 >>> 10))) |
    0;
  t =
    (f +
      (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
      (e ^ (c & (d ^ e))) +
      0x4d2c6dfc +
      w2) |
    0;
  b = (b + t) | 0;
  f =
    (t +
      (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) +
      ((g & h) | (a & (g | h)))) |
    0;
  w3 =
    (w3 +
      (((w4 >>> 7) | (w4 << 25)) ^ ((w4 >>> 18) | (w4 << 14)) ^ (w4 >>> 3)) +
      w12 +
      (((w1 >>> 17) | (w1 << 15)) ^ ((w1 >>> 19) | (w1 << 13)) ^ (w1 >>> 10))) |
    0;
  t =
    (e +
      (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
      (d ^ (b & (c ^ d))) +
      0x53380d13 +
      w3) |
    0;
  a = (a + t) | 0;
  e =
    (t +
      (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) +
      ((f & g) | (h & (f | g)))) |
    0;
  w4 =
    (w4 +
      (((w5 >>> 7) | (w5 << 25)) ^ ((w5 >>> 18) | (w5 << 14)) ^ (w5 >>> 3)) +
      w13 +
      (((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10))) |
    0;
  t =
    (d +
      (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
      (c ^ (a & (b ^ c))) +
      0x650a7354 +
      w4) |
    0;
  h = (h + t) | 0;
  d =
    (t +
      (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) +
      ((e & f) | (g & (e | f)))) |
    0;
  w5 =
    (w5 +
      (((w6 >>> 7) | (w6 << 25)) ^ ((w6 >>> 18) | (w6 << 14)) ^ (w6 >>> 3)) +
      w14 +
      (((w3 >>> 17) | (w3 << 15)) ^ ((w3 >>> 19) | (w3 << 13)) ^ (w3 >>> 10))) |
    0;
  t =
    (c +
      (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) +
      (b ^ (h & (a ^ b))) +
      0x766a0abb +
      w5) |
    0;
  g = (g + t) | 0;
  c =
    (t +
      (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) +
      ((d & e) | (f & (d | e)))) |
    0;
  w6 =
    (w6 +
      (((w7 >>> 7) | (w7 << 25)) ^ ((w7 >>> 18) | (w7 << 14)) ^ (w7 >>> 3)) +
      w15 +
      (((w4 >>> 17) | (w4 << 15)) ^ ((w4 >>> 19) | (w4 << 13)) ^ (w4 >>> 10))) |
    0;
  t =
    (b +
      (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) +
      (a ^ (g & (h ^ a))) +
      -0x7e3d36d2 +
      w6) |
    0;
  f = (f + t) | 0;
  b =
    (t +
      (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) +
      ((c & d) | (e & (c | d)))) |
    0;
  w7 =
    (w7 +
      (((w8 >>> 7) | (w8 << 25)) ^ ((w8 >>> 18) | (w8 << 14)) ^ (w8 >>> 3)) +
      w0 +
      (((w5 >>> 17) | (w5 << 15)) ^ ((w5 >>> 19) | (w5 << 13)) ^ (w5 >>> 10))) |
    0;
  t =
    (a +
      (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) +
      (h ^ (f & (g ^ h))) +
      -0x6d8dd37b +
      w7) |
    0;
  e = (e + t) | 0;
  a =
    (t +
      (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) +
      ((b & c) | (d & (b | c)))) |
    0;
  w8 =
    (w8 +
      (((w9 >>> 7) | (w9 << 25)) ^ ((w9 >>> 18) | (w9 << 14)) ^ (w9 >>> 3)) +
      w1 +
      (((w6 >>> 17) | (w6 << 15)) ^ ((w6 >>> 19) | (w6 << 13)) ^ (w6 >>> 10))) |
    0;
  t =
    (h +
      (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
      (g ^ (e & (f ^ g))) +
      -0x5d40175f +
      w8) |
    0;
  d = (d + t) | 0;
  h =
    (t +
      (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
      ((a & b) | (c & (a | b)))) |
    0;
  w9 =
    (w9 +
      (((w10 >>> 7) | (w10 << 25)) ^ ((w10 >>> 18) | (w10 << 14)) ^ (w10 >>> 3)) +
      w2 +
      (((w7 >>> 17) | (w7 << 15)) ^ ((w7 >>> 19) | (w7 << 13)) ^ (w7 >>> 10))) |
    0;
  t =
    (g +
      (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
      (f ^ (d & (e ^ f))) +
      -0x57e599b5 +
      w9) |
    0;
  c = (c + t) | 0;
  g =
    (t +
      (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) +
      ((h & a) | (b & (h | a)))) |
    0;
  w10 =
    (w10 +
      (((w11 >>> 7) | (w11 << 25)) ^ ((w11 >>> 18) | (w11 << 14)) ^ (w11 >>> 3)) +
      w3 +
      (((w8 >>> 17) | (w8 << 15)) ^ ((w8 >>> 19) | (w8 << 13)) ^ (w8 >>> 10))) |
    0;
  t =
    (f +
      (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
      (e ^ (c & (d ^ e))) +
      -0x3db47490 +
      w10) |
    0;
  b = (b + t) | 0;
  f =
    (t +
      (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) +
      ((g & h) | (a & (g | h)))) |
    0;
  w11 =
    (w11 +
      (((w12 >>> 7) | (w12 << 25)) ^ ((w12 >>> 18) | (w12 << 14)) ^ (w12 >>> 3)) +
      w4 +
      (((w9 >>> 17) | (w9 << 15)) ^ ((w9 >>> 19) | (w9 << 13)) ^ (w9 >>> 10))) |
    0;
  t =
    (e +
      (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
      (d ^ (b & (c ^ d))) +
      -0x3893ae5d +
      w11) |
    0;
  a = (a + t) | 0;
  e =
    (t +
      (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) +
      ((f & g) | (h & (f | g)))) |
    0;
  w12 =
    (w12 +
      (((w13 >>> 7) | (w13 << 25)) ^ ((w13 >>> 18) | (w13 << 14)) ^ (w13 >>> 3)) +
      w5 +
      (((w10 >>> 17) | (w10 << 15)) ^ ((w10 >>> 19) | (w10 << 13)) ^ (w10 >>> 10))) |
    0;
  t =
    (d +
      (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
      (c ^ (a & (b ^ c))) +
      -0x2e6d17e7 +
      w12) |
    0;
  h = (h + t) | 0;
  d =
    (t +
      (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) +
      ((e & f) | (g & (e | f)))) |
    0;
  w13 =
    (w13 +
      (((w14 >>> 7) | (w14 << 25)) ^ ((w14 >>> 18) | (w14 << 14)) ^ (w14 >>> 3)) +
      w6 +
      (((w11 >>> 17) | (w11 << 15)) ^ ((w11 >>> 19) | (w11 << 13)) ^ (w11 >>> 10))) |
    0;
  t =
    (c +
      (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) +
      (b ^ (h & (a ^ b))) +
      -0x2966f9dc +
      w13) |
    0;
  g = (g + t) | 0;
  c =
    (t +
      (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) +
      ((d & e) | (f & (d | e)))) |
    0;
  w14 =
    (w14 +
      (((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)) +
      w7 +
      (((w12 >>> 17) | (w12 << 15)) ^ ((w12 >>> 19) | (w12 << 13)) ^ (w12 >>> 10))) |
    0;
  t =
    (b +
      (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) +
      (a ^ (g & (h ^ a))) +
      -0xbf1ca7b +
      w14) |
    0;
  f = (f + t) | 0;
  b =
    (t +
      (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) +
      ((c & d) | (e & (c | d)))) |
    0;
  w15 =
    (w15 +
      (((w0 >>> 7) | (w0 << 25)) ^ ((w0 >>> 18) | (w0 << 14)) ^ (w0 >>> 3)) +
      w8 +
      (((w13 >>> 17) | (w13 << 15)) ^ ((w13 >>> 19) | (w13 << 13)) ^ (w13 >>> 10))) |
    0;
  t =
    (a +
      (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) +
      (h ^ (f & (g ^ h))) +
      0x106aa070 +
      w15) |
    0;
  e = (e + t) | 0;
  a =
    (t +
      (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) +
      ((b & c) | (d & (b | c)))) |
    0;
  w0 =
    (w0 +
      (((w1 >>> 7) | (w1 << 25)) ^ ((w1 >>> 18) | (w1 << 14)) ^ (w1 >>> 3)) +
      w9 +
      (((w14 >>> 17) | (w14 << 15)) ^ ((w14 >>> 19) | (w14 << 13)) ^ (w14 >>> 10))) |
    0;
  t =
    (h +
      (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
      (g ^ (e & (f ^ g))) +
      0x19a4c116 +
      w0) |
    0;
  d = (d + t) | 0;
  h =
    (t +
      (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
      ((a & b) | (c & (a | b)))) |
    0;
  w1 =
    (w1 +
      (((w2 >>> 7) | (w2 << 25)) ^ ((w2 >>> 18) | (w2 << 14)) ^ (w2 >>> 3)) +
      w10 +
      (((w15 >>> 17) | (w15 << 15)) ^ ((w15 >>> 19) | (w15 << 13)) ^ (w15 >>> 10))) |
    0;
  t =
    (g +
      (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
      (f ^ (d & (e ^ f))) +
      0x1e376c08 +
      w1) |
    0;
  c = (c + t) | 0;
  g =
    (t +
      (((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) +
      ((h & a) | (b & (h | a)))) |
    0;
  w2 =
    (w2 +
      (((w3 >>> 7) | (w3 << 25)) ^ ((w3 >>> 18) | (w3 << 14)) ^ (w3 >>> 3)) +
      w11 +
      (((w0 >>> 17) | (w0 << 15)) ^ ((w0 >>> 19) | (w0 << 13)) ^ (w0 >>> 10))) |
    0;
  t =
    (f +
      (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
      (e ^ (c & (d ^ e))) +
      0x2748774c +
      w2) |
    0;
  b = (b + t) | 0;
  f =
    (t +
      (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) +
      ((g & h) | (a & (g | h)))) |
    0;
  w3 =
    (w3 +
      (((w4 >>> 7) | (w4 << 25)) ^ ((w4 >>> 18) | (w4 << 14)) ^ (w4 >>> 3)) +
      w12 +
      (((w1 >>> 17) | (w1 << 15)) ^ ((w1 >>> 19) | (w1 << 13)) ^ (w1 >>> 10))) |
    0;
  t =
    (e +
      (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
      (d ^ (b & (c ^ d))) +
      0x34b0bcb5 +
      w3) |
    0;
  a = (a + t) | 0;
  e =
    (t +
      (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) +
      ((f & g) | (h & (f | g)))) |
    0;
  w4 =
    (w4 +
      (((w5 >>> 7) | (w5 << 25)) ^ ((w5 >>> 18) | (w5 << 14)) ^ (w5 >>> 3)) +
      w13 +
      (((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10))) |
    0;
  t =
    (d +
      (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
      (c ^ (a & (b ^ c))) +
      0x391c0cb3 +
      w4) |
    0;
  h = (h + t) | 0;
  d =
    (t +
      (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) +
      ((e & f) | (g & (e | f)))) |
    0;
  w5 =
    (w5 +
      (((w6 >>> 7) | (w6 << 25)) ^ ((w6 >>> 18) | (w6 << 14)) ^ (w6 >>> 3)) +
      w14 +
      (((w3 >>> 17) | (w3 << 15)) ^ ((w3 >>> 19) | (w3 << 13)) ^ (w3 >>> 10))) |
    0;
  t =
    (c +
      (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) +
      (b ^ (h & (a ^ b))) +
      0x4ed8aa4a +
      w5) |
    0;
  g = (g + t) | 0;
  c =
    (t +
      (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) +
      ((d & e) | (f & (d | e)))) |
    0;
  w6 =
    (w6 +
      (((w7 >>> 7) | (w7 << 25)) ^ ((w7 >>> 18) | (w7 << 14)) ^ (w7 >>> 3)) +
      w15 +
      (((w4 >>> 17) | (w4 << 15)) ^ ((w4 >>> 19) | (w4 << 13)) ^ (w4 >>> 10))) |
    0;
  t =
    (b +
      (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) +
      (a ^ (g & (h ^ a))) +
      0x5b9cca4f +
      w6) |
    0;
  f = (f + t) | 0;
  b =
    (t +
      (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) +
      ((c & d) | (e & (c | d)))) |
    0;
  w7 =
    (w7 +
      (((w8 >>> 7) | (w8 << 25)) ^ ((w8 >>> 18) | (w8 << 14)) ^ (w8 >>> 3)) +
      w0 +
      (((w5 >>> 17) | (w5 << 15)) ^ ((w5 >>> 19) | (w5 << 13)) ^ (w5 >>> 10))) |
    0;
  t =
    (a +
      (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) +
      (h ^ (f & (g ^ h))) +
      0x682e6ff3 +
      w7) |
    0;
  e = (e + t) | 0;
  a =
    (t +
      (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) +
      ((b & c) | (d & (b | c)))) |
    0;
  w8 =
    (w8 +
      (((w9 >>> 7) | (w9 << 25)) ^ ((w9 >>> 18) | (w9 << 14)) ^ (w9 >>> 3)) +
      w1 +
      (((w6 >>> 17) | (w6 << 15)) ^ ((w6 >>> 19) | (w6 << 13)) ^ (w6 >>> 10))) |
    0;
  t =
    (h +
      (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
      (g ^ (e & (f ^ g))) +
      0x748f82ee +
      w8) |
    0;
  d = (d + t) | 0;
  h =
    (t +
      (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
      ((a & b) | (c & (a | b)))) |
    0;
  w9 =
    (w9 +
      (((w10 >>> 7) | (w10 << 25)) ^ ((w10 >>> 18) | (w10 << 14)) ^ (w10 >>> 3)) +
      w2 +
      (((w7 >>> 17) | (w7 << 15)) ^ ((w7 >>> 19) | (w7 << 13)) ^ (w7 >>> 10))) |
    0;
  c =
    (c +
      (g +
        (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
        (f ^ (d & (e ^ f))) +
        0x78a5636f +
        w9)) |
    0;
  w10 =
    (w10 +
      (((w11 >>> 7) | (w11 << 25)) ^ ((w11 >>> 18) | (w11 << 14)) ^ (w11 >>> 3)) +
      w3 +
      (((w8 >>> 17) | (w8 << 15)) ^ ((w8 >>> 19) | (w8 << 13)) ^ (w8 >>> 10))) |
    0;
  b =
    (b +
      (f +
        (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
        (e ^ (c & (d ^ e))) +
        -0x7b3787ec +
        w10)) |
    0;
  w11 =
    (w11 +
      (((w12 >>> 7) | (w12 << 25)) ^ ((w12 >>> 18) | (w12 << 14)) ^ (w12 >>> 3)) +
      w4 +
      (((w9 >>> 17) | (w9 << 15)) ^ ((w9 >>> 19) | (w9 << 13)) ^ (w9 >>> 10))) |
    0;
  a =
    (a +
      (e +
        (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
        (d ^ (b & (c ^ d))) +
        -0x7338fdf8 +
        w11)) |
    0;
  w12 =
    (w12 +
      (((w13 >>> 7) | (w13 << 25)) ^ ((w13 >>> 18) | (w13 << 14)) ^ (w13 >>> 3)) +
      w5 +
      (((w10 >>> 17) | (w10 << 15)) ^ ((w10 >>> 19) | (w10 << 13)) ^ (w10 >>> 10))) |
    0;
  h =
    (h +
      (d +
        (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
        (c ^ (a & (b ^ c))) +
        -0x6f410006 +
        w12)) |
    0;
  return h;
  // </generated rounds>
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
  const midstate = Int32Array.from(IV);
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
