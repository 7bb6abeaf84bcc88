import type { Readable } from 'node:stream';

export type PutOptions = {
  contentType: string;
  /** Past this many bytes the write is abandoned with 413 and nothing is kept. */
  maxBytes?: number;
};

/** What was stored: the byte count and the SHA-256 (hex) of exactly those bytes. */
export type PutResult = { size: number; sha256: string };

export type StoredObject = { stream: Readable; size: number; contentType: string };

/** Bytes in storage; `free_bytes` is null where the backend has no limit it can tell (database, S3). */
export type StorageUsage = { used_bytes: number; free_bytes: number | null };

/**
 * Where file content lives. Keys are `/`-separated segments of letters, digits, `_`, `-` and `.`
 * (no segment starts with a dot); a write is all or nothing: a failed or interrupted `put` leaves
 * no object behind, and an earlier object under the same key stays as it was.
 */
export type FileStorage = {
  readonly driver: 'disk' | 'database' | 's3';
  /** Streams `stream` to `key`; rejects (and keeps nothing) when the stream fails or passes maxBytes. */
  put(key: string, stream: Readable, options: PutOptions): Promise<PutResult>;
  /** Opens an object for reading; AppError NOT_FOUND when there is none. */
  get(key: string): Promise<StoredObject>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (an entry's files: `<entry id>/`). */
  deletePrefix(prefix: string): Promise<void>;
  usage(): Promise<StorageUsage>;
  /** Rejects when storage cannot take a write now (for /healthz); `signal` abandons the check. */
  check(signal?: AbortSignal): Promise<void>;
  /**
   * Removes what writes interrupted by a crash left behind, started before `before` (epoch ms):
   * temp files, staged chunks, unfinished multipart uploads. Answers how many it removed.
   */
  sweep(before: number): Promise<number>;
};
