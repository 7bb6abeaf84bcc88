import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  growingLimit,
  type RateLimiter,
} from './rate-limit.ts';

const REDIS_URL = process.env['EINWURF_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

const limiters: [string, () => RateLimiter][] = [
  ['memory', () => createMemoryRateLimiter()],
  ['redis', () => createRedisRateLimiter(REDIS_URL, `einwurf-test:${randomBytes(6).toString('hex')}:`)],
];

describe.each(limiters)('%s rate limiter', (_name, create) => {
  const limiter = create();
  afterAll(() => limiter.close());

  it('takes attempts under the limit and refuses the next with the seconds left', async () => {
    const key = `k:${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 3; i++) expect(await limiter.take(key, 3, 60_000)).toBe(0);
    const retryAfter = await limiter.take(key, 3, 60_000);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limiter.take(`${key}:other`, 3, 60_000)).toBe(0);
  });

  it('lets exactly the limit through when attempts come all at once', async () => {
    const key = `k:${randomBytes(4).toString('hex')}`;
    const answers = await Promise.all(Array.from({ length: 60 }, () => limiter.take(key, 10, 60_000)));
    expect(answers.filter((a) => a === 0)).toHaveLength(10);
  });

  it('takes an attempt given back again, and forgets a key on reset', async () => {
    const key = `k:${randomBytes(4).toString('hex')}`;
    expect(await limiter.take(key, 1, 60_000)).toBe(0);
    expect(await limiter.take(key, 1, 60_000)).toBeGreaterThan(0);
    await limiter.giveBack(key);
    expect(await limiter.take(key, 1, 60_000)).toBe(0);
    await limiter.reset(key);
    expect(await limiter.take(key, 1, 60_000)).toBe(0);
  });

  it('counts the attempts of the current window', async () => {
    const key = `k:${randomBytes(4).toString('hex')}`;
    expect(await limiter.count(key)).toBe(0);
    await limiter.take(key, 5, 60_000);
    await limiter.take(key, 5, 60_000);
    expect(await limiter.count(key)).toBe(2);
    await limiter.giveBack(key);
    expect(await limiter.count(key)).toBe(1);
    await limiter.reset(key);
    expect(await limiter.count(key)).toBe(0);
  });

  it('doubles the window of a growing limit after a lockout', async () => {
    const key = `k:${randomBytes(4).toString('hex')}`;
    const limit = growingLimit(limiter, key, 2, { windowMs: 100, maxWindowMs: 10_000, memoryMs: 60_000 });
    expect(await limit.take()).toBe(0);
    expect(await limit.take()).toBe(0);
    expect(await limit.take()).toBeGreaterThan(0);
    expect(await limiter.count(`${key}:lockouts`)).toBe(1);
    // Refusals within the same lockout count it once.
    expect(await limit.take()).toBeGreaterThan(0);
    expect(await limiter.count(`${key}:lockouts`)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limit.take()).toBe(0);
    expect(await limit.take()).toBe(0);
    expect(await limit.take()).toBeGreaterThan(0);
    expect(await limiter.count(`${key}:lockouts`)).toBe(2);
  });

  it('starts over once the window has passed', async () => {
    const key = `k:${randomBytes(4).toString('hex')}`;
    expect(await limiter.take(key, 1, 50)).toBe(0);
    expect(await limiter.take(key, 1, 50)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await limiter.take(key, 1, 50)).toBe(0);
  });
});

describe('memory rate limiter windows', () => {
  it('keeps the window fixed from the first attempt', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    await limiter.take('a', 2, 10_000);
    now += 9_000;
    await limiter.take('a', 2, 10_000);
    expect(await limiter.take('a', 2, 10_000)).toBe(1);
    now += 1_000;
    expect(await limiter.take('a', 2, 10_000)).toBe(0);
  });
});

describe('growing limit', () => {
  it('doubles the lockout with each one remembered, up to the longest, and forgets them after a while', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const minute = 60_000;
    const limit = growingLimit(limiter, 'account', 3, {
      windowMs: minute,
      maxWindowMs: 4 * minute,
      memoryMs: 60 * minute,
    });
    const lockoutAfterBurst = async () => {
      for (let i = 0; i < 3; i++) expect(await limit.take()).toBe(0);
      return limit.take();
    };
    expect(await lockoutAfterBurst()).toBe(60);
    now += 60_000;
    expect(await lockoutAfterBurst()).toBe(120);
    now += 120_000;
    expect(await lockoutAfterBurst()).toBe(240);
    now += 240_000;
    // Capped at the longest window.
    expect(await lockoutAfterBurst()).toBe(240);
    now += 60 * minute;
    // The lockouts are forgotten once their memory has passed.
    expect(await lockoutAfterBurst()).toBe(60);
  });
});
