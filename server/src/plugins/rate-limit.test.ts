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
