import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Entry } from '@einwurf/contract';
import type { AppConfig } from '../config.ts';
import { createTestApp, type TestApp, type TestClient } from '../test/app.ts';
import { testDatabases } from '../test/db.ts';
import { FIXTURES } from '../test/files.ts';
import { createEntryAsAuthor } from '../test/pow.ts';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(filename: string, bytes: Buffer) {
  const boundary = `----einwurf${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A 429 as the issue asks: RATE_LIMITED, and Retry-After in whole seconds within the window. */
function expectRateLimited(response: LightMyRequestResponse, windowSeconds: number): number {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  return retryAfter;
}

describe.each(testDatabases())('quotas on $name', (target) => {
  let test: TestApp;
  let dataDir: string;

  async function start(config: Partial<AppConfig>): Promise<TestApp> {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-quotas-'));
    test = await createTestApp(target, { dataDir, fileStorage: 'disk', ...config });
    return test;
  }

  afterEach(async () => {
    await test?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const fileCount = async (entryId: string) =>
    (await test.database.db.selectFrom('files').select('id').where('entry_id', '=', entryId).execute())
      .length;

  const upload = (client: TestClient, entryId: string, name = 'notiz.txt', bytes = FIXTURES.txt()) =>
    client.request({ method: 'POST', url: `/api/v1/anon/${entryId}/files`, ...multipart(name, bytes) });

  /** Saves the author's entry with a new title, from the revision the client last saw. */
  async function saveTitle(client: TestClient, entryId: string, title: string) {
    const current = await client.request({ method: 'GET', url: `/api/v1/anon/${entryId}` });
    const entry = current.json<Entry>();
    return client.request({
      method: 'PUT',
      url: `/api/v1/anon/${entryId}`,
      payload: { data: { ...entry.data, title } },
    });
  }

  describe('files per entry', () => {
    it('refuses a file past the count with 409 naming the limit, and keeps nothing of it', async () => {
      await start({ maxFilesPerEntry: 2 });
      const id = await createEntryAsAuthor(test);
      expect((await upload(test, id, 'a.txt')).statusCode).toBe(201);
      expect((await upload(test, id, 'b.txt')).statusCode).toBe(201);
      const refused = await upload(test, id, 'c.txt');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: { code: 'FILE_QUOTA_EXCEEDED', message: expect.stringMatching(/most it may hold is 2\b/) },
      });
      expect(await fileCount(id)).toBe(2);
      const events = await test.request({ method: 'GET', url: `/api/v1/anon/${id}/events` });
      const kinds = events.json<{ data: { kind: string }[] }>().data.map((e) => e.kind);
      expect(kinds.filter((k) => k === 'file_added')).toHaveLength(2);
    });

    it('refuses a file past the bytes before reading it when Content-Length shows it, and keeps nothing', async () => {
      await start({ maxBytesPerEntry: 100_000 });
      const id = await createEntryAsAuthor(test);
      const refused = await upload(test, id, 'gross.txt', Buffer.alloc(200_000, 'a'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: { code: 'FILE_QUOTA_EXCEEDED', message: expect.stringContaining('100000 bytes') },
      });
      expect(await fileCount(id)).toBe(0);
      // What fits is taken.
      expect((await upload(test, id, 'klein.txt', Buffer.alloc(50_000, 'a'))).statusCode).toBe(201);
      expect(await fileCount(id)).toBe(1);
    });

    it('lets parallel uploads past the count not at all', async () => {
      await start({ maxFilesPerEntry: 3 });
      const id = await createEntryAsAuthor(test);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(test, id, `p${i}.txt`)));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
      expect(await fileCount(id)).toBe(3);
    });
  });

  describe('a refused upload on a keep-alive connection', () => {
    /** Sends a 150 KB upload and a GET /healthz on one raw connection; answers both statuses. */
    async function uploadThenHealth(entryId: string): Promise<{ statuses: string[]; received: string }> {
      await test.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = test.app.server.address() as AddressInfo;
      const body = multipart('brief.txt', Buffer.alloc(150_000, 0x61));
      const cookie = [...test.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      const statusesOf = () => [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]!);
      const answered = new Promise<void>((resolve, reject) => {
        socket.on('data', (chunk: Buffer) => {
          received += chunk.toString('latin1');
          if (statusesOf().length === 2) resolve();
        });
        socket.on('error', reject);
        socket.on('close', () => resolve());
      });
      socket.write(
        `POST /api/v1/anon/${entryId}/files HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n` +
          `Cookie: ${cookie}\r\nX-Csrf-Token: ${test.csrfToken() ?? ''}\r\n\r\n`,
      );
      socket.write(body.payload);
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const timer = setTimeout(() => socket.destroy(), 10_000);
      await answered;
      clearTimeout(timer);
      socket.destroy();
      return { statuses: statusesOf(), received };
    }

    it.each([
      ['429 past the uploads per minute', { uploadsPerMinutePerSession: 1 }, '429'],
      ['409 past the files per entry', { maxFilesPerEntry: 1 }, '409'],
    ])('does not stall the next request (%s)', async (_case, config: Partial<AppConfig>, refused) => {
      await start(config);
      const id = await createEntryAsAuthor(test);
      expect((await upload(test, id)).statusCode).toBe(201);
      const started = Date.now();
      const { statuses, received } = await uploadThenHealth(id);
      expect(statuses[0]).toBe(refused);
      // Either both answers on this connection, or the refusal closed it (then a client reconnects).
      expect(statuses.length === 1 ? received : statuses[1]).toMatch(/200|Connection: close/i);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await fileCount(id)).toBe(1);
    });
  });

  describe('uploads per minute', () => {
    it('refuses uploads past the per-session quota with 429 and Retry-After, storing nothing', async () => {
      await start({ uploadsPerMinutePerSession: 2 });
      const id = await createEntryAsAuthor(test);
      expect((await upload(test, id)).statusCode).toBe(201);
      expect((await upload(test, id)).statusCode).toBe(201);
      expectRateLimited(await upload(test, id), 60);
      expect(await fileCount(id)).toBe(2);
    });

    it('counts the uploads of every session from one client address', async () => {
      await start({ uploadsPerMinutePerSession: 100, uploadsPerMinutePerClient: 3 });
      const first = await createEntryAsAuthor(test);
      const other = await test.newClient();
      const second = await createEntryAsAuthor(other);
      expect((await upload(test, first)).statusCode).toBe(201);
      expect((await upload(test, first)).statusCode).toBe(201);
      expect((await upload(other, second)).statusCode).toBe(201);
      expectRateLimited(await upload(other, second), 60);
      expect(await fileCount(second)).toBe(1);
      // Another address has its own count.
      const elsewhere = await other.request({
        method: 'POST',
        url: `/api/v1/anon/${second}/files`,
        remoteAddress: '192.0.2.7',
        ...multipart('b.txt', FIXTURES.txt()),
      });
      expect(elsewhere.statusCode).toBe(201);
    });

    it('counts moderation uploads too', async () => {
      await start({ uploadsPerMinutePerSession: 1 });
      const id = await createEntryAsAuthor(await test.newClient());
      await test.loginAs('mod');
      const modUpload = () =>
        test.request({
          method: 'POST',
          url: `/api/v1/admin/collection/entry/${id}/files`,
          ...multipart('m.txt', FIXTURES.txt()),
        });
      expect((await modUpload()).statusCode).toBe(201);
      expectRateLimited(await modUpload(), 60);
      expect(await fileCount(id)).toBe(1);
    });
  });

  describe('saves per minute', () => {
    it("refuses an author's saves past the per-session quota with 429 and Retry-After; the entry keeps the last save", async () => {
      await start({ savesPerMinutePerSession: 2 });
      const id = await createEntryAsAuthor(test);
      expect((await saveTitle(test, id, 'Eins')).statusCode).toBe(200);
      expect((await saveTitle(test, id, 'Zwei')).statusCode).toBe(200);
      expectRateLimited(await saveTitle(test, id, 'Drei'), 60);
      const stored = (await test.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
      expect(stored.data).toMatchObject({ title: 'Zwei', revision: 3 });
    });

    it('counts the saves of every session from one client address, and moderation saves', async () => {
      await start({ savesPerMinutePerSession: 100, savesPerMinutePerClient: 2 });
      const author = await test.newClient();
      const id = await createEntryAsAuthor(author);
      expect((await saveTitle(author, id, 'Eins')).statusCode).toBe(200);
      await test.loginAs('mod');
      const current = (
        await test.request({ method: 'GET', url: `/api/v1/admin/collection/entry/${id}` })
      ).json<Entry>();
      const moderate = (title: string, revision: number) =>
        test.request({
          method: 'PUT',
          url: `/api/v1/admin/collection/entry/${id}`,
          payload: { data: { ...current.data, title, revision } },
        });
      expect((await moderate('Zwei', current.data.revision)).statusCode).toBe(200);
      expectRateLimited(await moderate('Drei', current.data.revision + 1), 60);
      expectRateLimited(await saveTitle(author, id, 'Vier'), 60);
      const stored = (await author.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
      expect(stored.data.title).toBe('Zwei');
    });
  });

  describe('proof-of-work challenges per minute', () => {
    it('refuses challenges past the per-client quota with 429 and Retry-After; another address gets one', async () => {
      await start({ powChallengesPerMinute: 2 });
      const challenge = (remoteAddress?: string) =>
        test.request({ method: 'GET', url: '/api/v1/pow', ...(remoteAddress ? { remoteAddress } : {}) });
      expect((await challenge()).statusCode).toBe(200);
      expect((await challenge()).statusCode).toBe(200);
      const refused = await challenge();
      expectRateLimited(refused, 60);
      expect(refused.body).not.toContain('token');
      expect((await challenge('192.0.2.9')).statusCode).toBe(200);
    });
  });

  describe('author comments per hour', () => {
    const comment = (client: TestClient, id: string, content: string) =>
      client.request({
        method: 'POST',
        url: `/api/v1/anon/${id}/comments`,
        payload: { title: 'Frage', content },
      });
    const storedComments = async (id: string) =>
      (
        await test.database.db
          .selectFrom('comments')
          .select(['content', 'origin'])
          .where('entry_id', '=', id)
          .execute()
      ).map((c) => `${c.origin}:${c.content}`);

    it('refuses the comment past the quota with 429 and the seconds until the hour is over; moderation still comments', async () => {
      await start({ authorCommentsPerHour: 2 });
      const author = await test.newClient();
      const id = await createEntryAsAuthor(author);
      expect((await comment(author, id, 'eins')).statusCode).toBe(201);
      expect((await comment(author, id, 'zwei')).statusCode).toBe(201);
      const retryAfter = expectRateLimited(await comment(author, id, 'drei'), 3600);
      expect(retryAfter).toBeGreaterThan(3500);
      await test.loginAs('mod');
      const reply = await test.request({
        method: 'POST',
        url: `/api/v1/admin/collection/entry/${id}/comments`,
        payload: { title: 'Antwort', content: 'vier' },
      });
      expect(reply.statusCode).toBe(201);
      expect((await storedComments(id)).sort()).toEqual([
        'contributor:eins',
        'contributor:zwei',
        'moderation:vier',
      ]);
    });

    it('lets parallel comments past the quota not at all', async () => {
      await start({ authorCommentsPerHour: 2 });
      const id = await createEntryAsAuthor(test);
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => comment(test, id, String(i))));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 429, 429, 429, 429]);
      expect(await storedComments(id)).toHaveLength(2);
    });

    it('counts only the last hour', async () => {
      await start({ authorCommentsPerHour: 1 });
      const id = await createEntryAsAuthor(test);
      expect((await comment(test, id, 'alt')).statusCode).toBe(201);
      // As if the comment had been written an hour and a second ago.
      await test.database.db
        .updateTable('comments')
        .set({ created_at: Date.now() - 3_601_000 })
        .where('entry_id', '=', id)
        .execute();
      expect((await comment(test, id, 'neu')).statusCode).toBe(201);
      expectRateLimited(await comment(test, id, 'zu viel'), 3600);
    });
  });
});

describe('quotas counted in Redis', () => {
  const redisUrl = process.env['EINWURF_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const sqlite = testDatabases().find((target) => target.name === 'sqlite')!;
  const challenge = (t: TestApp) => t.request({ method: 'GET', url: '/api/v1/pow' });

  it('are shared by the instances of one installation', async () => {
    const redisPrefix = `einwurf-test:${randomBytes(6).toString('hex')}:`;
    const a = await createTestApp(sqlite, { redisUrl, redisPrefix, powChallengesPerMinute: 3 });
    const b = await createTestApp(sqlite, { redisUrl, redisPrefix, powChallengesPerMinute: 3 });
    try {
      expect((await challenge(a)).statusCode).toBe(200);
      expect((await challenge(b)).statusCode).toBe(200);
      expect((await challenge(a)).statusCode).toBe(200);
      expectRateLimited(await challenge(b), 60);
      expectRateLimited(await challenge(a), 60);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('let requests through uncounted while Redis is away', async () => {
    const t = await createTestApp(sqlite, {
      redisUrl: 'redis://127.0.0.1:1',
      redisTimeouts: { connectMs: 200, commandMs: 200 },
      powChallengesPerMinute: 1,
    });
    try {
      for (let i = 0; i < 3; i++) expect((await challenge(t)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
