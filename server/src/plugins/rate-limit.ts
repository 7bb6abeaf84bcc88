import type { RedisTimeouts } from '../config.ts';
import { AppError } from '../errors.ts';
import { createBoundedRedis, DEFAULT_REDIS_TIMEOUTS } from '../redis.ts';

/**
 * Counts attempts per key in fixed windows. An attempt is counted before it is checked, in one
 * atomic step with the limit test, so parallel attempts cannot all pass a check made before any of
 * them was counted; an attempt that turns out fine (a successful login) is given back.
 */
export type RateLimiter = {
  /**
   * Counts one attempt; 0 while the key is within `limit` attempts in its window (which starts with
   * the first attempt and lasts `windowMs`), else the seconds until it may try again (the attempt
   * over the limit is not counted).
   */
  take(key: string, limit: number, windowMs: number): Promise<number>;
  /** Gives one counted attempt back (it cost nothing). */
  giveBack(key: string): Promise<void>;
  /** Forgets the key's attempts. */
  reset(key: string): Promise<void>;
  /** The attempts counted under the key in its current window (0 once it has ended). */
  count(key: string): Promise<number>;
  /** Rejects unless the shared store answers; absent when the counters live in this process. */
  ping?(): Promise<void>;
  close(): Promise<void>;
};

/** The 429 of a login refused for too many failures. */
export function tooManyAttempts(message: string, retryAfter: number): AppError {
  return new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfter) });
}

/** One limit an attempt is counted under: its key, and the counting step (0, or seconds to wait). */
export type AttemptLimit = { key: string; take(): Promise<number> };

/** At most `limit` attempts under `key` in a fixed window of `windowMs`. */
export function fixedLimit(limiter: RateLimiter, key: string, limit: number, windowMs: number): AttemptLimit {
  return { key, take: () => limiter.take(key, limit, windowMs) };
}

/**
 * At most `limit` attempts under `key` per window, where the window doubles with every lockout
 * (every window that filled up) remembered in the last `memoryMs`, up to `maxWindowMs`: a guesser
 * who keeps coming back gets ever fewer tries per hour, while one burst costs only `windowMs`.
 */
export function growingLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  options: { windowMs: number; maxWindowMs: number; memoryMs: number },
): AttemptLimit {
  const lockoutsKey = `${key}:lockouts`;
  return {
    key,
    async take() {
      // The window is fixed when the count starts, so the lockouts before it decide its length.
      const lockouts = await limiter.count(lockoutsKey);
      const windowMs = Math.min(options.windowMs * 2 ** Math.min(lockouts, 30), options.maxWindowMs);
      const retryAfter = await limiter.take(key, limit, windowMs);
      // The first refusal of a lockout records it (once: the marker lasts as long as the lockout).
      if (retryAfter > 0 && (await limiter.take(`${key}:locked`, 1, retryAfter * 1000)) === 0) {
        await limiter.take(lockoutsKey, 1_000, options.memoryMs);
      }
      return retryAfter;
    },
  };
}

/**
 * Takes one attempt under each limit; refuses with 429 and Retry-After when one is over its limit,
 * giving back the attempt taken under the others. Answers the keys taken.
 */
async function takeEach(
  limiter: RateLimiter,
  limits: readonly AttemptLimit[],
  message: string,
): Promise<string[]> {
  const taken: string[] = [];
  for (const limit of limits) {
    const retryAfter = await limit.take();
    if (retryAfter > 0) {
      await Promise.all(taken.map((k) => limiter.giveBack(k)));
      throw tooManyAttempts(message, retryAfter);
    }
    taken.push(limit.key);
  }
  return taken;
}

/**
 * Counts one attempt under each limit before `check` runs, atomically with the limit test (so
 * parallel guesses cannot all be checked); refuses with 429 when one is over its limit, giving back
 * the attempt counted under the others. A successful check gives the attempts back.
 */
export async function countedAttemptUnder<T>(
  limiter: RateLimiter,
  limits: readonly AttemptLimit[],
  message: string,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const taken = await takeEach(limiter, limits, message);
  const result = await check();
  if (result !== undefined) await Promise.all(taken.map((k) => limiter.giveBack(k)));
  return result;
}

/** `countedAttemptUnder` with fixed limits sharing one window. */
export function countedAttempt<T>(
  limiter: RateLimiter,
  limits: readonly (readonly [key: string, limit: number])[],
  windowMs: number,
  message: string,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const fixed = limits.map(([key, limit]) => fixedLimit(limiter, key, limit, windowMs));
  return countedAttemptUnder(limiter, fixed, message, check);
}

/**
 * Counts one attempt under each key, atomically with its limit test; refuses with 429 and
 * Retry-After when one is over its limit, giving back the attempt counted under the others. A
 * limit of 0 is no limit: its key is not counted.
 */
export async function takeAll(
  limiter: RateLimiter,
  limits: readonly (readonly [key: string, limit: number])[],
  windowMs: number,
  message: string,
): Promise<void> {
  const counted = limits.filter(([, limit]) => limit !== 0);
  await takeEach(
    limiter,
    counted.map(([key, limit]) => fixedLimit(limiter, key, limit, windowMs)),
    message,
  );
}

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
  const secondsLeft = (counter: { resetAt: number }) =>
    Math.max(1, Math.ceil((counter.resetAt - now()) / 1000));
  return {
    async take(key, limit, windowMs) {
      const counter = current(key);
      if (counter && counter.count >= limit) return secondsLeft(counter);
      if (counter) counter.count += 1;
      else counters.set(key, { count: 1, resetAt: now() + windowMs });
      // Bounded memory: drop finished windows once the map grows.
      if (counters.size > 10_000) for (const k of counters.keys()) current(k);
      return 0;
    },
    async giveBack(key) {
      const counter = current(key);
      if (counter && counter.count > 0) counter.count -= 1;
    },
    async reset(key) {
      counters.delete(key);
    },
    async count(key) {
      return current(key)?.count ?? 0;
    },
    async close() {
      counters.clear();
    },
  };
}

// One atomic step: the limit test and the count, so parallel attempts cannot all pass; a key never
// lives without an expiry (PEXPIRE NX would need Redis 7). Answers the milliseconds left, or 0.
const TAKE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 1 then ttl = 1000 end
  return ttl
end
redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

const GIVE_BACK_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

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
    async take(key, limit, windowMs) {
      const ms = Number(await redis.call((r) => r.eval(TAKE_SCRIPT, 1, key, limit, windowMs)));
      return ms > 0 ? Math.ceil(ms / 1000) : 0;
    },
    async giveBack(key) {
      await redis.call((r) => r.eval(GIVE_BACK_SCRIPT, 1, key));
    },
    async reset(key) {
      await redis.call((r) => r.del(key));
    },
    async count(key) {
      return Number((await redis.call((r) => r.get(key))) ?? 0);
    },
    ping: () => redis.ping(),
    close: () => redis.close(),
  };
}
