// Writes the unrolled rounds of pow-search.ts's lastWordRounds between its "generated rounds" marker
// comments: `node web/src/features/pow/generate-pow-rounds.mjs && npx prettier --write
// web/src/features/pow/pow-search.ts`. Written out by hand, 61 rounds would be easy to get subtly
// wrong; the tests compare every try's digest with a reference SHA-256.
import { readFileSync, writeFileSync } from 'node:fs';

const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
];
// Signed, so every operand of a round's sum is a 32-bit integer.
const hex = (k) => ((k | 0) < 0 ? `-0x${(-(k | 0)).toString(16)}` : `0x${k.toString(16)}`);
const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
// The final h is the working e after this round; the working a is last needed four rounds before.
const LAST = 60;

function round(i) {
  const lines = [];
  const wi = `w${i % 16}`;
  if (i >= 16) {
    const x = `w${(i - 15) % 16}`;
    const y = `w${(i - 2) % 16}`;
    const s0 = `(((${x} >>> 7) | (${x} << 25)) ^ ((${x} >>> 18) | (${x} << 14)) ^ (${x} >>> 3))`;
    const s1 = `(((${y} >>> 17) | (${y} << 15)) ^ ((${y} >>> 19) | (${y} << 13)) ^ (${y} >>> 10))`;
    lines.push(`${wi} = (${wi} + ${s0} + w${(i - 7) % 16} + ${s1}) | 0;`);
  }
  // Round i keeps role j (a = 0 … h = 7) in name (j - i) mod 8: no values move between rounds.
  const [a, b, c, d, e, f, g, h] = [0, 1, 2, 3, 4, 5, 6, 7].map((j) => names[(j - (i % 8) + 8) % 8]);
  const S1 = `(((${e} >>> 6) | (${e} << 26)) ^ ((${e} >>> 11) | (${e} << 21)) ^ ((${e} >>> 25) | (${e} << 7)))`;
  const t1 = `(${h} + ${S1} + (${g} ^ (${e} & (${f} ^ ${g}))) + ${hex(K[i])} + ${wi})`;
  if (i <= LAST - 4) {
    const S0 = `(((${a} >>> 2) | (${a} << 30)) ^ ((${a} >>> 13) | (${a} << 19)) ^ ((${a} >>> 22) | (${a} << 10)))`;
    lines.push(`t = ${t1} | 0;`, `${d} = (${d} + t) | 0;`);
    lines.push(`${h} = (t + ${S0} + ((${a} & ${b}) | (${c} & (${a} | ${b})))) | 0;`);
  } else {
    lines.push(`${d} = (${d} + ${t1}) | 0;`);
  }
  return lines;
}

const out = [];
for (let i = 0; i < 16; i++) out.push(`if (from <= ${i}) {`, ...round(i).map((l) => `  ${l}`), '}');
for (let i = 16; i <= LAST; i++) out.push(...round(i));
out.push(`return ${names[(3 - (LAST % 8) + 8) % 8]};`);

const file = new URL('./pow-search.ts', import.meta.url);
const source = readFileSync(file, 'utf8');
const begin = '  // <generated rounds>\n';
const end = '  // </generated rounds>\n';
const from = source.indexOf(begin);
const to = source.indexOf(end);
if (from < 0 || to < from) throw new Error('pow-search.ts has no generated-rounds markers');
const body = out.map((l) => `  ${l}\n`).join('');
writeFileSync(file, source.slice(0, from + begin.length) + body + source.slice(to));
