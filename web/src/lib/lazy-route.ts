import { CHUNK_LOAD_TIMEOUT_MS } from './contract';

export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Loading a screen took longer than ${timeoutMs} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Rejects when the lazy import fails or outlasts the timeout, so the route's error page shows instead. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
