import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_STATES, type HealthMetric } from '@einwurf/contract';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry, shippedContentTypes, TEST_MODERATOR } from '../../test/entries.ts';
import { deleteEntryAsModeration, moderateEntry } from '../entries/moderation-service.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { createConfiguredStorage, type FileStorage } from '../files/storage/index.ts';
import { createRedisRateLimiter } from '../../plugins/rate-limit.ts';
import { createRedisSpentTokenStore } from '../pow/spent-tokens.ts';

const METRICS_TOKEN = randomBytes(24).toString('base64url');

describe.each(testDatabases())('health and metrics on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { metricsToken: METRICS_TOKEN });
  });
  afterAll(() => t.close());

  it('answers healthz after a real database query', async () => {
    const response = await t.request({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      checks: {
        database: { status: 'ok', latency_ms: expect.any(Number) },
        storage: { status: 'ok', latency_ms: expect.any(Number) },
      },
    });
  });

  it('answers 503 when the database does not answer', async () => {
    const database = await target.create();
    const app = await buildApp(testConfig(), { db: database.db, housekeepingStartDelayMs: 0 });
    try {
      await database.destroy();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
      expect(response.json().checks).toMatchObject({
        database: { status: 'unavailable' },
        storage: { status: 'ok' },
      });
    } finally {
      await app.close();
    }
  });

  it('answers a burst of health checks with one check, and checks anew after it', async () => {
    const database = await target.create();
    const config = testConfig();
    const disk = createConfiguredStorage(config, database.db);
    let storageChecks = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The disk storage's own check, counted, and held until the burst has arrived.
    const storage: FileStorage = {
      ...disk,
      async check(signal) {
        storageChecks += 1;
        await held;
        return disk.check(signal);
      },
    };
    const app = await buildApp(config, { db: database.db, storage, housekeepingStartDelayMs: 0 });
    try {
      const burst = Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/healthz' }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      const answers = await Promise.all(burst);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(storageChecks).toBe(1);
      // One check's figures, latencies included, in every answer.
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      const later = await app.inject({ method: 'GET', url: '/healthz' });
      expect(later.statusCode).toBe(200);
      expect(storageChecks).toBe(2);
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    await t.request({ method: 'GET', url: '/api/v1/schema/article/schema.json' });
    await t.request({ method: 'GET', url: '/api/v1/schema/event/schema.json' });
    await t.request({ method: 'GET', url: '/api/v1/no/such/thing-123' });
    const response = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/schema\/:type\/schema.json",status_code="200"\} 2/,
    );
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/healthz"/);
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain('thing-123');
    expect(text).not.toContain('schema/article');
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});

describe.each(testDatabases())('the health page figures on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('mod');
  });
  afterAll(() => t.close());

  const metric = async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/admin/config/healthmetric' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HealthMetric>().data;
  };

  it('answers every figure', async () => {
    await insertTestEntry(t.database.db, { state: 'published' });
    await insertTestEntry(t.database.db, { state: 'deleted' });
    const data = await metric();
    expect(data).toEqual({
      version: expect.any(String),
      uptime_seconds: expect.any(Number),
      memory: { rss_bytes: expect.any(Number), heap_used_bytes: expect.any(Number) },
      event_loop_delay_ms: expect.any(Number),
      database: {
        kind: target.name,
        reachable: true,
        latency_ms: expect.any(Number),
        size_bytes: expect.any(Number),
      },
      entries_per_state: { draft: 0, proposed: 0, rejected: 0, published: 1, deleted: 1 },
      proposals_waiting: 0,
      oldest_proposal_age_seconds: null,
      storage: { used_bytes: expect.any(Number), free_bytes: expect.any(Number) },
      requests_per_minute: expect.any(Number),
      error_rate: 0,
      mail: { enabled: false, pending: 0, failed: 0 },
      problems: expect.any(Array),
    });
    expect(data.database.size_bytes).toBeGreaterThan(0);
    expect(data.requests_per_minute).toBeGreaterThan(0);
    expect(data.problems).not.toContain('proposals_waiting_long');
  });

  it('counts entries per state as the entries themselves are, after creating, moving and deleting', async () => {
    const db = t.database.db;
    const moved = await insertTestEntry(db, { state: 'proposed' });
    await insertTestEntry(db, { state: 'draft' });
    await insertTestEntry(db, { state: 'rejected' });
    const dropped = await insertTestEntry(db, { state: 'published' });
    await moderateEntry(
      db,
      await shippedContentTypes(),
      moved.data.id,
      {
        data: { ...moved.data, state: 'published' },
      },
      TEST_MODERATOR,
    );
    await deleteEntryAsModeration(db, dropped.data.id, TEST_MODERATOR);
    const counted = await db
      .selectFrom('entries')
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('state')
      .execute();
    const truth = Object.fromEntries(ENTRY_STATES.map((s) => [s, 0]));
    for (const { state, count } of counted) truth[state] = Number(count);
    expect((await metric()).entries_per_state).toEqual(truth);
  });

  it('flags a proposal waiting longer than 48 hours', async () => {
    const entry = await insertTestEntry(t.database.db, { state: 'proposed' });
    const threeDaysAgo = Date.now() - 72 * 3600_000;
    await t.database.db
      .updateTable('entries')
      .set({ updated_at: threeDaysAgo })
      .where('id', '=', entry.data.id)
      .execute();
    const data = await metric();
    expect(data.proposals_waiting).toBe(1);
    expect(data.oldest_proposal_age_seconds).toBeGreaterThanOrEqual(72 * 3600);
    expect(data.problems).toContain('proposals_waiting_long');
  });

  it('flags an error rate above 5 % over the last minutes', async () => {
    for (let i = 0; i < 100; i += 1) t.app.requestStats.count(500);
    const data = await metric();
    expect(data.error_rate).toBeGreaterThan(0.05);
    expect(data.problems).toContain('error_rate_high');
  });
});

type Health = {
  status: string;
  database: string;
  checks: Record<string, { status: string; latency_ms: number }>;
};

const healthz = async (send: () => Promise<LightMyRequestResponse>) => {
  const started = performance.now();
  const response = await send();
  return { response, body: response.json<Health>(), seconds: (performance.now() - started) / 1000 };
};

const untilHealthy = async (send: () => Promise<LightMyRequestResponse>) => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await send();
    if (response.statusCode === 200 || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('healthz on a disk storage that cannot be written', () => {
  const sqlite = testDatabases().find((target) => target.name === 'sqlite')!;
  let dataDir: string;
  let t: TestApp;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-health-'));
    t = await createTestApp(sqlite, { dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reports storage unavailable and answers 503 while the data dir is gone, ok once it is back', async () => {
    const send = () => t.request({ method: 'GET', url: '/healthz' });
    expect((await healthz(send)).body.checks['storage']?.status).toBe('ok');
    // The data dir removed and a file in its place (a lost mount): nothing can be created under it.
    await rm(dataDir, { recursive: true, force: true });
    await writeFile(dataDir, '');
    const down = await healthz(send);
    expect(down.response.statusCode).toBe(503);
    expect(down.body).toMatchObject({
      status: 'unavailable',
      database: 'ok',
      checks: { database: { status: 'ok' }, storage: { status: 'unavailable' } },
    });
    await rm(dataDir, { force: true });
    expect((await untilHealthy(send)).statusCode).toBe(200);
  });
});

const postgres = testDatabases().find((target) => target.name === 'postgres');

describe.runIf(postgres)('healthz on a PostgreSQL that stops answering', () => {
  let proxy: TcpProxy;
  let database: Awaited<ReturnType<NonNullable<typeof postgres>['create']>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await postgres!.create();
    const url = new URL(database.url);
    proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    app = await buildApp(testConfig({ databaseUrl: proxy.url(database.url) }), {
      housekeepingStartDelayMs: 0,
    });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.destroy();
  });

  it('answers 503 within its own time-out naming the database, and 200 once it answers again', async () => {
    const send = () => app.inject({ method: 'GET', url: '/healthz' });
    expect((await healthz(send)).response.statusCode).toBe(200);
    proxy.blackHole();
    const down = await healthz(send);
    expect(down.response.statusCode).toBe(503);
    expect(down.body).toMatchObject({
      status: 'unavailable',
      database: 'unavailable',
      checks: { database: { status: 'unavailable' }, storage: { status: 'ok' } },
    });
    expect(down.seconds).toBeLessThan(2.5);
    proxy.restore();
    expect((await untilHealthy(send)).statusCode).toBe(200);
  }, 30_000);
});

describe('healthz on a Redis that stops answering', () => {
  const sqlite = testDatabases().find((target) => target.name === 'sqlite')!;
  const redisUrl = process.env['EINWURF_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  let proxy: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    const url = new URL(redisUrl);
    proxy = await startTcpProxy(url.hostname, Number(url.port || 6379));
    const prefix = `einwurf-test:${randomBytes(6).toString('hex')}:`;
    t = await createTestApp(
      sqlite,
      {},
      {
        limiter: createRedisRateLimiter(proxy.url(redisUrl), `${prefix}rl:`),
        spentTokens: createRedisSpentTokenStore(proxy.url(redisUrl), `${prefix}pow:`),
      },
    );
  });
  afterAll(async () => {
    await t?.app.limiter.close();
    await t?.close();
    await proxy?.close();
  });

  it('reports Redis beside the database and storage, 503 while it is away, 200 once it is back', async () => {
    const send = () => t.request({ method: 'GET', url: '/healthz' });
    const up = await healthz(send);
    expect(up.response.statusCode).toBe(200);
    expect(up.body.checks).toEqual({
      database: { status: 'ok', latency_ms: expect.any(Number) },
      redis: { status: 'ok', latency_ms: expect.any(Number) },
      storage: { status: 'ok', latency_ms: expect.any(Number) },
    });
    proxy.blackHole();
    const down = await healthz(send);
    expect(down.response.statusCode).toBe(503);
    expect(down.body).toMatchObject({
      status: 'unavailable',
      database: 'ok',
      checks: { database: { status: 'ok' }, redis: { status: 'unavailable' }, storage: { status: 'ok' } },
    });
    expect(down.seconds).toBeLessThan(2.5);
    proxy.restore();
    expect((await untilHealthy(send)).statusCode).toBe(200);
  }, 30_000);
});
