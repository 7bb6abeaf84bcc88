import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.ts';
import { createDatabaseStorage } from './database.ts';
import { createDiskStorage } from './disk.ts';
import { createS3Storage, type S3StorageOptions } from './s3.ts';
import type { FileStorage } from './types.ts';

export type { FileStorage, PutOptions, PutResult, StorageUsage, StoredObject } from './types.ts';
export { createDatabaseStorage, sweepStagedChunks } from './database.ts';
export { createDiskStorage } from './disk.ts';
export { createS3Storage, type S3StorageOptions } from './s3.ts';

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
      return createS3Storage(options.s3);
  }
}
