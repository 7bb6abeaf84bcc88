import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/types.ts';
import { createDatabaseStorage } from './database.ts';
import { createDiskStorage } from './disk.ts';
import type { S3StorageOptions } from './s3.ts';
import type { FileStorage } from './types.ts';

export type { FileStorage, PutOptions, PutResult, StorageUsage, StoredObject } from './types.ts';
export { createDatabaseStorage, sweepStagedChunks } from './database.ts';
export { createDiskStorage } from './disk.ts';
export type { S3StorageOptions } from './s3.ts';

export type FileStorageOptions =
  | { driver: 'disk'; dataDir: string }
  | { driver: 'database'; db: Kysely<Database> }
  | { driver: 's3'; s3: S3StorageOptions };

/** The storage FILE_STORAGE names: disk under `<data dir>/files/`, the database, or an S3 bucket. */
export function createFileStorage(options: FileStorageOptions): FileStorage {
  switch (options.driver) {
    case 'disk':
      return createDiskStorage({ dir: path.join(options.dataDir, 'files') });
    case 'database':
      return createDatabaseStorage(options.db);
    case 's3':
      return loadedOnFirstUse('s3', async () => (await import('./s3.ts')).createS3Storage(options.s3));
  }
}

/**
 * A storage whose module is imported at its first call: the S3 SDK weighs some 20 MB of memory and a
 * second of start on a busy machine, and only FILE_STORAGE=s3 needs it.
 */
function loadedOnFirstUse(driver: FileStorage['driver'], load: () => Promise<FileStorage>): FileStorage {
  let loading: Promise<FileStorage> | undefined;
  const storage = () => (loading ??= load());
  return {
    driver,
    put: async (key, stream, options) => (await storage()).put(key, stream, options),
    get: async (key) => (await storage()).get(key),
    delete: async (key) => (await storage()).delete(key),
    deletePrefix: async (prefix) => (await storage()).deletePrefix(prefix),
    usage: async () => (await storage()).usage(),
    check: async (signal) => (await storage()).check(signal),
    sweep: async (before) => (await storage()).sweep(before),
  };
}

/** The storage the configuration names (FILE_STORAGE and S3_*). */
export function createConfiguredStorage(
  config: Pick<Config, 'fileStorage' | 'dataDir' | 's3'>,
  db: Kysely<Database>,
): FileStorage {
  switch (config.fileStorage) {
    case 'disk':
      return createFileStorage({ driver: 'disk', dataDir: config.dataDir });
    case 'database':
      return createFileStorage({ driver: 'database', db });
    case 's3': {
      const s3 = config.s3;
      if (!s3) throw new Error('FILE_STORAGE=s3 needs the S3_* settings');
      return createFileStorage({
        driver: 's3',
        s3: {
          bucket: s3.bucket,
          region: s3.region,
          forcePathStyle: s3.forcePathStyle,
          ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
          ...(s3.accessKeyId ? { accessKeyId: s3.accessKeyId } : {}),
          ...(s3.secretAccessKey ? { secretAccessKey: s3.secretAccessKey } : {}),
          ...(s3.keyPrefix ? { keyPrefix: s3.keyPrefix } : {}),
        },
      });
    }
  }
}
