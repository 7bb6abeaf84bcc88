import type { RedisTimeouts } from '../config.ts';
import { createBoundedRedis, DEFAULT_REDIS_TIMEOUTS } from '../redis.ts';

/**
 * Counts hits per key in fixed windows. Only failures are counted (a successful login costs
 * nothing), so the check and the count are separate calls.
 */
export type RateLimiter = {
  /** Seconds until the key may try again, or 0 while it is under `limit`. */
  retryAfter(key: string, limit: number): Promise<number>;
  /** Counts one hit; the window starts with the first hit and lasts `windowMs`. */
  hit(key: string, windowMs: number): Promise<void>;
  /** Forgets the key's hits. */
  reset(key: string): Promise<void>;
  /** Rejects unless the shared store answers; absent when the counters live in this process. */
  ping?(): Promise<void>;
  close(): Promise<void>;
};

/** Counters in this process only: right for a single instance and for tests. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const counter = counters.get(key);
    if (counter && counter.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };
  return {
    async retryAfter(key, limit) {
      const counter = current(key);
      return counter && counter.count >= limit ? Math.max(1, Math.ceil((counter.resetAt - now()) / 1000)) : 0;
    },
    async hit(key, windowMs) {
      const counter = current(key);
      if (counter) counter.count += 1;
      else counters.set(key, { count: 1, resetAt: now() + windowMs });
      // Bounded memory: drop finished windows once the map grows.
      if (counters.size > 10_000) for (const k of counters.keys()) current(k);
    },
    async reset(key) {
      counters.delete(key);
    },
    async close() {
      counters.clear();
    },
  };
}

// One atomic step, so a key never lives without an expiry (PEXPIRE NX would need Redis 7).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * Counters in Redis, shared by every instance. While Redis is away every call fails with 503
 * UNAVAILABLE, so a login is refused rather than let through uncounted: counters in this process
 * alone would multiply the allowed guesses by the number of instances, and nothing would count
 * them across restarts.
 */
export function createRedisRateLimiter(
  url: string,
  prefix = 'einwurf:rl:',
  timeouts: RedisTimeouts = DEFAULT_REDIS_TIMEOUTS,
): RateLimiter {
  const redis = createBoundedRedis(url, prefix, timeouts);
  return {
    async retryAfter(key, limit) {
      const [count, ttl] = await redis.call((r) => Promise.all([r.get(key), r.pttl(key)]));
      if (count === null || Number(count) < limit) return 0;
      return ttl > 0 ? Math.ceil(ttl / 1000) : 1;
    },
    async hit(key, windowMs) {
      await redis.call((r) => r.eval(HIT_SCRIPT, 1, key, windowMs));
    },
    async reset(key) {
      await redis.call((r) => r.del(key));
    },
    ping: () => redis.ping(),
    close: () => redis.close(),
  };
}
