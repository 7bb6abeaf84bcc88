import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/db.ts';
import { CSRF_COOKIE, csrfTokenFor } from './csrf.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

describe.each(testDatabases())('CSRF on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  const logout = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });

  it('gives a first request the cookie and the matching token in the same response', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/' });
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.headers['x-csrf-token']).toBe(csrfTokenFor(t.app.secrets.current(), cookie!.value));

    const accepted = await logout({
      cookie: `${CSRF_COOKIE}=${cookie!.value}`,
      'x-csrf-token': String(response.headers['x-csrf-token']),
    });
    expect(accepted.statusCode).toBe(200);
    // A known cookie is kept, not replaced.
    expect(accepted.cookies.find((c) => c.name === CSRF_COOKIE)).toBeUndefined();
    expect(accepted.headers['x-csrf-token']).toBe(response.headers['x-csrf-token']);
  });

  it.each([
    ['no token', (_cookie: string, _token: string) => ({ cookie: `${CSRF_COOKIE}=${_cookie}` })],
    [
      'a wrong token',
      (cookie: string) => ({ cookie: `${CSRF_COOKIE}=${cookie}`, 'x-csrf-token': 'x'.repeat(43) }),
    ],
    ['a short token', (cookie: string) => ({ cookie: `${CSRF_COOKIE}=${cookie}`, 'x-csrf-token': 'abc' })],
    ['a token but no cookie', (_cookie: string, token: string) => ({ 'x-csrf-token': token })],
    [
      "another cookie's token",
      (cookie: string) => ({
        cookie: `${CSRF_COOKIE}=${cookie}`,
        'x-csrf-token': csrfTokenFor(t.app.secrets.current(), 'A'.repeat(43)),
      }),
    ],
  ])('refuses a POST with %s: 403 CSRF_INVALID', async (_name, headers) => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/auth' });
    const cookie = first.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
    const response = await logout(headers(cookie, String(first.headers['x-csrf-token'])));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'CSRF_INVALID', message: 'CSRF token invalid' } });
    expect(response.body).toContain('CSRF token invalid');
    // The refusal still carries a usable token, so the client can retry once.
    expect(response.headers['x-csrf-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('lets a client retry once with the token from the refusal', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(refused.statusCode).toBe(403);
    const cookie = refused.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
    const retried = await logout({
      cookie: `${CSRF_COOKIE}=${cookie}`,
      'x-csrf-token': String(refused.headers['x-csrf-token']),
    });
    expect(retried.statusCode).toBe(200);
  });

  it('puts the token on every response: 404s, errors, health and the web app', async () => {
    for (const url of [
      '/api/v1/nothing',
      '/healthz',
      '/metrics',
      '/publish/',
      '/nothing',
      '/api/v1/schema/x/schema.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-csrf-token'], url).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const invalid = await t.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-csrf-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('binds the token to the session: a token of before the login, or of another session, is refused', async () => {
    const client = await t.newClient();
    const anonymous = client.csrfToken()!;
    const login = await client.loginAs('mod');
    expect(login.statusCode).toBe(200);
    const first = client.csrfToken()!;
    // The login's answer carries the token of the new session.
    expect(first).not.toBe(anonymous);
    const csrfCookie = client.cookies.get(CSRF_COOKIE)!;
    const firstSession = client.cookies.get(SESSION_COOKIE)!;
    expect(first).toBe(csrfTokenFor(t.app.secrets.current(), csrfCookie, firstSession));

    const post = (token: string) =>
      client.request({
        method: 'POST',
        url: '/api/v1/admin/collection/entry/none/comments',
        payload: { title: 't', content: 'c' },
        headers: { 'x-csrf-token': token },
      });
    expect((await post(anonymous)).statusCode).toBe(403);
    expect((await post(first)).statusCode).toBe(404);

    // Logged in again: the first session's token no longer passes.
    await client.loginAs('mod');
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(firstSession);
    expect((await post(first)).statusCode).toBe(403);
    expect((await post(client.csrfToken()!)).statusCode).toBe(404);

    // After logout the answer carries the token for no session again.
    const out = await client.request({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.headers['x-csrf-token']).toBe(csrfTokenFor(t.app.secrets.current(), csrfCookie));
  });

  it('answers each cookie and session pair its own token, made again or kept (a long session cookie is not kept)', async () => {
    const csrfCookie = 'C'.repeat(43);
    const secret = t.app.secrets.current();
    for (const session of [
      's'.repeat(43),
      't'.repeat(43),
      'l'.repeat(400),
      's'.repeat(43),
      'l'.repeat(400),
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth',
        headers: { cookie: `${CSRF_COOKIE}=${csrfCookie}; ${SESSION_COOKIE}=${session}` },
      });
      expect(answer.headers['x-csrf-token']).toBe(csrfTokenFor(secret, csrfCookie, session));
    }
  });

  it('does not ask GET, HEAD or OPTIONS for a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v1/auth' })).statusCode).toBe(200);
  });
});
