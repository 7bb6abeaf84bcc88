import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteMeter, assertKey, assertPrefix, notFound } from './meter.ts';
import type { FileStorage, PutOptions, PutResult, StorageUsage, StoredObject } from './types.ts';

const FALLBACK_TYPE = 'application/octet-stream';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Files under `dir` (the data dir's `files/`), one per key. A write goes to a dot-named temp file
 * in the object's own folder and is renamed into place, so readers never see half a file and a
 * failed write leaves nothing but the temp file it removes. The content type sits beside the
 * object in a dot-named file (keys never start with a dot, so the two cannot collide).
 */
export function createDiskStorage(options: { dir: string }): FileStorage {
  const root = path.resolve(options.dir);
  const pathOf = (key: string) => path.join(root, ...key.split('/'));
  const typePathOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.type`);

  async function removeObject(file: string): Promise<void> {
    await rm(file, { recursive: true, force: true });
    await rm(typePathOf(file), { force: true });
  }

  return {
    driver: 'disk',

    async put(key: string, stream: Readable, { contentType, maxBytes }: PutOptions): Promise<PutResult> {
      assertKey(key);
      const file = pathOf(key);
      const dir = path.dirname(file);
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.tmp-${randomBytes(12).toString('hex')}`);
      const tempType = `${temp}.type`;
      const meter = new ByteMeter(maxBytes);
      // flush: the data is on disk before the rename makes it visible, so a crash cannot leave a
      // complete-looking name over a truncated file.
      const writer = createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true });
      try {
        await pipeline(stream, meter, writer);
        await writeFile(tempType, contentType, { mode: 0o600 });
        await rename(tempType, typePathOf(file));
        await rename(temp, file);
      } catch (error) {
        stream.destroy();
        // The file may still be opening when the pipeline fails; removed before, it would come back.
        if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
        await rm(temp, { force: true });
        await rm(tempType, { force: true });
        throw error;
      }
      return { size: meter.bytes, sha256: meter.digest() };
    },

    async get(key: string): Promise<StoredObject> {
      assertKey(key);
      const file = pathOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') throw notFound();
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw notFound();
        const contentType = await readFile(typePathOf(file), 'utf8').catch((error: unknown) => {
          if (isMissing(error)) return FALLBACK_TYPE;
          throw error;
        });
        return { stream: handle.createReadStream(), size: info.size, contentType };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      assertKey(key);
      const file = pathOf(key);
      const info = await stat(file).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (info?.isDirectory()) return;
      await removeObject(file);
    },

    async deletePrefix(prefix: string): Promise<void> {
      assertPrefix(prefix);
      if (prefix === '' || prefix.endsWith('/')) {
        const dir = prefix === '' ? root : pathOf(prefix.slice(0, -1));
        const names = await readdir(dir).catch((error: unknown) => {
          if (isMissing(error)) return [];
          throw error;
        });
        await Promise.all(names.map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
        if (prefix !== '') await rm(dir, { recursive: true, force: true });
        return;
      }
      const start = pathOf(prefix);
      const dir = path.dirname(start);
      const base = path.basename(start);
      const names = await readdir(dir).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const name of names) {
        if (name.startsWith(base)) await removeObject(path.join(dir, name));
      }
    },

    async check(): Promise<void> {
      // A small write and its removal: a full, read-only or vanished disk fails here. Dot-named, so
      // no key can collide with it.
      await mkdir(root, { recursive: true });
      const probe = path.join(root, `.health-${randomBytes(6).toString('hex')}`);
      try {
        await writeFile(probe, 'ok', { flag: 'wx', mode: 0o600 });
      } finally {
        await rm(probe, { force: true });
      }
    },

    async usage(): Promise<StorageUsage> {
      await mkdir(root, { recursive: true });
      let used = 0;
      const walk = async (dir: string): Promise<void> => {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          if (entry.name.startsWith('.')) continue;
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (entry.isFile()) used += (await stat(full)).size;
        }
      };
      await walk(root);
      const fs = await statfs(root);
      return { used_bytes: used, free_bytes: fs.bavail * fs.bsize };
    },

    async sweep(before: number): Promise<number> {
      let removed = 0;
      const walk = async (dir: string): Promise<void> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
          if (isMissing(error)) return [];
          throw error;
        });
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (entry.name.startsWith('.tmp-')) {
            const info = await stat(full).catch(() => undefined);
            if (info && info.mtimeMs < before) {
              await rm(full, { force: true });
              removed += 1;
            }
          }
        }
      };
      await walk(root);
      return removed;
    },
  };
}
