import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter } from '../../plugins/rate-limit.ts';
import { SESSION_COOKIE } from '../../plugins/sessions.ts';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { createEntryAsAuthor } from '../../test/pow.ts';
import { fixedSecrets } from '../secrets/service.ts';
import { createUser } from '../users/service.ts';
import { DEVICE_COOKIE, issueDeviceToken, verifyDeviceToken } from './device-cookie.ts';
import { LOGIN_LIMITS } from './sessions.ts';

const SECRET = 'the current signing secret of the tests';
const PREVIOUS = 'the signing secret a rotation replaced';
const YEAR_MS = 365 * 24 * 60 * 60_000;

const login = (client: TestClient, username: string, password: string, ip: string) =>
  client.request({
    method: 'POST',
    url: '/api/v1/auth',
    payload: { username, password },
    headers: { 'x-forwarded-for': ip },
  });

describe('device tokens', () => {
  it('carry the account and a fresh nonce, verified by any secret that still verifies', () => {
    const token = issueDeviceToken(SECRET, 'anna');
    const claims = verifyDeviceToken([SECRET], token);
    expect(claims?.account).toBe('anna');
    expect(claims?.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(verifyDeviceToken([SECRET], issueDeviceToken(SECRET, 'anna'))?.nonce).not.toBe(claims?.nonce);
    expect(verifyDeviceToken([SECRET, PREVIOUS], issueDeviceToken(PREVIOUS, 'anna'))?.account).toBe('anna');
  });

  it('refuse a token forged, altered, expired or malformed', () => {
    const token = issueDeviceToken(SECRET, 'anna');
    const [, signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ a: 'boss', n: 'a'.repeat(22), iat: 1 })).toString(
      'base64url',
    );
    const refused = [
      undefined,
      '',
      'garbage',
      issueDeviceToken('another secret altogether', 'anna'),
      `${otherPayload}.${signature}`,
      `${token}.extra`,
      `${token}x`,
      issueDeviceToken(SECRET, 'anna', Date.now() - YEAR_MS - 1000),
      'a'.repeat(600),
    ];
    for (const value of refused) expect(verifyDeviceToken([SECRET], value), String(value)).toBeUndefined();
    // Signed with a secret that no longer verifies.
    expect(verifyDeviceToken([PREVIOUS], issueDeviceToken(SECRET, 'anna'))).toBeUndefined();
  });
});

describe.each(testDatabases())('device cookies on $name', (target) => {
  let t: TestApp;
  // The limiter's clock, moved on by the tests to end windows.
  let now = Date.now();
  beforeAll(async () => {
    t = await createTestApp(
      target,
      { trustProxy: true },
      { limiter: createMemoryRateLimiter(() => now), secrets: fixedSecrets(SECRET, PREVIOUS) },
    );
  });
  afterAll(() => t.close());

  /** A browser that has logged in to the account once and logged out again, keeping its device cookie. */
  const knownBrowser = async (username: string, ip: string) => {
    const browser = await t.newClient();
    expect((await login(browser, username, TEST_PASSWORD, ip)).statusCode).toBe(200);
    await browser.request({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(browser.cookies.has(DEVICE_COOKIE)).toBe(true);
    return browser;
  };

  it('sets a long-lived HttpOnly, SameSite=Lax device cookie for the login route on a moderation login', async () => {
    await createUser(t.database.db, { username: 'Cookie1', role: 'mod', password: TEST_PASSWORD });
    const browser = await t.newClient();
    const response = await browser.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'Cookie1', password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.9' },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
      path: '/api/v1/auth',
      maxAge: 365 * 24 * 60 * 60,
    });
    expect(verifyDeviceToken([SECRET], cookie?.value)?.account).toBe('cookie1');

    const plain = await login(await t.newClient(), 'Cookie1', TEST_PASSWORD, '198.51.100.9');
    expect(plain.cookies.find((c) => c.name === DEVICE_COOKIE)?.secure).toBeUndefined();
    // Neither a failed login nor an author's login gets one.
    const failed = await login(await t.newClient(), 'Cookie1', 'wrong password', '198.51.100.9');
    expect(failed.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
    const author = await t.newClient();
    await createEntryAsAuthor(author);
    expect(author.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(author.cookies.has(DEVICE_COOKIE)).toBe(false);
  });

  it("lets the moderator's known browser log in after a stranger's 50 wrong guesses", async () => {
    await createUser(t.database.db, { username: 'Besieged', role: 'mod', password: TEST_PASSWORD });
    const browser = await knownBrowser('Besieged', '10.20.0.1');
    const stranger = await t.newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      statuses.push((await login(stranger, 'besieged', `guess number ${i}`, `10.21.0.${i}`)).statusCode);
    }
    // The account is locked for untrusted clients after their limit...
    expect(statuses.slice(0, LOGIN_LIMITS.untrustedFailuresPerAccount).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_LIMITS.untrustedFailuresPerAccount).every((s) => s === 429)).toBe(true);
    const refused = await login(stranger, 'Besieged', TEST_PASSWORD, '10.21.1.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(stranger.cookies.has(SESSION_COOKIE)).toBe(false);
    // ...so is a new browser of the moderator's, even on an address the stranger used...
    expect((await login(await t.newClient(), 'Besieged', TEST_PASSWORD, '10.21.0.3')).statusCode).toBe(429);
    // ...but not the browser that logged in before: a mistyped password is just wrong, the right one works.
    expect((await login(browser, 'Besieged', 'mistyped password', '10.21.0.3')).statusCode).toBe(401);
    const response = await login(browser, 'Besieged', TEST_PASSWORD, '10.21.0.3');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'mod', username: 'Besieged' });
  });

  it('locks a device cookie after its own failures and forgets them on a successful login', async () => {
    await createUser(t.database.db, { username: 'Clumsy', role: 'admin', password: TEST_PASSWORD });
    const browser = await knownBrowser('Clumsy', '10.30.0.1');
    const first = browser.cookies.get(DEVICE_COOKIE);
    for (let i = 0; i < LOGIN_LIMITS.failuresPerDevice - 1; i++) {
      expect((await login(browser, 'Clumsy', `typo ${i}`, '10.30.0.1')).statusCode).toBe(401);
    }
    expect((await login(browser, 'Clumsy', TEST_PASSWORD, '10.30.0.1')).statusCode).toBe(200);
    // A new cookie with a fresh count.
    expect(browser.cookies.get(DEVICE_COOKIE)).not.toBe(first);
    for (let i = 0; i < LOGIN_LIMITS.failuresPerDevice; i++) {
      expect((await login(browser, 'Clumsy', `typo ${i}`, '10.30.0.1')).statusCode).toBe(401);
    }
    const locked = await login(browser, 'Clumsy', TEST_PASSWORD, '10.30.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);
    // The cookie's failures lock neither the account nor other browsers on the same address.
    expect((await login(await t.newClient(), 'Clumsy', TEST_PASSWORD, '10.30.0.1')).statusCode).toBe(200);
  });

  it("counts a forged, expired or another account's device cookie as an untrusted client", async () => {
    await createUser(t.database.db, { username: 'Owner', role: 'mod', password: TEST_PASSWORD });
    await createUser(t.database.db, { username: 'Neighbour', role: 'mod', password: TEST_PASSWORD });
    const neighbours = await knownBrowser('Neighbour', '10.40.0.1');
    const stranger = await t.newClient();
    for (let i = 0; i < LOGIN_LIMITS.untrustedFailuresPerAccount; i++) {
      expect((await login(stranger, 'Owner', `guess ${i}`, `10.41.0.${i}`)).statusCode).toBe(401);
    }
    const withDeviceCookie = async (token: string) => {
      const browser = await t.newClient();
      browser.cookies.set(DEVICE_COOKIE, token);
      return (await login(browser, 'Owner', TEST_PASSWORD, '10.42.0.1')).statusCode;
    };
    const valid = issueDeviceToken(SECRET, 'owner');
    const [payload] = valid.split('.');
    const untrusted = [
      neighbours.cookies.get(DEVICE_COOKIE)!,
      issueDeviceToken('a secret the server never had', 'owner'),
      `${payload}.${issueDeviceToken(SECRET, 'neighbour').split('.')[1]}`,
      issueDeviceToken(SECRET, 'owner', Date.now() - YEAR_MS - 60_000),
      'not-a-device-token',
    ];
    for (const token of untrusted) expect(await withDeviceCookie(token), token).toBe(429);
    // Signed with the current secret, or with the one a rotation replaced, it is trusted.
    expect(await withDeviceCookie(valid)).toBe(200);
    expect(await withDeviceCookie(issueDeviceToken(PREVIOUS, 'owner'))).toBe(200);
    // The neighbour's own cookie still works for the neighbour.
    expect((await login(neighbours, 'Neighbour', TEST_PASSWORD, '10.42.0.1')).statusCode).toBe(200);
  });

  it('checks no more parallel guesses at an account from untrusted clients than the limit', async () => {
    await createUser(t.database.db, { username: 'Rushed', role: 'mod', password: TEST_PASSWORD });
    const stranger = await t.newClient();
    const statuses = (
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          login(stranger, 'Rushed', `parallel guess ${i}`, `10.50.${i}.1`),
        ),
      )
    ).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.untrustedFailuresPerAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LOGIN_LIMITS.untrustedFailuresPerAccount);
  });

  it('makes untrusted clients wait longer after each lockout, while the known browser logs in', async () => {
    await createUser(t.database.db, { username: 'Persistent', role: 'mod', password: TEST_PASSWORD });
    const browser = await knownBrowser('Persistent', '10.60.0.1');
    const stranger = await t.newClient();
    const windowSeconds = LOGIN_LIMITS.windowMs / 1000;
    const lockOut = async (round: number) => {
      for (let i = 0; i < LOGIN_LIMITS.untrustedFailuresPerAccount; i++) {
        expect((await login(stranger, 'Persistent', `guess ${i}`, `10.6${round}.0.${i}`)).statusCode).toBe(
          401,
        );
      }
      const refused = await login(stranger, 'Persistent', TEST_PASSWORD, `10.6${round}.1.1`);
      expect(refused.statusCode).toBe(429);
      return Number(refused.headers['retry-after']);
    };
    const waits: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const wait = await lockOut(round);
      waits.push(wait);
      expect((await login(browser, 'Persistent', TEST_PASSWORD, `10.6${round}.1.1`)).statusCode).toBe(200);
      now += wait * 1000;
    }
    expect(waits).toEqual([windowSeconds, 2 * windowSeconds, 4 * windowSeconds]);
    // Once the lockout has passed, the right password works from anywhere again.
    expect((await login(await t.newClient(), 'Persistent', TEST_PASSWORD, '10.69.0.1')).statusCode).toBe(200);
  });

  it("lets no name reach another account's lockout records", async () => {
    await createUser(t.database.db, { username: 'Victim2', role: 'mod', password: TEST_PASSWORD });
    const stranger = await t.newClient();
    for (let i = 0; i < LOGIN_LIMITS.untrustedFailuresPerAccount + 5; i++) {
      await login(stranger, 'victim2:lockouts', `guess ${i}`, `10.80.0.${i}`);
    }
    for (let i = 0; i < LOGIN_LIMITS.untrustedFailuresPerAccount; i++) {
      expect((await login(stranger, 'Victim2', `guess ${i}`, `10.81.0.${i}`)).statusCode).toBe(401);
    }
    const refused = await login(stranger, 'Victim2', TEST_PASSWORD, '10.81.1.1');
    expect(refused.statusCode).toBe(429);
    // The first lockout of this account: the shortest window.
    expect(Number(refused.headers['retry-after'])).toBe(LOGIN_LIMITS.windowMs / 1000);
  });
});

describe.each(testDatabases())('device cookies across instances sharing Redis on $name', (target) => {
  const redisUrl = process.env['EINWURF_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

  it("lets the known browser log in at one instance while strangers' guesses at both lock the account", async () => {
    const prefix = `einwurf-test:${randomBytes(6).toString('hex')}:`;
    const secrets = fixedSecrets(SECRET);
    const a = await createTestApp(
      target,
      { trustProxy: true },
      { limiter: createRedisRateLimiter(redisUrl, prefix), secrets },
    );
    // Each instance has its own database here, with the same account; the counters are shared.
    const b = await createTestApp(
      target,
      { trustProxy: true },
      { limiter: createRedisRateLimiter(redisUrl, prefix), secrets },
    );
    try {
      await createUser(a.database.db, { username: 'Shared', role: 'mod', password: TEST_PASSWORD });
      await createUser(b.database.db, { username: 'Shared', role: 'mod', password: TEST_PASSWORD });
      expect((await login(a, 'Shared', TEST_PASSWORD, '10.70.0.1')).statusCode).toBe(200);
      const token = a.cookies.get(DEVICE_COOKIE)!;
      const strangers = [await a.newClient(), await b.newClient()];
      for (let i = 0; i < LOGIN_LIMITS.untrustedFailuresPerAccount; i++) {
        expect((await login(strangers[i % 2]!, 'Shared', `guess ${i}`, `10.71.0.${i}`)).statusCode).toBe(401);
      }
      expect((await login(strangers[0]!, 'Shared', TEST_PASSWORD, '10.71.1.1')).statusCode).toBe(429);
      expect((await login(strangers[1]!, 'Shared', TEST_PASSWORD, '10.71.1.1')).statusCode).toBe(429);
      // The browser with the device cookie from instance a logs in at instance b.
      const browser = await b.newClient();
      browser.cookies.set(DEVICE_COOKIE, token);
      expect((await login(browser, 'Shared', TEST_PASSWORD, '10.71.1.1')).statusCode).toBe(200);
    } finally {
      await a.app.limiter.close();
      await b.app.limiter.close();
      await a.close();
      await b.close();
    }
  });
});
