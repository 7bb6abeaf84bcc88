// Writes web/public/favicon.ico from web/public/favicon.svg: 16, 32 and 48 px PNG images in one ICO
// file, for browsers that ask for /favicon.ico (the server answers it at the root and under /publish/).
// Run after changing the SVG: `node scripts/favicon.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public');
const svg = readFileSync(join(publicDir, 'favicon.svg'));
const sizes = [16, 32, 48];
const images = await Promise.all(
  sizes.map((size) =>
    sharp(svg, { density: 72 * (size / 32) * 4 })
      .resize(size, size)
      .png()
      .toBuffer(),
  ),
);

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the PNG images.
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = 6 + 16 * images.length;
const entries = images.map((png, i) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(sizes[i] % 256, 0);
  entry.writeUInt8(sizes[i] % 256, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += png.length;
  return entry;
});
writeFileSync(join(publicDir, 'favicon.ico'), Buffer.concat([header, ...entries, ...images]));
