import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';

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
