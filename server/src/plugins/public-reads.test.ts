import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQuietTestApp, type TestApp } from '../test/app.ts';
import { sqliteTarget, untilNothingWritten } from '../test/db.ts';
import { writeVersion } from '../db/write-version.ts';
import { keptPublicAnswer, PUBLIC_ANSWER_MS, publicAnswers, publicReadOnSend } from './public-reads.ts';

// The public answers kept in memory (the API's public reads use them): which answers are kept and
// when one is no longer good. The public routes' own tests show them on both databases.

let reads = 0;
/** How long the probe's reads take (ms); `slowOnce` only the next one's. */
let slow = 0;
let slowOnce = 0;
/** A public read that counts how often it really ran; `write` makes it write while it reads, `status` answers another. */
const probe: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { write?: string; status?: string } }>(
    '/probe/public',
    { config: { publicRead: true }, preHandler: keptPublicAnswer, onSend: publicReadOnSend },
    async (request, reply) => {
      const read = (reads += 1);
      const wait = slowOnce || slow;
      slowOnce = 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (request.query.write !== undefined)
        await sql`update entries set title = title where 1 = 0`.execute(app.db);
      if (request.query.status !== undefined) reply.code(Number(request.query.status));
      return { reads: read };
    },
  );
};

describe('public answers kept in memory', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createQuietTestApp(sqliteTarget(), { apiPlugins: [probe], now: () => clock });
  });
  beforeEach(() => untilNothingWritten());
  afterAll(() => t.close());

  const read = async (query = '', headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/probe/public${query}`, headers });
    return response.json<{ reads: number }>().reads;
  };

  it('answers the same read from memory until PUBLIC_ANSWER_MS have passed', async () => {
    const first = await read('?a');
    expect(await read('?a')).toBe(first);
    // Sent at once, it keeps the connection open for the next request.
    const kept = await t.app.inject({ method: 'GET', url: '/api/v1/probe/public?a' });
    expect(kept.json()).toEqual({ reads: first });
    expect(kept.headers['connection']).not.toBe('close');
    clock += PUBLIC_ANSWER_MS - 1;
    expect(await read('?a')).toBe(first);
    clock += 1;
    expect(await read('?a')).toBe(first + 1);
    // A clock set back finds no answer it could trust.
    clock -= 10 * PUBLIC_ANSWER_MS;
    expect(await read('?a')).toBe(first + 2);
  });

  it('keeps one answer per URL and host, and none of a HEAD', async () => {
    const first = await read('?b');
    expect(await read('?c')).toBe(first + 1);
    expect(await read('?b', { host: 'andere.example' })).toBe(first + 2);
    expect(await read('?b')).toBe(first);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/v1/probe/public?d' });
    expect(head.statusCode).toBe(200);
    expect(await read('?d')).toBe(first + 4);
  });

  it('keeps no answer when this process wrote while it was read, nor one other than 200', async () => {
    const first = await read('?write');
    expect(await read('?write')).toBe(first + 1);
    const failed = await t.app.inject({ method: 'GET', url: '/api/v1/probe/public?status=203' });
    expect(failed.statusCode).toBe(203);
    expect(await read('?status=203')).toBe(first + 3);
  });

  it('forgets every answer when this process writes', async () => {
    const first = await read('?e');
    await sql`update entries set title = title where 1 = 0`.execute(t.database.db);
    expect(await read('?e')).toBe(first + 1);
  });

  describe('a crowd', () => {
    beforeEach(() => {
      slow = 50;
    });
    afterAll(() => {
      slow = 0;
    });
    const crowd = (query: string, size: number) =>
      Promise.all(
        Array.from({ length: size }, () =>
          t.app.inject({ method: 'GET', url: `/api/v1/probe/public${query}` }),
        ),
      );

    it('arriving while one request reads the answer waits for it: one read for all', async () => {
      const before = reads;
      const answers = await crowd('?crowd', 8);
      expect(reads).toBe(before + 1);
      expect(new Set(answers.map((answer) => answer.body))).toEqual(
        new Set([JSON.stringify({ reads: before + 1 })]),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    });

    it('reads, all together, when the reading request kept nothing', async () => {
      const before = reads;
      const answers = await crowd('?status=203', 4);
      expect(answers.map((answer) => answer.statusCode)).toEqual([203, 203, 203, 203]);
      expect(reads).toBe(before + 4);
    });

    it('waits no longer than PUBLIC_ANSWER_MS for a slow reading', async () => {
      slow = 0;
      slowOnce = PUBLIC_ANSWER_MS + 500;
      const before = reads;
      const finished: number[] = [];
      const first = t.app.inject({ method: 'GET', url: '/api/v1/probe/public?slow' }).then((answer) => {
        finished.push(1);
        return answer.json<{ reads: number }>().reads;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const second = t.app.inject({ method: 'GET', url: '/api/v1/probe/public?slow' }).then((answer) => {
        finished.push(2);
        return answer.json<{ reads: number }>().reads;
      });
      expect(await Promise.all([first, second])).toEqual([before + 1, before + 2]);
      expect(finished).toEqual([2, 1]);
    });
  });

  it('keeps at most 500 answers, the least recently read going first', () => {
    const answers = publicAnswers();
    const now = Date.now();
    const answer = { bytes: Buffer.from('{}'), headers: {}, version: writeVersion(), until: now + 1000 };
    for (let i = 0; i <= 500; i += 1) answers.set(`k${i}`, answer);
    expect(answers.get('k0', now)).toBeUndefined();
    expect(answers.get('k500', now)).toBe(answer);
  });
});
