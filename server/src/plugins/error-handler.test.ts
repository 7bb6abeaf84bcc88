import { randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { sqliteOptions } from '../db/database.ts';
import { insertUser } from '../features/users/repository.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { testConfig } from '../test/config.ts';
import { testDatabases, type TestDatabaseHandle } from '../test/db.ts';

const userRow = (id: string, username: string) => ({
  id,
  username,
  role: 'mod' as const,
  password_hash: 'not a hash',
  created_at: 0,
  updated_at: 0,
});

// Writes that no service lets through, so the database itself refuses them.
const probes: FastifyPluginAsync = async (api) => {
  api.post('/test/same-id', async () => {
    const id = randomUUID();
    await insertUser(api.db, userRow(id, `first${id.slice(0, 8)}`));
    await insertUser(api.db, userRow(id, `second${id.slice(0, 8)}`));
    return { ok: true };
  });
  api.post('/test/same-name', async () => {
    const name = `name${randomUUID().slice(0, 8)}`;
    await insertUser(api.db, userRow(randomUUID(), name));
    await insertUser(api.db, userRow(randomUUID(), name.toUpperCase()));
    return { ok: true };
  });
};

describe.each(testDatabases())('unique violations on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {}, { apiPlugins: [probes] });
  });
  afterAll(() => t.close());

  it.each(['same-id', 'same-name'])('answers 409 CONFLICT without database detail (%s)', async (probe) => {
    const response = await t.request({ method: 'POST', url: `/api/v1/test/${probe}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'conflicts with an existing record' },
    });
    expect(response.body).not.toMatch(/users|unique|constraint|duplicate|sqlite/i);
  });
});

// On the test's thread and on worker threads, as the server runs it.
const lockable = testDatabases({ sqliteWorkers: true }).filter((target) => target.name === 'sqlite');

describe.each(lockable)('a locked SQLite database, $sqliteWorkers worker threads', (sqlite) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(sqlite, {}, { apiPlugins: [probes] });
  });
  afterAll(() => t.close());

  it('answers 503 UNAVAILABLE with Retry-After once its busy timeout has passed, then works again', async () => {
    // Another process holding the write lock.
    const other = new SqliteDatabase(t.database.url.slice('sqlite:'.length), sqliteOptions());
    other.exec('begin exclusive');
    try {
      const response = await t.request({ method: 'POST', url: '/api/v1/test/same-id' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: expect.any(String) } });
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      other.exec('rollback');
      other.close();
    }
    const response = await t.request({ method: 'POST', url: '/api/v1/test/same-id' });
    expect(response.statusCode).toBe(409);
  }, 20_000);
});

const postgres = testDatabases().find((target) => target.name === 'postgres');

describe.runIf(postgres)('a PostgreSQL statement past the query time-out', () => {
  let database: TestDatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    const slow: FastifyPluginAsync = async (api) => {
      api.get('/test/slow', async () => {
        await sql`select pg_sleep(5)`.execute(api.db);
        return { ok: true };
      });
    };
    database = await postgres!.create();
    const databaseTimeouts = { connectMs: 3000, queryMs: 500, idleMs: 10_000 };
    app = await buildApp(testConfig({ databaseUrl: database.url, databaseTimeouts }), {
      apiPlugins: [slow],
      housekeepingStartDelayMs: 0,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  it('is cancelled by the server and answers 503 UNAVAILABLE', async () => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/slow' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('UNAVAILABLE');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
