import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthMetric } from '@einwurf/contract';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';

describe.each(testDatabases())('health and metrics on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  it('answers healthz after a real database query', async () => {
    const response = await t.request({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database does not answer', async () => {
    const database = await target.create();
    const app = await buildApp(testConfig(), { db: database.db });
    try {
      await database.destroy();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    } finally {
      await app.close();
    }
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    await t.request({ method: 'GET', url: '/api/v1/schema/article/schema.json' });
    await t.request({ method: 'GET', url: '/api/v1/schema/event/schema.json' });
    await t.request({ method: 'GET', url: '/api/v1/no/such/thing-123' });
    const response = await t.request({ method: 'GET', url: '/metrics' });
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
      problems: expect.any(Array),
    });
    expect(data.database.size_bytes).toBeGreaterThan(0);
    expect(data.requests_per_minute).toBeGreaterThan(0);
    expect(data.problems).not.toContain('proposals_waiting_long');
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
