import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../../../errors.ts';

/** The 413 an upload gets as soon as it passes the limit. */
export function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes`);
}

/**
 * Passes bytes through, counting and (optionally) hashing them, and fails with 413 on the first
 * chunk that takes the total past `maxBytes`, so a too-large upload stops mid-stream.
 */
export class ByteMeter extends Transform {
  bytes = 0;
  private readonly hash: Hash | undefined;

  constructor(
    private readonly maxBytes: number = Number.POSITIVE_INFINITY,
    options: { hash?: boolean } = {},
  ) {
    super();
    this.hash = options.hash === false ? undefined : createHash('sha256');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(tooLarge(this.maxBytes));
    this.hash?.update(chunk);
    callback(null, chunk);
  }

  /** The hex SHA-256 of everything that passed; call once, after the stream ended. */
  digest(): string {
    if (!this.hash) throw new Error('this meter does not hash');
    return this.hash.digest('hex');
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

/** Refuses keys that could leave the storage root or collide with a driver's own names. */
export function assertKey(key: string): void {
  const segments = key.split('/');
  if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s))) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** A prefix is a key, a key followed by `/`, or empty (everything). */
export function assertPrefix(prefix: string): void {
  if (prefix === '') return;
  assertKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** The 404 for a key that holds nothing. */
export function notFound(): AppError {
  return new AppError('NOT_FOUND', 'No such file');
}
