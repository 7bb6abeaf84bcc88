import type { Kysely } from 'kysely';
import type { RedisTimeouts } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { createBoundedRedis, DEFAULT_REDIS_TIMEOUTS } from '../../redis.ts';
import { deleteExpiredSpentTokens, insertSpentToken } from './repository.ts';

/**
 * Remembers used challenge tokens until they expire, shared by every instance: a token spent on
 * one instance is refused by all.
 */
export type SpentTokenStore = {
  /** Marks the token spent; false when it was spent before. */
  spend(jti: string, expiresAt: number): Promise<boolean>;
  /** Forgets tokens that have expired anyway. */
  purge(now: number): Promise<void>;
  /** Rejects unless a store apart from the database answers; absent for the database's own table. */
  ping?(): Promise<void>;
  close(): Promise<void>;
};

/** Spent tokens as rows of `spent_pow_tokens`, the default without Redis. */
export function createDatabaseSpentTokenStore(db: Kysely<Database>): SpentTokenStore {
  return {
    spend: (jti, expiresAt) => insertSpentToken(db, jti, expiresAt),
    async purge(now) {
      await deleteExpiredSpentTokens(db, now);
    },
    async close() {},
  };
}

/**
 * Spent tokens as Redis keys that expire with the token (SET NX PX). While Redis is away spending
 * fails with 503 UNAVAILABLE and no entry is created: the database does not know the tokens spent in
 * Redis, so falling back to it would let a replay pass.
 */
export function createRedisSpentTokenStore(
  url: string,
  prefix = 'einwurf:pow:',
  timeouts: RedisTimeouts = DEFAULT_REDIS_TIMEOUTS,
): SpentTokenStore {
  const redis = createBoundedRedis(url, prefix, timeouts);
  return {
    async spend(jti, expiresAt) {
      const ttl = Math.max(1, expiresAt - Date.now());
      return (await redis.call((r) => r.set(jti, '1', 'PX', ttl, 'NX'))) === 'OK';
    },
    async purge() {},
    ping: () => redis.ping(),
    close: () => redis.close(),
  };
}
