import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisSpentTokenStore } from './features/pow/spent-tokens.ts';
import { createRedisRateLimiter } from './plugins/rate-limit.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { testDatabases } from './test/db.ts';
import { AUTHOR_PASSWORD, redeem, solvedChallenge } from './test/pow.ts';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.ts';

const REDIS_URL = process.env['EINWURF_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const sqlite = testDatabases().find((target) => target.name === 'sqlite')!;

describe('a Redis that stops answering', () => {
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    const redis = new URL(REDIS_URL);
    proxy = await startTcpProxy(redis.hostname, Number(redis.port || 6379));
    const prefix = `einwurf-test:${randomBytes(6).toString('hex')}:`;
    // The configuration's default time-outs (2 s to connect, 2 s per command).
    t = await createTestApp(
      sqlite,
      {},
      {
        limiter: createRedisRateLimiter(proxy.url(REDIS_URL), `${prefix}rl:`),
        spentTokens: createRedisSpentTokenStore(proxy.url(REDIS_URL), `${prefix}pow:`),
      },
    );
  });
  afterAll(async () => {
    await t?.app.limiter.close();
    await t?.close();
    await proxy?.close();
  });

  const login = () =>
    t.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'nobody', password: 'wrong pass' },
    });
  const timed = async (send: () => Promise<LightMyRequestResponse>) => {
    const started = performance.now();
    const response = await send();
    return { response, seconds: (performance.now() - started) / 1000 };
  };
  const expectUnavailable = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: expect.any(String) } });
    expect(response.headers['retry-after']).toBe('5');
  };
  const untilAnswered = async (send: () => Promise<LightMyRequestResponse>) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await send();
      if (response.statusCode !== 503 || Date.now() > deadline) return response;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('refuses logins and entry creation with 503 within the bound, and serves them again once it is back', async () => {
    expect((await login()).statusCode).toBe(401);
    const { token, solution } = await solvedChallenge(t);
    const creation = { solution, cpt: 'article', password: AUTHOR_PASSWORD };

    proxy.blackHole();
    const loginOnOpenConnection = await timed(login);
    expectUnavailable(loginOnOpenConnection.response);
    expect(loginOnOpenConnection.seconds).toBeLessThan(3);
    const loginWhileReconnecting = await timed(login);
    expectUnavailable(loginWhileReconnecting.response);
    expect(loginWhileReconnecting.seconds).toBeLessThan(3);
    const created = await timed(() => redeem(t, token, creation));
    expectUnavailable(created.response);
    expect(created.seconds).toBeLessThan(3);
    console.info(
      `black-holed Redis: login 503 after ${loginOnOpenConnection.seconds.toFixed(2)} s, ` +
        `${loginWhileReconnecting.seconds.toFixed(2)} s while reconnecting; entry creation 503 after ` +
        `${created.seconds.toFixed(2)} s`,
    );

    proxy.restore();
    expect((await untilAnswered(login)).statusCode).toBe(401);
    // The refused creation spent nothing: the same token creates the entry now, and only once.
    expect((await untilAnswered(() => redeem(t, token, creation))).statusCode).toBe(201);
    expect((await redeem(t, token, creation)).statusCode).toBe(409);
  }, 40_000);

  it('answers 503, not 500, while the connection is cut, and recovers', async () => {
    proxy.cut();
    expect([401, 503]).toContain((await login()).statusCode);
    expect((await untilAnswered(login)).statusCode).toBe(401);
  }, 20_000);
});
