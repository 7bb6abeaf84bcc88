import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/types.ts';
import * as repo from '../repository.ts';
import { ByteMeter, assertKey, assertPrefix, notFound } from './meter.ts';
import type { FileStorage, PutOptions, PutResult, StorageUsage, StoredObject } from './types.ts';

export const CHUNK_BYTES = 256 * 1024;
const STAGING = '.staging/';

/**
 * Content in `file_chunks` rows, for instances that share a database and no disk. An upload is
 * written under a staging key, one short insert per chunk, and moved to its key in one short
 * transaction at the end. One transaction around the whole upload would hold SQLite's only
 * connection (every other request waits) or a pooled PostgreSQL connection for as long as a slow
 * client takes to send; the staging key gives the same all-or-nothing result without that.
 */
export function createDatabaseStorage(db: Kysely<Database>): FileStorage {
  return {
    driver: 'database',

    async put(key: string, stream: Readable, { contentType, maxBytes }: PutOptions): Promise<PutResult> {
      assertKey(key);
      const staging = `${STAGING}${Date.now()}/${randomBytes(12).toString('hex')}`;
      const meter = new ByteMeter(maxBytes);
      let seq = 0;
      let failed = false;
      let writing: Promise<void> = Promise.resolve();
      // pipeline rejects as soon as the stream fails, while an insert may still be on its way; the
      // cleanup waits for it, and no insert starts after the failure.
      const write = (bytes: Uint8Array) => {
        if (failed) throw new Error('upload failed');
        writing = repo.insertChunk(db, {
          key: staging,
          seq,
          bytes,
          content_type: seq === 0 ? contentType : null,
        });
        return writing;
      };
      try {
        await pipeline(stream, meter, async (source: AsyncIterable<Buffer>) => {
          let pending: Buffer[] = [];
          let length = 0;
          for await (const chunk of source) {
            pending.push(chunk);
            length += chunk.length;
            while (length >= CHUNK_BYTES) {
              const all = Buffer.concat(pending);
              await write(all.subarray(0, CHUNK_BYTES));
              seq += 1;
              pending = [all.subarray(CHUNK_BYTES)];
              length = all.length - CHUNK_BYTES;
            }
          }
          // An empty object still has its row 0, which carries the content type.
          if (length > 0 || seq === 0) await write(Buffer.concat(pending));
        });
        await repo.renameChunks(db, staging, key);
      } catch (error) {
        failed = true;
        stream.destroy();
        await writing.catch(() => {});
        await repo.deleteChunks(db, staging);
        throw error;
      }
      return { size: meter.bytes, sha256: meter.digest() };
    },

    async get(key: string): Promise<StoredObject> {
      assertKey(key);
      const summary = await repo.chunkSummary(db, key);
      if (summary.count === 0) throw notFound();
      // One chunk in memory at a time, however large the file.
      async function* chunks() {
        for (let seq = 0; seq < summary.count; seq += 1) {
          const bytes = await repo.readChunk(db, key, seq);
          if (bytes === undefined) throw new Error(`chunk ${seq} of ${key} is gone`);
          yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        }
      }
      return {
        stream: Readable.from(chunks(), { objectMode: false }),
        size: summary.size,
        contentType: summary.contentType ?? 'application/octet-stream',
      };
    },

    async delete(key: string): Promise<void> {
      assertKey(key);
      await repo.deleteChunks(db, key);
    },

    async deletePrefix(prefix: string): Promise<void> {
      assertPrefix(prefix);
      await repo.deleteChunksByPrefix(db, prefix);
    },

    async check(): Promise<void> {
      // The files are rows: storage answers when the database does.
      await sql`select 1`.execute(db);
    },

    async usage(): Promise<StorageUsage> {
      return { used_bytes: await repo.totalChunkBytes(db), free_bytes: null };
    },

    sweep: (before: number) => sweepStagedChunks(db, before),
  };
}

/**
 * Removes chunks of uploads that started before `before` (epoch ms) and never finished: what a
 * process that died mid-upload left. Housekeeping calls it with a margin past the longest upload.
 */
export async function sweepStagedChunks(db: Kysely<Database>, before: number): Promise<number> {
  let removed = 0;
  for (const key of await repo.listChunkKeys(db, STAGING)) {
    const started = Number(key.slice(STAGING.length).split('/')[0]);
    if (Number.isFinite(started) && started < before) {
      await repo.deleteChunks(db, key);
      removed += 1;
    }
  }
  return removed;
}
