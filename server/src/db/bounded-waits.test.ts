import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/config.ts';
import { testDatabases, type TestDatabaseHandle } from '../test/db.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';

const postgres = testDatabases().find((t) => t.name === 'postgres');

// A route that reads the database, as every API route does.
const readsDatabase = { method: 'GET', url: '/api/v1/test-reads-database' } as const;
const probe = async (api: FastifyInstance) => {
  api.get('/test-reads-database', async () => {
    await sql`select 1`.execute(api.db);
    return { ok: true };
  });
};

describe.runIf(postgres)('a PostgreSQL that stops answering', () => {
  let database: TestDatabaseHandle;
  let proxy: TcpProxy;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await postgres!.create();
    const url = new URL(database.url);
    proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    // The configuration's defaults: the bound a deployment gets without setting anything.
    app = await buildApp(testConfig({ databaseUrl: proxy.url(database.url) }), {
      apiPlugins: [probe],
      housekeepingStartDelayMs: 0,
    });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.destroy();
  });

  const timed = async () => {
    const started = performance.now();
    const response = await app.inject(readsDatabase);
    return { response, seconds: (performance.now() - started) / 1000 };
  };

  it('answers 503 UNAVAILABLE with Retry-After within the bound, then heals without a restart', async () => {
    expect((await timed()).response.statusCode).toBe(200);

    proxy.blackHole();
    // A pooled connection is open: the statement's time-out (5 s and the client's grace) ends the wait.
    const onOpenConnection = await timed();
    expect(onOpenConnection.response.statusCode).toBe(503);
    expect(onOpenConnection.response.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: expect.any(String) },
    });
    expect(onOpenConnection.response.headers['retry-after']).toBe('5');
    expect(onOpenConnection.seconds).toBeLessThan(7);
    // The broken connection is gone: the next request must connect, and the connect time-out (3 s) ends it.
    const onNewConnection = await timed();
    expect(onNewConnection.response.statusCode).toBe(503);
    expect(onNewConnection.seconds).toBeLessThan(4.5);
    console.info(
      `black-holed PostgreSQL: 503 after ${onOpenConnection.seconds.toFixed(2)} s on an open connection, ` +
        `${onNewConnection.seconds.toFixed(2)} s on a new one`,
    );

    proxy.restore();
    for (let i = 0; i < 3; i += 1) expect((await timed()).response.statusCode).toBe(200);
  }, 30_000);

  it('answers 503 when the database refuses or drops connections, and heals', async () => {
    proxy.cut();
    // The pool's idle connection was reset under it; the request either reconnects or answers 503, never 500.
    expect([200, 503]).toContain((await timed()).response.statusCode);
    expect((await timed()).response.statusCode).toBe(200);
  }, 30_000);
});
