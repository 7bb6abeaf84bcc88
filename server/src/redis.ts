import { createRequire } from 'node:module';
import type * as Ioredis from 'ioredis';
import type { Redis } from 'ioredis';
import type { RedisTimeouts } from './config.ts';
import { unavailableError } from './errors.ts';

export const DEFAULT_REDIS_TIMEOUTS: RedisTimeouts = { connectMs: 2000, commandMs: 2000 };

/** A Redis connection whose every call ends within its time-outs. */
export type BoundedRedis = {
  /**
   * Runs commands once the connection is ready; throws 503 UNAVAILABLE when Redis is not ready within
   * the connect time-out, a command is not answered within the command time-out, or the connection
   * fails. Redis refusing a command (a ReplyError) is a fault of the command and passes through.
   */
  call<T>(commands: (redis: Redis) => Promise<T>): Promise<T>;
  /** Rejects unless Redis answers a PING within the time-outs. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/**
 * No offline queue: a command while Redis is away fails at once instead of waiting for a connection
 * that may never come. No retry of a command whose connection broke: a SET NX sent again after it
 * took effect would answer "already set", and a spent token would look replayed.
 */
export function createBoundedRedis(url: string, keyPrefix: string, timeouts: RedisTimeouts): BoundedRedis {
  // The client loads with the first connection: a server without Redis never needs it.
  const { Redis, ReplyError } = createRequire(import.meta.url)('ioredis') as typeof Ioredis;
  const redis = new Redis(url, {
    keyPrefix,
    connectTimeout: timeouts.connectMs,
    commandTimeout: timeouts.commandMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  // Connection failures reach the caller of each command; unheard, the event would be logged by ioredis.
  redis.on('error', () => {});

  const whenReady = () =>
    new Promise<void>((resolve, reject) => {
      if (redis.status === 'ready') return resolve();
      const timer = setTimeout(() => {
        redis.off('ready', onReady);
        reject(new Error('Redis was not ready in time'));
      }, timeouts.connectMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      redis.once('ready', onReady);
    });

  const call = async <T>(commands: (redis: Redis) => Promise<T>): Promise<T> => {
    try {
      await whenReady();
      return await commands(redis);
    } catch (error) {
      if (error instanceof ReplyError) throw error;
      // A command that timed out may still be answered later, and ioredis would match that answer
      // to the next command; a fresh connection cannot mix them up.
      if (error instanceof Error && error.message === 'Command timed out') redis.disconnect(true);
      throw unavailableError('Redis');
    }
  };

  return {
    call,
    async ping() {
      await call((r) => r.ping());
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
