// The archive a backup writes: one gzip-compressed tar (tar-stream), readable by any `tar -xzf`.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

/** What an archived item was: its name in the archive, its size and SHA-256 (hex). */
export type ArchivedItem = { path: string; size: number; sha256: string };

/** Copies a stream into a writable, hashing it; answers the byte count and SHA-256. */
type Sink = {
  write(chunk: Buffer): boolean;
  once(event: 'drain', listener: () => void): unknown;
};

async function copyHashing(source: AsyncIterable<Buffer>, target: Sink): Promise<ArchivedItem['sha256']> {
  const hash = createHash('sha256');
  for await (const chunk of source) {
    hash.update(chunk);
    if (!target.write(chunk)) await new Promise<void>((resolve) => target.once('drain', resolve));
  }
  return hash.digest('hex');
}

/** Writes entries one after the other into `<file>` (gzip tar); `close` finishes it. */
export type ArchiveWriter = {
  /** Adds an entry of exactly `size` bytes from `stream`; answers what was written. */
  add(path: string, size: number, stream: Readable): Promise<ArchivedItem>;
  addBuffer(path: string, bytes: Buffer): Promise<ArchivedItem>;
  close(): Promise<void>;
  /** Stops writing after a failure; the file is left for the caller to remove. */
  abort(): Promise<void>;
};

export function createArchiveWriter(file: string): ArchiveWriter {
  const pack = tar.pack();
  // The archive holds password hashes and the signing secret: readable by its owner only.
  const written = pipeline(pack, createGzip(), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  // Observed at once, so a failing disk is not an unhandled rejection while entries are added.
  let failure: unknown;
  written.catch((error: unknown) => {
    failure = error;
  });
  const mtime = new Date();

  async function add(path: string, size: number, stream: Readable): Promise<ArchivedItem> {
    if (failure !== undefined) throw failure;
    let done: (error?: Error | null) => void = () => {};
    const finished = new Promise<void>((resolve, reject) => {
      done = (error) => (error ? reject(error) : resolve());
    });
    const entry = pack.entry({ name: path, size, mode: 0o600, mtime, type: 'file' }, (error) => done(error));
    const sha256 = await copyHashing(stream, entry);
    (entry as unknown as { end(): void }).end();
    await finished;
    return { path, size, sha256 };
  }

  return {
    add,
    addBuffer: (path, bytes) => add(path, bytes.length, Readable.from([bytes])),
    async close() {
      pack.finalize();
      await written;
    },
    async abort() {
      pack.destroy(new Error('backup abandoned'));
      await written.catch(() => {});
    },
  };
}

/**
 * Reads every entry of a gzip tar in order; `onEntry` must consume the entry's stream. Answers
 * nothing; a truncated or corrupt archive rejects.
 */
export async function readArchive(
  file: string,
  onEntry: (path: string, size: number, stream: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(file), createGunzip(), extract);
  let failure: unknown;
  feeding.catch((error: unknown) => {
    failure = error;
  });
  try {
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      if (type !== 'file') {
        entry.resume();
        continue;
      }
      await onEntry(name, size, entry as AsyncIterable<Buffer>);
    }
  } catch (error) {
    throw failure ?? error;
  }
  await feeding;
}

/** Hashes a stream while writing it to a file; answers size and SHA-256. */
export async function writeHashing(
  source: AsyncIterable<Buffer>,
  file: string,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(file, { mode: 0o600 }),
  );
  return { size, sha256: hash.digest('hex') };
}

/** Size and SHA-256 of a file on disk. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}
