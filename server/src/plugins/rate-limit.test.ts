import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit.ts';

const REDIS_URL = process.env['EINWURF_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

const limiters: [string, () => RateLimiter][] = [
  ['memory', () => createMemoryRateLimiter()],
  ['redis', () => createRedisRateLimiter(REDIS_URL, `einwurf-test:${randomBytes(6).toString('hex')}:`)],
];

describe.each(limiters)('%s rate limiter', (_name, create) => {
  const limiter = create();
  afterAll(() => limiter.close());

  it('allows a key under its limit and refuses it at the limit with the seconds left', async () => {
    const key = `k:${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 3; i++) {
      expect(await limiter.retryAfter(key, 3)).toBe(0);
      await limiter.hit(key, 60_000);
    }
    const retryAfter = await limiter.retryAfter(key, 3);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limiter.retryAfter(`${key}:other`, 3)).toBe(0);
  });

  it('forgets a key on reset', async () => {
    const key = `k:${randomBytes(4).toString('hex')}`;
    await limiter.hit(key, 60_000);
    expect(await limiter.retryAfter(key, 1)).toBeGreaterThan(0);
    await limiter.reset(key);
    expect(await limiter.retryAfter(key, 1)).toBe(0);
  });

  it('starts over once the window has passed', async () => {
    const key = `k:${randomBytes(4).toString('hex')}`;
    await limiter.hit(key, 50);
    expect(await limiter.retryAfter(key, 1)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await limiter.retryAfter(key, 1)).toBe(0);
  });
});

describe('memory rate limiter windows', () => {
  it('keeps the window fixed from the first hit', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    await limiter.hit('a', 10_000);
    now += 9_000;
    await limiter.hit('a', 10_000);
    expect(await limiter.retryAfter('a', 2)).toBe(1);
    now += 1_000;
    expect(await limiter.retryAfter('a', 2)).toBe(0);
  });
});
