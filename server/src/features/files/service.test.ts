import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_EXTENSIONS } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { TEST_MODERATOR, insertTestEntry } from '../../test/entries.ts';
import { deleteEntryAsModeration } from '../entries/moderation-service.ts';
import { purgeDeletedEntries } from '../entries/service.ts';
import { listEntryEvents } from '../entries/repository.ts';
import * as repo from './repository.ts';
import {
  getFile,
  listEntryFiles,
  openFile,
  removeEntryFiles,
  removeFile,
  renameFile,
  storeUpload,
  type StoredFile,
} from './service.ts';
import type { FileStorage } from './storage/types.ts';
import { fileIdFromUrl, fileUrl } from './urls.ts';
import {
  DRIVERS,
  FIXTURES,
  bmp,
  createTestStorage,
  endlessStream,
  interruptedStream,
  phoneJpeg,
  pixelBombPng,
  readAll,
  sha256,
  startS3Server,
  streamOf,
  twoHalves,
} from '../../test/files.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const MAX = 2_000_000;

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.each(testDatabases())('uploads on $name', (target) => {
  let database: TestDatabaseHandle;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  describe.each(DRIVERS)('%s driver', (driver) => {
    let storage: FileStorage;
    let dir: string | undefined;
    let destroy: () => Promise<void>;
    let entryId: string;
    beforeEach(async () => {
      await sql`delete from file_chunks`.execute(database.db);
      ({ storage, dir, destroy } = await createTestStorage(driver, {
        db: database.db,
        s3Endpoint: s3.endpoint,
      }));
      entryId = (await insertTestEntry(database.db)).data.id;
    });
    afterEach(async () => {
      await destroy();
    });

    const upload = (
      filename: string,
      stream: Readable,
      maxBytes = MAX,
      maxPixels = 40_000_000,
      quota = { maxFiles: 1000, maxBytes: 1e12 },
    ) =>
      storeUpload({
        db: database.db,
        storage,
        entryId,
        filename,
        stream,
        maxBytes,
        maxPixels,
        allowedExtensions: DEFAULT_ALLOWED_EXTENSIONS,
        by: { actor: 'author', userId: null },
        quota,
      });

    async function content(file: StoredFile, variant: 'original' | 'preview' = 'original') {
      const object = await openFile(storage, await getFile(database.db, file.id), variant);
      return { ...object, bytes: await readAll(object.stream) };
    }

    /** No row, no stored byte, no temp file: what every failed upload must leave. */
    async function expectNothingLeft(): Promise<void> {
      expect(await listEntryFiles(database.db, entryId)).toEqual([]);
      expect((await storage.usage()).used_bytes).toBe(0);
      if (dir !== undefined) {
        const names = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
        expect(names.filter((e) => e.isFile()).map((e) => e.name)).toEqual([]);
      }
      const chunks = await database.db
        .selectFrom('file_chunks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(chunks.count)).toBe(0);
    }

    it.each([
      ['Bericht.pdf', FIXTURES.pdf, 'application/pdf'],
      [
        'Brief.docx',
        FIXTURES.docx,
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['Tabelle.xlsx', FIXTURES.xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['Text.odt', FIXTURES.odt, 'application/vnd.oasis.opendocument.text'],
      ['Notiz.txt', FIXTURES.txt, 'text/plain; charset=utf-8'],
      ['Liste.csv', FIXTURES.csv, 'text/csv; charset=utf-8'],
      ['Lies mich.md', FIXTURES.md, 'text/markdown; charset=utf-8'],
    ] as const)(
      'stores %s untouched and reads it back byte for byte',
      async (filename, make, contentType) => {
        const bytes = make();
        const file = await upload(filename, streamOf(bytes));
        expect(file).toMatchObject({
          entry_id: entryId,
          name: filename,
          content_type: contentType,
          size: bytes.length,
          sha256: sha256(bytes),
          is_image: false,
          has_preview: false,
        });
        expect(file.url).toBe(`/api/v1/files/${file.id}/${encodeURIComponent(filename)}`);
        const stored = await content(file);
        expect(stored.contentType).toBe(contentType);
        expect(sha256(stored.bytes)).toBe(sha256(bytes));
      },
    );

    it('records the upload in the entry timeline', async () => {
      await upload('a.txt', streamOf(FIXTURES.txt()));
      const events = (await listEntryEvents(database.db, entryId, { limit: 1000, offset: 0 })).rows;
      expect(events.at(-1)).toMatchObject({ kind: 'file_added', actor: 'author' });
    });

    it.each([
      ['an ELF binary', 'bild.png', FIXTURES.elf],
      ['a Windows executable', 'bild.png', FIXTURES.exe],
      ['a Mach-O binary', 'foto.jpg', FIXTURES.machO],
      ['a shell script', 'bild.png', FIXTURES.script],
      ['an ELF binary', 'bericht.pdf', FIXTURES.elf],
      ['a Windows executable', 'brief.docx', FIXTURES.exe],
      ['a PNG', 'brief.docx', () => Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(100), 'latin1')],
      ['a docx', 'text.odt', FIXTURES.docx],
      ['text with a NUL byte', 'notiz.txt', FIXTURES.textWithNul],
      ['a Windows executable', 'notiz.txt', FIXTURES.exe],
      ['bytes that are not UTF-8', 'notiz.txt', () => Buffer.from([0x48, 0xe4, 0x6c, 0x6c, 0x6f])],
    ])('refuses %s named %s (415) and keeps nothing', async (_what, filename, make) => {
      const error = await rejection(upload(filename, streamOf(make())));
      expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(error.statusCode).toBe(415);
      await expectNothingLeft();
    });

    it('refuses an extension that is not allowed, or none, before reading the stream', async () => {
      for (const filename of ['setup.exe', 'noextension', 'archive.tar.gz']) {
        const endless = endlessStream();
        const error = await rejection(upload(filename, endless.stream));
        expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
        expect(endless.read()).toBeLessThanOrEqual(65536);
        expect(endless.stream.destroyed).toBe(true);
      }
      await expectNothingLeft();
    });

    it('refuses an upload to an entry that does not exist or is deleted (404)', async () => {
      await deleteEntryAsModeration(database.db, entryId, TEST_MODERATOR);
      const error = await rejection(upload('a.txt', streamOf(FIXTURES.txt())));
      expect(error.code).toBe('NOT_FOUND');
      entryId = 'AAAAAAAAAAAAAAAAAAAAAA';
      expect((await rejection(upload('a.txt', streamOf(FIXTURES.txt())))).code).toBe('NOT_FOUND');
    });

    it.each([
      ['a PDF', 'gross.pdf', () => Buffer.concat([FIXTURES.pdf(), randomBytes(MAX)])],
      ['an image', 'gross.png', async () => Buffer.concat([await twoHalves('png'), randomBytes(MAX)])],
    ])('stops %s past the size limit mid-stream (413) and keeps nothing', async (_what, filename, make) => {
      const error = await rejection(upload(filename, streamOf(await make()), 1_000_000));
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      await expectNothingLeft();
    });

    it('stops an endless upload at the limit', async () => {
      const endless = endlessStream();
      const head = FIXTURES.pdf();
      endless.stream.unshift(head);
      const error = await rejection(upload('endlos.pdf', endless.stream, 500_000));
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(endless.read()).toBeLessThan(500_000 + 1024 * 1024);
      await expectNothingLeft();
    });

    it.each([
      ['a text file', 'halb.txt'],
      ['an image', 'halb.png'],
    ])('keeps nothing when %s upload is cut half-way', async (_what, filename) => {
      const first = filename.endsWith('.png') ? await twoHalves('png', 800, 600) : Buffer.alloc(0);
      const cut = interruptedStream(600_000);
      if (first.length > 0) cut.unshift(first);
      else cut.unshift(Buffer.from('text '.repeat(20_000)));
      const error = await rejection(upload(filename, cut));
      expect(error.code).toBe('BAD_REQUEST');
      await expectNothingLeft();
    });

    it('keeps nothing when the upload stream is destroyed without an error', async () => {
      const cut = interruptedStream(400_000, false);
      cut.unshift(FIXTURES.pdf());
      expect((await rejection(upload('halb.pdf', cut))).code).toBe('BAD_REQUEST');
      await expectNothingLeft();
    });

    it('strips EXIF and GPS from a JPEG, turns it upright and makes a preview', async () => {
      const original = await phoneJpeg();
      const before = await sharp(original).metadata();
      expect(before.orientation).toBe(6);
      expect(before.exif).toBeDefined();

      const file = await upload('IMG_0001.JPG', streamOf(original));
      expect(file).toMatchObject({
        name: 'IMG_0001.jpg',
        extension: 'jpg',
        content_type: 'image/jpeg',
        is_image: true,
      });
      expect(file.has_preview).toBe(true);

      const stored = await content(file);
      expect(sha256(stored.bytes)).toBe(file.sha256);
      expect(stored.bytes.length).toBe(file.size);
      expect(stored.bytes.includes(Buffer.from('Secret Phone'))).toBe(false);
      const after = await sharp(stored.bytes).metadata();
      expect(after.format).toBe('jpeg');
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      // Stored 64 × 32 with the left half red; shown a quarter turn clockwise: 32 × 64, red on top.
      expect([after.width, after.height]).toEqual([32, 64]);
      const { data, info } = await sharp(stored.bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      ];
      const [topR, , topB] = pixel(16, 8);
      const [bottomR, , bottomB] = pixel(16, 56);
      expect(topR).toBeGreaterThan(200);
      expect(topB).toBeLessThan(60);
      expect(bottomB).toBeGreaterThan(200);
      expect(bottomR).toBeLessThan(60);

      const preview = await content(file, 'preview');
      expect(preview.contentType).toBe('image/webp');
      const previewMeta = await sharp(preview.bytes).metadata();
      expect(previewMeta).toMatchObject({ format: 'webp', width: 32, height: 64 });
      expect(previewMeta.exif).toBeUndefined();
    });

    it('makes a preview at most 1600 px wide', async () => {
      const file = await upload('breit.png', streamOf(await twoHalves('png', 2400, 300)));
      const stored = await sharp((await content(file)).bytes).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(['png', 2400, 300]);
      const preview = await sharp((await content(file, 'preview')).bytes).metadata();
      expect([preview.format, preview.width, preview.height]).toEqual(['webp', 1600, 200]);
    });

    it.each(['gif', 'webp', 'tiff'] as const)('re-encodes a %s in its own format', async (format) => {
      const original = await sharp(await twoHalves(format))
        .withExif({ IFD0: { Artist: 'Anna Beispiel' } })
        .toFormat(format)
        .toBuffer();
      const ext = format === 'tiff' ? 'tiff' : format;
      const file = await upload(`bild.${ext}`, streamOf(original));
      expect(file.is_image).toBe(true);
      const stored = await content(file);
      const meta = await sharp(stored.bytes).metadata();
      expect(meta.format).toBe(format);
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([64, 32]);
      expect((await sharp((await content(file, 'preview')).bytes).metadata()).format).toBe('webp');
    });

    it('keeps every frame of an animated GIF', async () => {
      const frame = (background: string) =>
        sharp({ create: { width: 20, height: 10, channels: 3, background } })
          .png()
          .toBuffer();
      const gif = await sharp(await Promise.all([frame('red'), frame('blue')]), { join: { animated: true } })
        .gif()
        .toBuffer();
      const file = await upload('animiert.gif', streamOf(gif));
      const meta = await sharp((await content(file)).bytes, { animated: true }).metadata();
      expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['gif', 2, 20, 10]);
      const preview = await sharp((await content(file, 'preview')).bytes, { animated: true }).metadata();
      expect([preview.format, preview.pages]).toEqual(['webp', 2]);
    });

    it('stores a BMP as it came, without a preview (sharp reads no BMP; BMP holds no EXIF)', async () => {
      const bytes = bmp();
      const file = await upload('alt.bmp', streamOf(bytes));
      expect(file).toMatchObject({ content_type: 'image/bmp', is_image: true, has_preview: false });
      expect(sha256((await content(file)).bytes)).toBe(sha256(bytes));
      expect(sha256((await content(file, 'preview')).bytes)).toBe(sha256(bytes));
    });

    it('refuses an image sharp cannot read (415) and keeps nothing', async () => {
      const broken = Buffer.concat([(await twoHalves('png')).subarray(0, 40), randomBytes(2000)]);
      const error = await rejection(upload('kaputt.png', streamOf(broken)));
      expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      await expectNothingLeft();
    });

    it('refuses an image over the pixel limit (413) before decoding it, and keeps nothing', async () => {
      const bomb = pixelBombPng(16_000, 16_000);
      expect(bomb.length).toBeLessThan(MAX);
      const rssBefore = process.memoryUsage().rss;
      const error = await rejection(upload('bombe.png', streamOf(bomb)));
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(error.message).toMatch(/40 megapixels/);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(40_000_000);
      await expectNothingLeft();
      // Under the limit the same kind of image is taken.
      const small = await upload('klein.png', streamOf(pixelBombPng(2_000, 1_000)), MAX, 2_000_000);
      expect(small.is_image).toBe(true);
    });

    it("refuses a file past the entry's byte quota after streaming it (409) and keeps nothing of it", async () => {
      const txt = FIXTURES.txt();
      const quota = { maxFiles: 10, maxBytes: txt.length * 2 - 1 };
      const first = await upload('a.txt', streamOf(txt), MAX, 40_000_000, quota);
      const error = await rejection(upload('b.txt', streamOf(txt), MAX, 40_000_000, quota));
      expect(error.code).toBe('FILE_QUOTA_EXCEEDED');
      expect(error.statusCode).toBe(409);
      expect(error.message).toContain(String(quota.maxBytes));
      expect((await listEntryFiles(database.db, entryId)).map((f) => f.id)).toEqual([first.id]);
      expect((await storage.usage()).used_bytes).toBe(first.size);
      await removeFile(database.db, storage, first.id, TEST_MODERATOR);
      await expectNothingLeft();
    });

    it('lets parallel uploads to one entry past its file quota not at all', async () => {
      const quota = { maxFiles: 3, maxBytes: 1e12 };
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          upload(`f${i}.txt`, streamOf(FIXTURES.txt()), MAX, 40_000_000, quota),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of results) {
        if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('FILE_QUOTA_EXCEEDED');
      }
      const files = await listEntryFiles(database.db, entryId);
      expect(files).toHaveLength(3);
      expect((await storage.usage()).used_bytes).toBe(files.reduce((sum, f) => sum + f.size, 0));
      for (const file of files) await removeFile(database.db, storage, file.id, TEST_MODERATOR);
      await expectNothingLeft();
    });

    it('renames a file and keeps its extension', async () => {
      const file = await upload('alt.pdf', streamOf(FIXTURES.pdf()));
      const renamed = await renameFile(database.db, file.id, '  Neuer Name / mit Strich ');
      expect(renamed.name).toBe('Neuer Name  mit Strich.pdf'.replace('  ', ' '));
      expect((await renameFile(database.db, file.id, 'Protokoll.PDF')).name).toBe('Protokoll.pdf');
      expect((await renameFile(database.db, file.id, 'nur.txt')).name).toBe('nur.txt.pdf');
      const again = await getFile(database.db, file.id);
      expect(again.name).toBe('nur.txt.pdf');
      expect(fileUrl(again)).toBe(`/api/v1/files/${file.id}/nur.txt.pdf`);
      expect(fileIdFromUrl(`http://localhost:8080${fileUrl(again)}`)).toBe(file.id);
      expect(fileIdFromUrl('/api/v1/entries/x')).toBeUndefined();
    });

    it('removes a file: row, content, preview, and a timeline line', async () => {
      const file = await upload('foto.png', streamOf(await twoHalves('png')));
      await removeFile(database.db, storage, file.id, TEST_MODERATOR);
      expect((await rejection(getFile(database.db, file.id))).code).toBe('NOT_FOUND');
      expect((await rejection(removeFile(database.db, storage, file.id, TEST_MODERATOR))).code).toBe(
        'NOT_FOUND',
      );
      expect(
        (await listEntryEvents(database.db, entryId, { limit: 1000, offset: 0 })).rows.at(-1),
      ).toMatchObject({ kind: 'file_removed' });
      await expectNothingLeft();
    });

    it("removes an entry's files when the entry is purged", async () => {
      const other = (await insertTestEntry(database.db)).data.id;
      await upload('a.png', streamOf(await twoHalves('png')));
      await upload('b.txt', streamOf(FIXTURES.txt()));
      const kept = await storeUpload({
        db: database.db,
        storage,
        entryId: other,
        filename: 'c.txt',
        stream: streamOf(FIXTURES.txt()),
        maxBytes: MAX,
        maxPixels: 40_000_000,
        allowedExtensions: DEFAULT_ALLOWED_EXTENSIONS,
        by: TEST_MODERATOR,
        quota: { maxFiles: 1000, maxBytes: 1e12 },
      });
      await deleteEntryAsModeration(database.db, entryId, TEST_MODERATOR);
      await purgeDeletedEntries(database.db, Date.now() + 1000);
      await removeEntryFiles(storage, entryId);
      expect(await repo.listEntryFiles(database.db, entryId)).toEqual([]);
      expect((await storage.usage()).used_bytes).toBe(kept.size);
      expect((await content(kept)).bytes.toString()).toBe(FIXTURES.txt().toString());
      await removeFile(database.db, storage, kept.id, TEST_MODERATOR);
    });
  });
});
