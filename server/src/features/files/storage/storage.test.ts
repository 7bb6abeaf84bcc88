import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.ts';
import { testDatabases, type TestDatabaseHandle } from '../../../test/db.ts';
import {
  DRIVERS,
  createTestStorage,
  endlessStream,
  interruptedStream,
  readAll,
  sha256,
  startS3Server,
  streamOf,
} from '../../../test/files.ts';
import { CHUNK_BYTES, sweepStagedChunks } from './database.ts';
import { createFileStorage } from './index.ts';
import type { FileStorage } from './types.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

/** Every file under a folder, dot-files (temp files, content types) included. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe.each(testDatabases())('file storage on $name', (target) => {
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
    beforeEach(async () => {
      await sql`delete from file_chunks`.execute(database.db);
      ({ storage, dir, destroy } = await createTestStorage(driver, {
        db: database.db,
        s3Endpoint: s3.endpoint,
      }));
    });
    afterEach(async () => {
      await destroy();
    });

    /** Nothing stored at all: no object, no temp file, no chunk row. */
    async function expectEmpty(): Promise<void> {
      expect((await storage.usage()).used_bytes).toBe(0);
      if (dir !== undefined) expect(await filesUnder(dir)).toEqual([]);
      const { count } = await database.db
        .selectFrom('file_chunks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(0);
    }

    it('reads back byte for byte what it stored, with its size, hash and content type', async () => {
      const bytes = randomBytes(3 * CHUNK_BYTES + 12345);
      const result = await storage.put('entry1/file1', streamOf(bytes), { contentType: 'application/pdf' });
      expect(result).toEqual({ size: bytes.length, sha256: sha256(bytes) });
      const object = await storage.get('entry1/file1');
      expect(object.size).toBe(bytes.length);
      expect(object.contentType).toBe('application/pdf');
      expect(sha256(await readAll(object.stream))).toBe(sha256(bytes));
    });

    it('streams a file larger than one S3 part (multipart) intact', async () => {
      const bytes = randomBytes(6 * 1024 * 1024 + 1);
      const result = await storage.put('entry1/big', streamOf(bytes), { contentType: 'image/png' });
      expect(result.sha256).toBe(sha256(bytes));
      expect(sha256(await readAll((await storage.get('entry1/big')).stream))).toBe(sha256(bytes));
    });

    it('stores an empty file', async () => {
      expect(
        await storage.put('entry1/empty', streamOf(Buffer.alloc(0)), { contentType: 'text/plain' }),
      ).toEqual({
        size: 0,
        sha256: sha256(Buffer.alloc(0)),
      });
      const object = await storage.get('entry1/empty');
      expect(object.size).toBe(0);
      expect((await readAll(object.stream)).length).toBe(0);
    });

    it('answers 404 for a key that holds nothing', async () => {
      await expectCode(storage.get('entry1/missing'), 'NOT_FOUND');
    });

    it('deletes an object; deleting one that is gone is no error', async () => {
      await storage.put('entry1/file1', streamOf(Buffer.from('hello')), { contentType: 'text/plain' });
      await storage.delete('entry1/file1');
      await expectCode(storage.get('entry1/file1'), 'NOT_FOUND');
      await storage.delete('entry1/file1');
      await expectEmpty();
    });

    it("deletes everything under a prefix and nothing else (an entry's files)", async () => {
      const put = (key: string) =>
        storage.put(key, streamOf(Buffer.from(key)), { contentType: 'text/plain' });
      await put('entryA/one');
      await put('entryA/one.preview.webp');
      await put('entryA/two');
      await put('entryAB/three');
      await put('entryB/four');
      await storage.deletePrefix('entryA/');
      for (const key of ['entryA/one', 'entryA/one.preview.webp', 'entryA/two']) {
        await expectCode(storage.get(key), 'NOT_FOUND');
      }
      expect((await readAll((await storage.get('entryAB/three')).stream)).toString()).toBe('entryAB/three');
      expect((await readAll((await storage.get('entryB/four')).stream)).toString()).toBe('entryB/four');
      await storage.deletePrefix('entryB/four');
      await expectCode(storage.get('entryB/four'), 'NOT_FOUND');
      await storage.deletePrefix('entryAB/');
      await expectEmpty();
    });

    it('stops a stream as soon as it passes maxBytes (413) and keeps nothing', async () => {
      const endless = endlessStream();
      await expectCode(
        storage.put('entry1/huge', endless.stream, { contentType: 'text/plain', maxBytes: 300_000 }),
        'PAYLOAD_TOO_LARGE',
      );
      // Read ahead is bounded: the stream was not drained to its end (it has none).
      expect(endless.read()).toBeLessThan(300_000 + 1024 * 1024);
      expect(endless.stream.destroyed).toBe(true);
      await expectCode(storage.get('entry1/huge'), 'NOT_FOUND');
      await expectEmpty();
    });

    it('keeps exactly maxBytes', async () => {
      const bytes = randomBytes(1000);
      const result = await storage.put('entry1/exact', streamOf(bytes), {
        contentType: 'text/plain',
        maxBytes: 1000,
      });
      expect(result.size).toBe(1000);
    });

    it('keeps nothing when the stream fails half-way', async () => {
      const put = storage.put('entry1/cut', interruptedStream(CHUNK_BYTES * 2 + 100), {
        contentType: 'text/plain',
      });
      await expect(put).rejects.toThrow();
      await expectCode(storage.get('entry1/cut'), 'NOT_FOUND');
      await expectEmpty();
    });

    it('keeps nothing when the stream is destroyed half-way without an error', async () => {
      const put = storage.put('entry1/cut', interruptedStream(CHUNK_BYTES + 100, false), {
        contentType: 'text/plain',
      });
      await expect(put).rejects.toThrow();
      await expectEmpty();
    });

    it('leaves the earlier object in place when an overwrite fails', async () => {
      await storage.put('entry1/file1', streamOf(Buffer.from('first')), { contentType: 'text/plain' });
      await expect(
        storage.put('entry1/file1', interruptedStream(100_000), { contentType: 'text/plain' }),
      ).rejects.toThrow();
      expect((await readAll((await storage.get('entry1/file1')).stream)).toString()).toBe('first');
    });

    it('counts the bytes it holds', async () => {
      expect((await storage.usage()).used_bytes).toBe(0);
      await storage.put('entry1/a', streamOf(randomBytes(1000)), { contentType: 'text/plain' });
      await storage.put('entry2/b', streamOf(randomBytes(CHUNK_BYTES + 1)), { contentType: 'text/plain' });
      const usage = await storage.usage();
      expect(usage.used_bytes).toBe(1000 + CHUNK_BYTES + 1);
      if (driver === 'disk') expect(usage.free_bytes).toBeGreaterThan(0);
      else expect(usage.free_bytes).toBeNull();
    });

    it('refuses keys that could leave its root', async () => {
      for (const key of ['../escape', 'a/../../b', '/abs', '.hidden', 'a//b', '']) {
        await expect(
          storage.put(key, streamOf(Buffer.from('x')), { contentType: 'text/plain' }),
        ).rejects.toThrow(/invalid storage key/);
      }
    });
  });

  it('sweeps chunks of uploads a dead process left behind, and only old ones', async () => {
    const db = database.db;
    await sql`delete from file_chunks`.execute(db);
    const old = Date.now() - 2 * 3600_000;
    await db
      .insertInto('file_chunks')
      .values([
        { key: `.staging/${old}/dead`, seq: 0, bytes: Buffer.from('x'), content_type: 'text/plain' },
        {
          key: `.staging/${Date.now()}/running`,
          seq: 0,
          bytes: Buffer.from('y'),
          content_type: 'text/plain',
        },
      ])
      .execute();
    expect(await sweepStagedChunks(db, Date.now() - 3600_000)).toBe(1);
    const keys = await db.selectFrom('file_chunks').select('key').execute();
    expect(keys.map((k) => k.key)).toEqual([expect.stringMatching(/running$/)]);
  });
});

describe('createFileStorage', () => {
  it("keeps disk files under the data dir's files/ folder", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-data-'));
    try {
      const storage = createFileStorage({ driver: 'disk', dataDir });
      expect(storage.driver).toBe('disk');
      await storage.put('entry1/file1', streamOf(Buffer.from('x')), { contentType: 'text/plain' });
      expect(await readdir(path.join(dataDir, 'files', 'entry1'))).toContain('file1');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('builds the S3 driver from its settings', () => {
    const storage = createFileStorage({
      driver: 's3',
      s3: { bucket: 'b', region: 'eu-central-1', endpoint: 'http://127.0.0.1:1', forcePathStyle: true },
    });
    expect(storage.driver).toBe('s3');
  });
});
