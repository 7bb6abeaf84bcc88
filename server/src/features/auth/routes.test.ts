import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter } from '../../plugins/rate-limit.ts';
import { requireRole, SESSION_COOKIE } from '../../plugins/sessions.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { createUser } from '../users/service.ts';
import { createEntryAsAuthor } from '../../test/pow.ts';
import { setSessionExpiry } from '../../test/sessions.ts';
import { LOGIN_LIMITS, resolveSession } from './sessions.ts';

const probes: FastifyPluginAsync = async (api) => {
  api.get('/test/moderation', { preHandler: requireRole('mod', 'admin') }, async () => ({ ok: true }));
  api.get('/test/admin', { preHandler: requireRole('admin') }, async () => ({ ok: true }));
};

describe.each(testDatabases())('auth on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {}, { apiPlugins: [probes] });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/v1/auth', payload: { username, password }, headers });

  it('answers role none and ttl 0 without a session', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/auth' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ role: 'none', ttl: 0 });
  });

  it('logs in with the right password and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    await createUser(t.database.db, { username: 'Moderator1', role: 'mod', password: TEST_PASSWORD });
    const before = Math.floor(Date.now() / 1000);
    const response = await login('moderator1', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ role: string; ttl: number }>();
    expect(body.role).toBe('mod');
    expect(body.ttl).toBeGreaterThanOrEqual(before + 28_800);
    expect(body.ttl).toBeLessThanOrEqual(before + 28_801);

    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await t.database.db.selectFrom('sessions').select('id').execute();
    const hashed = createHash('sha256').update(cookie!.value).digest('hex');
    expect(rows.map((r) => r.id)).toContain(hashed);
    expect(rows.map((r) => r.id)).not.toContain(cookie!.value);

    expect((await t.request({ method: 'GET', url: '/api/v1/auth' })).json()).toEqual(body);
    expect((await t.request({ method: 'GET', url: '/api/v1/test/moderation' })).statusCode).toBe(200);
    const forbidden = await t.request({ method: 'GET', url: '/api/v1/test/admin' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('issues a new session on every login and drops the old one', async () => {
    await t.loginAs('admin', 'Rotator');
    const first = t.cookies.get(SESSION_COOKIE)!;
    await login('Rotator', TEST_PASSWORD);
    const second = t.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    expect((await resolveSession(t.database.db, first)).role).toBe('none');
    expect((await resolveSession(t.database.db, second)).role).toBe('admin');
  });

  it('answers a wrong name and a wrong password alike', async () => {
    await createUser(t.database.db, { username: 'Victim', role: 'admin', password: TEST_PASSWORD });
    const wrongPassword = await login('Victim', 'not the password');
    const wrongName = await login('Nobody', TEST_PASSWORD);
    for (const response of [wrongPassword, wrongName]) {
      expect(response.statusCode).toBe(401);
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect(wrongName.json()).toEqual(wrongPassword.json());
    expect(wrongName.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'invalid credentials' },
    });
  });

  it('refuses an author login for an entry that does not exist', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { cpt: 'article', article_id: 'abc', password: 'whatever1' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
  });

  it('logs out: deletes the session and clears the cookie', async () => {
    await t.loginAs('mod');
    const token = t.cookies.get(SESSION_COOKIE)!;
    const response = await t.request({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ role: 'none', ttl: 0 });
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    const id = createHash('sha256').update(token).digest('hex');
    expect(await t.database.db.selectFrom('sessions').where('id', '=', id).selectAll().execute()).toEqual([]);
    // Replaying the old cookie after logout gets nothing.
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(replay.json()).toEqual({ role: 'none', ttl: 0 });
  });

  it('treats an expired session as none, answers 401 on protected routes and removes the row', async () => {
    await t.loginAs('admin');
    const token = t.cookies.get(SESSION_COOKIE)!;
    const session = await resolveSession(t.database.db, token);
    await setSessionExpiry(t.database.db, session, Date.now() - 1000);

    expect((await t.request({ method: 'GET', url: '/api/v1/auth' })).json()).toEqual({
      role: 'none',
      ttl: 0,
    });
    const protectedResponse = await t.request({ method: 'GET', url: '/api/v1/test/moderation' });
    expect(protectedResponse.statusCode).toBe(401);
    expect(protectedResponse.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const rows = await t.database.db
      .selectFrom('sessions')
      .where('id', '=', session.id!)
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 401 on a protected route without any session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/moderation' });
    expect(response.statusCode).toBe(401);
  });
});

describe.each(testDatabases())('login limits on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { trustProxy: true }, { limiter: createMemoryRateLimiter() });
  });
  afterAll(() => t.close());

  // Moderation logins used to count failures per name alone, so anyone's ten wrong guesses locked
  // the account for everyone; they now lock it for untrusted clients only (see 'device cookies').
  it('refuses one untrusted client after its failures for an account, with Retry-After', async () => {
    await createUser(t.database.db, { username: 'Target', role: 'mod', password: TEST_PASSWORD });
    const attempt = (password: string, ip: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { username: 'target', password },
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < LOGIN_LIMITS.untrustedFailuresPerAccountAndClient; i++) {
      expect((await attempt(`wrong${i}xyz`, '10.0.0.1')).statusCode).toBe(401);
    }
    const limited = await attempt(TEST_PASSWORD, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);
    // Another client is not locked out by this one's failures.
    expect((await attempt(TEST_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });

  it('checks no more parallel guesses at one entry password than the limit', async () => {
    const author = await t.newClient();
    const entryId = await createEntryAsAuthor(author);
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.request({
          method: 'POST',
          url: '/api/v1/auth',
          payload: { cpt: 'article', article_id: entryId, password: `guess number ${i}` },
          headers: { 'x-forwarded-for': `10.1.${i}.1` },
        }),
      ),
    );
    const statuses = guesses.map((g) => g.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.failuresPerName);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LOGIN_LIMITS.failuresPerName);
  });

  it('limits one client across many names', async () => {
    const attempt = (i: number) =>
      t.request({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { username: `someone${i}`, password: 'wrongpass' },
        headers: { 'x-forwarded-for': '192.0.2.7' },
      });
    for (let i = 0; i < LOGIN_LIMITS.failuresPerClient; i++) expect((await attempt(i)).statusCode).toBe(401);
    const limited = await attempt(999);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('marks the session cookie Secure when the request came over https through a trusted proxy', async () => {
    await createUser(t.database.db, { username: 'Secure1', role: 'mod', password: TEST_PASSWORD });
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'Secure1', password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  });
});

describe('login logging and timing', () => {
  const [sqlite] = testDatabases();

  it('never writes passwords, cookies or tokens to the log', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      sqlite!,
      { logLevel: 'trace' },
      { logStream: { write: (l) => lines.push(l) } },
    );
    try {
      await t.loginAs('admin', 'Logged');
      await t.request({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { username: 'Logged', password: 'wrong-pass-9' },
      });
      await t.request({ method: 'GET', url: '/api/v1/auth' });
      const log = lines.join('');
      expect(log).toContain('request completed');
      expect(log).not.toContain(TEST_PASSWORD);
      expect(log).not.toContain('wrong-pass-9');
      for (const value of t.cookies.values()) expect(log).not.toContain(value);
    } finally {
      await t.close();
    }
  });

  it('keeps cookies, authorization and passwords out of completed and error lines', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      sqlite!,
      { logLevel: 'info' },
      { logStream: { write: (l) => lines.push(l) } },
    );
    const authorization = 'Bearer authorization-secret-1';
    const password = 'password-secret-2';
    const statuses = async () => [
      (await t.request({ method: 'GET', url: '/api/v1/auth', headers: { authorization } })).statusCode,
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/auth',
          headers: { authorization },
          payload: { username: 'Someone', password },
        })
      ).statusCode,
    ];
    let secrets: string[] = [];
    try {
      await t.loginAs('admin', 'Logged');
      secrets = [authorization, password, TEST_PASSWORD, t.csrfToken()!, ...t.cookies.values()];
      expect(await statuses()).toEqual([200, 401]);
      // With the database gone the same requests fail, and their errors are logged.
      await t.database.db.destroy();
      expect((await statuses())[1]).toBe(500);
    } finally {
      await t.close();
    }
    const records = lines.map((l) => JSON.parse(l) as { msg: string });
    expect(records.filter((r) => r.msg === 'request completed').length).toBeGreaterThanOrEqual(4);
    expect(records.filter((r) => r.msg === 'request failed').length).toBeGreaterThanOrEqual(1);
    const log = lines.join('');
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it.each([
    ['keeps client addresses out of the log unless the operator turns it on', false],
    ['writes client addresses to the log when EINWURF_LOG_CLIENT_ADDRESS is on', true],
  ])('%s', async (_name, logClientAddress) => {
    const lines: string[] = [];
    const t = await createTestApp(
      sqlite!,
      { logLevel: 'info', logClientAddress },
      { logStream: { write: (l) => lines.push(l) } },
    );
    try {
      await t.request({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { username: 'Someone', password: 'wrong-pass-9' },
        remoteAddress: '203.0.113.77',
      });
      const log = lines.join('');
      expect(lines.filter((l) => l.includes('"method":"POST","url":"/api/v1/auth"'))).toHaveLength(1);
      expect(log).toContain('request completed');
      expect(log.includes('203.0.113.77')).toBe(logClientAddress);
      expect(log.includes('remoteAddress')).toBe(logClientAddress);
    } finally {
      await t.close();
    }
  });

  it('spends comparable time on an unknown name and on a wrong password', async () => {
    const t = await createTestApp(sqlite!);
    try {
      await createUser(t.database.db, { username: 'Timed', role: 'mod', password: TEST_PASSWORD });
      const measure = async (username: string) => {
        const started = performance.now();
        for (let i = 0; i < 5; i++) {
          const response = await t.request({
            method: 'POST',
            url: '/api/v1/auth',
            payload: { username, password: `wrong password ${i}` },
          });
          expect(response.statusCode).toBe(401);
        }
        return performance.now() - started;
      };
      // Warm-up and measurement stay within the per-name limit of 10 failures.
      await measure('Timed');
      const known = await measure('Timed');
      const unknown = await measure('Unknown');
      expect(unknown / known).toBeGreaterThan(0.4);
      expect(unknown / known).toBeLessThan(2.5);
    } finally {
      await t.close();
    }
  });
});

describe.each(testDatabases())('login limits shared through Redis on $name', (target) => {
  const redisUrl = process.env['EINWURF_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

  it('counts failures across two app instances', async () => {
    const prefix = `einwurf-test:${Math.random().toString(36).slice(2)}:`;
    const a = await createTestApp(target, {}, { limiter: createRedisRateLimiter(redisUrl, prefix) });
    const b = await createTestApp(target, {}, { limiter: createRedisRateLimiter(redisUrl, prefix) });
    try {
      const attempt = (t: TestApp) =>
        t.request({
          method: 'POST',
          url: '/api/v1/auth',
          payload: { username: 'Shared', password: 'wrong pass' },
        });
      for (let i = 0; i < LOGIN_LIMITS.untrustedFailuresPerAccountAndClient; i++) {
        expect((await attempt(i % 2 === 0 ? a : b)).statusCode).toBe(401);
      }
      const limited = await attempt(a);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await a.app.limiter.close();
      await b.app.limiter.close();
      await a.close();
      await b.close();
    }
  });
});

describe('installations sharing one Redis', () => {
  const redisUrl = process.env['EINWURF_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const sqlite = testDatabases().find((target) => target.name === 'sqlite')!;

  it('keep their counts apart under their own EINWURF_REDIS_PREFIX', async () => {
    const base = `einwurf-test:${Math.random().toString(36).slice(2)}:`;
    const news = await createTestApp(sqlite, { redisUrl, redisPrefix: `${base}news:` });
    const city = await createTestApp(sqlite, { redisUrl, redisPrefix: `${base}city:` });
    try {
      const attempt = (t: TestApp) =>
        t.request({
          method: 'POST',
          url: '/api/v1/auth',
          payload: { username: 'Shared', password: 'wrong pass' },
        });
      for (let i = 0; i < LOGIN_LIMITS.untrustedFailuresPerAccountAndClient; i++)
        expect((await attempt(news)).statusCode).toBe(401);
      expect((await attempt(news)).statusCode).toBe(429);
      // The other installation has its own count for the same name.
      expect((await attempt(city)).statusCode).toBe(401);
    } finally {
      await news.close();
      await city.close();
    }
  });
});
