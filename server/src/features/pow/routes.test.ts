import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPowSolution, isValidPowDifficulty, readPowToken, solvePow } from '@einwurf/contract';
import { SESSION_COOKIE } from '../../plugins/sessions.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { AUTHOR_PASSWORD, redeem, solvedChallenge } from '../../test/pow.ts';
import { createEntry } from '../entries/author-service.ts';
import { difficultyFor } from './service.ts';
import { createRedisSpentTokenStore } from './spent-tokens.ts';
import { signPowToken } from './token.ts';

const REDIS_URL = process.env['EINWURF_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claims(overrides: Record<string, unknown> = {}) {
  const nonce = randomBytes(16).toString('hex');
  const iat = Math.floor(Date.now() / 1000);
  return { jti: nonce, nonce, difficulty: 2, iat, exp: iat + 300, ...overrides };
}

/** A token signed with the given secret, and a counter that solves it. */
function solvedToken(secret: string, overrides: Record<string, unknown> = {}) {
  const payload = claims(overrides);
  const solvable = isValidPowDifficulty(payload.difficulty) && payload.difficulty <= 8;
  const solution = solvable ? solvePow(payload.nonce, payload.difficulty) : 0;
  return { token: signPowToken(secret, payload), solution: String(solution), nonce: payload.nonce };
}

describe.each(testDatabases())('proof of work on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { powDifficulty: 3 });
  });
  afterAll(() => t.close());

  it('issues an HS256 token with a 128-bit nonce, the difficulty and a five-minute expiry', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/pow' });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ data: { token: string } }>().data;
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const now = Math.floor(Date.now() / 1000);
    expect(payload).toEqual({
      jti: payload.nonce,
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      difficulty: 3,
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(payload.exp - now).toBeGreaterThanOrEqual(299);
    expect(payload.exp - now).toBeLessThanOrEqual(300);
    const other = (await t.request({ method: 'GET', url: '/api/v1/pow' })).json<{
      data: { token: string };
    }>();
    expect(readPowToken(other.data.token)?.nonce).not.toBe(payload.nonce);
  });

  it('creates a draft and the author session once, then refuses the same token as replayed', async () => {
    const client = await t.newClient();
    const { token, solution } = await solvedChallenge(client);
    const before = Math.floor(Date.now() / 1000);
    const created = await redeem(client, token, { solution, cpt: 'event', password: AUTHOR_PASSWORD });
    expect(created.statusCode).toBe(201);
    expect(created.headers['location']).toMatch(/^\/api\/v1\/anon\/[A-Za-z0-9_-]{22}$/);
    const body = created.json<{ role: string; ttl: number }>();
    expect(body.role).toBe('anon');
    expect(body.ttl).toBeGreaterThanOrEqual(before + 14_400);
    const cookie = created.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const entry = await client.request({ method: 'GET', url: String(created.headers['location']) });
    expect(entry.json()).toMatchObject({ data: { type: 'event', state: 'draft', title: '' } });

    const replayed = await redeem(client, token, { solution, cpt: 'event', password: AUTHOR_PASSWORD });
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toMatchObject({ error: { code: 'POW_REPLAYED' } });
    const count = await t.database.db
      .selectFrom('entries')
      .select('id')
      .where('type', '=', 'event')
      .execute();
    expect(count).toHaveLength(1);
  });

  it('answers 401 without a bearer token', async () => {
    const body = { solution: '1', cpt: 'article', password: AUTHOR_PASSWORD };
    for (const authorization of [undefined, '', 'Basic abc', 'Bearer', 'Bearer ']) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/pow',
        payload: body,
        ...(authorization === undefined ? {} : { headers: { authorization } }),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'challenge token missing' },
      });
    }
  });

  it('refuses forged tokens: another secret, alg none, edited claims, garbage', async () => {
    const secret = t.app.secrets.current();
    const foreign = solvedToken('another secret of enough length');
    const genuine = solvedToken(secret);
    const [header, , signature] = genuine.token.split('.');
    const easier = claims({ nonce: genuine.nonce, jti: genuine.nonce, difficulty: 1 });
    const cases: [string, string, string][] = [
      ['another secret', foreign.token, foreign.solution],
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`, '0'],
      [
        'alg none, signature kept',
        `${b64({ alg: 'none' })}.${genuine.token.split('.')[1]}.${signature}`,
        genuine.solution,
      ],
      ['edited difficulty', `${header}.${b64(easier)}.${signature}`, String(solvePow(genuine.nonce, 1))],
      ['garbage', 'not-a-jwt', '0'],
      ['too many parts', `${genuine.token}.x`, genuine.solution],
    ];
    for (const [name, token, solution] of cases) {
      const response = await redeem(t, token, { solution, cpt: 'article', password: AUTHOR_PASSWORD });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({ error: { code: 'POW_INVALID' } });
    }
  });

  it('refuses signed tokens claiming a difficulty outside 1-63 or without a nonce', async () => {
    const secret = t.app.secrets.current();
    for (const overrides of [
      { difficulty: 0 },
      { difficulty: 64 },
      { difficulty: 2.5 },
      { nonce: 'short' },
    ]) {
      const { token } = solvedToken(secret, overrides);
      const response = await redeem(t, token, { solution: '0', cpt: 'article', password: AUTHOR_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'POW_INVALID' } });
    }
  });

  it('refuses an expired token', async () => {
    const iat = Math.floor(Date.now() / 1000) - 400;
    const { token, solution } = solvedToken(t.app.secrets.current(), { iat, exp: iat + 300 });
    const response = await redeem(t, token, { solution, cpt: 'article', password: AUTHOR_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'POW_EXPIRED' } });
  });

  it('refuses a wrong solution without spending the token', async () => {
    const client = await t.newClient();
    const { token, solution } = await solvedChallenge(client);
    const { nonce, difficulty } = readPowToken(token)!;
    let wrong = 0;
    while (checkPowSolution(nonce, wrong, difficulty)) wrong++;
    const response = await redeem(client, token, {
      solution: String(wrong),
      cpt: 'article',
      password: AUTHOR_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'POW_UNSOLVED' } });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    const solved = await redeem(client, token, {
      solution: Number(solution),
      cpt: 'article',
      password: AUTHOR_PASSWORD,
    });
    expect(solved.statusCode).toBe(201);
  });

  it('names an unknown type and a weak password, and keeps the token for a corrected try', async () => {
    const client = await t.newClient();
    const { token, solution } = await solvedChallenge(client);
    const unknown = await redeem(client, token, { solution, cpt: 'recipe', password: AUTHOR_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: [{ field: 'cpt', keyword: 'enum' }] },
    });
    for (const password of ['short', 'Passwort', '12345678', 'x'.repeat(1025)]) {
      const weak = await redeem(client, token, { solution, cpt: 'article', password });
      expect(weak.statusCode, password).toBe(400);
      expect(
        weak.json<{ error: { fields: { field: string }[] } }>().error.fields.map((f) => f.field),
      ).toEqual(['password']);
    }
    expect(
      (await redeem(client, token, { solution, cpt: 'article', password: AUTHOR_PASSWORD })).statusCode,
    ).toBe(201);
  });

  it('never answers 500 to bodies of the wrong shape', async () => {
    const { token, solution } = await solvedChallenge(t);
    const good = { solution, cpt: 'article', password: AUTHOR_PASSWORD };
    const bodies: unknown[] = [
      null,
      [],
      'text',
      {},
      { ...good, solution: -1 },
      { ...good, solution: 1.5 },
      { ...good, solution: 'abc' },
      { ...good, solution: '007' },
      { ...good, solution: '9'.repeat(400) },
      { ...good, solution: null },
      { ...good, solution: {} },
      { ...good, cpt: 5 },
      { ...good, cpt: '' },
      { ...good, cpt: 'x'.repeat(10_000) },
      { ...good, password: 5 },
      { ...good, password: ['a'] },
      { ...good, extra: true },
      { cpt: 'article', password: AUTHOR_PASSWORD },
    ];
    for (const payload of bodies) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/pow',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const hugeToken = await redeem(t, 'a'.repeat(100_000), good);
    expect(hugeToken.statusCode).toBe(400);
    expect((await redeem(t, token, good)).statusCode).toBe(201);
  });
});

describe.each(testDatabases())('proof-of-work difficulty on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { powDifficulty: 1, powRate: 2 });
  });
  afterAll(() => t.close());

  const difficulty = async () => {
    const config = (await t.request({ method: 'GET', url: '/api/v1/config' })).json<{
      pow: { difficulty: number };
    }>();
    const pow = (await t.request({ method: 'GET', url: '/api/v1/pow' })).json<{ data: { token: string } }>();
    expect(readPowToken(pow.data.token)?.difficulty).toBe(config.pow.difficulty);
    return config.pow.difficulty;
  };

  it('rises by one bit per doubling of creations per minute over the rate', async () => {
    expect(await difficulty()).toBe(1);
    const create = () => createEntry(t.database.db, { type: 'article', passwordHash: 'x' });
    await create();
    await create();
    expect(await difficulty()).toBe(1);
    await create();
    expect(await difficulty()).toBe(2);
    await create();
    await create();
    expect(await difficulty()).toBe(3);
    // Older creations no longer count.
    await t.database.db
      .updateTable('entries')
      .set({ created_at: Date.now() - 61_000 })
      .execute();
    expect(await difficulty()).toBe(1);
  });

  it('follows the rule 1 bit per doubling, capped at 63', () => {
    expect(difficultyFor(16, 30, 0)).toBe(16);
    expect(difficultyFor(16, 30, 30)).toBe(16);
    expect(difficultyFor(16, 30, 31)).toBe(17);
    expect(difficultyFor(16, 30, 60)).toBe(17);
    expect(difficultyFor(16, 30, 61)).toBe(18);
    expect(difficultyFor(16, 30, 30 * 2 ** 10)).toBe(26);
    expect(difficultyFor(60, 1, 1_000_000)).toBe(63);
  });
});

describe.each(testDatabases())('spent tokens shared through Redis on $name', (target) => {
  it('refuses on one instance a token spent on another', async () => {
    const prefix = `einwurf-test:${randomBytes(6).toString('hex')}:`;
    const stores = [
      createRedisSpentTokenStore(REDIS_URL, prefix),
      createRedisSpentTokenStore(REDIS_URL, prefix),
    ];
    const a = await createTestApp(target, {}, { spentTokens: stores[0] });
    const b = await createTestApp(target, { secret: a.app.secrets.current() }, { spentTokens: stores[1] });
    try {
      const { token, solution } = await solvedChallenge(a);
      const body = { solution, cpt: 'article', password: AUTHOR_PASSWORD };
      expect((await redeem(a, token, body)).statusCode).toBe(201);
      const replayed = await redeem(b, token, body);
      expect(replayed.statusCode).toBe(409);
      expect(replayed.json()).toMatchObject({ error: { code: 'POW_REPLAYED' } });
    } finally {
      await a.close();
      await b.close();
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});

describe('proof-of-work logging', () => {
  const [sqlite] = testDatabases();

  it('never writes the challenge token, the solution or the password to the log', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      sqlite!,
      { logLevel: 'trace' },
      { logStream: { write: (l) => lines.push(l) } },
    );
    try {
      const { token, solution } = await solvedChallenge(t);
      const response = await redeem(t, token, { solution, cpt: 'article', password: AUTHOR_PASSWORD });
      expect(response.statusCode).toBe(201);
      await redeem(t, token, { solution, cpt: 'article', password: 'Passwort' });
      const log = lines.join('');
      expect(log).toContain('request completed');
      expect(log).not.toContain(token.split('.')[2]);
      expect(log).not.toContain(AUTHOR_PASSWORD);
    } finally {
      await t.close();
    }
  });
});
