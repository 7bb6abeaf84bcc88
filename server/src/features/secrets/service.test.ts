import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { runCli } from '../../cli.ts';
import { testConfig } from '../../test/config.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { AUTHOR_PASSWORD, redeem, solvedChallenge } from '../../test/pow.ts';
import { databaseSecrets, rotateSigningSecret } from './service.ts';

// Instances of one installation share the signing secret through the database (no EINWURF_SECRET set
// by hand): a CSRF token or a challenge from one passes at the other; a rotation keeps the old secret
// verifying until the next one.

describe.each(testDatabases())('the shared signing secret on $name', (target) => {
  let a: TestApp;
  let b: { app: FastifyInstance };
  beforeAll(async () => {
    a = await createTestApp(target, { secret: undefined });
    // A second instance on the same database, configured alike.
    b = {
      app: await buildApp(testConfig({ secret: undefined }), {
        db: a.database.db,
        housekeepingStartDelayMs: 0,
      }),
    };
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  const logoutAt = (t: { app: FastifyInstance }, client: TestClient, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': token,
      },
    });

  it('passes a CSRF token and a challenge of one instance at the other', async () => {
    expect(a.app.secrets.current()).toBe(b.app.secrets.current());
    expect((await logoutAt(b, a, a.csrfToken()!)).statusCode).toBe(200);
    const { token, solution } = await solvedChallenge(a);
    const created = await redeem(
      {
        ...a,
        request: (options) =>
          b.app.inject({
            ...options,
            headers: {
              ...(options.headers as Record<string, string>),
              cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
              'x-csrf-token': a.csrfToken()!,
            },
          }),
      },
      token,
      { solution, cpt: 'article', password: AUTHOR_PASSWORD },
    );
    expect(created.statusCode, created.body).toBe(201);
  });

  it('keeps the old secret verifying after a rotation, until the next one', async () => {
    const client = await a.newClient();
    const before = client.csrfToken()!;
    const oldSecret = a.app.secrets.current();
    // b has made (and keeps) this client's token before the rotation.
    expect((await logoutAt(b, client, before)).headers['x-csrf-token']).toBe(before);
    await rotateSigningSecret(a.database.db);
    await a.app.secrets.refresh();
    await b.app.secrets.refresh();
    expect(a.app.secrets.current()).not.toBe(oldSecret);
    expect(b.app.secrets.verifying()).toEqual([a.app.secrets.current(), oldSecret]);
    // A token handed out just before the rotation still passes, and the answer carries a new one.
    const answer = await logoutAt(b, client, before);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-csrf-token']).not.toBe(before);

    await rotateSigningSecret(a.database.db);
    await b.app.secrets.refresh();
    expect((await logoutAt(b, client, before)).statusCode).toBe(403);
  });
});

describe.each(testDatabases())('the signing secret kept in the database on $name', (target) => {
  let database: TestDatabaseHandle;
  let dir: string | undefined;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(() => database.destroy());
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('adopts the secret file an earlier version kept in the data dir, so its tokens stay good', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-secret-'));
    await writeFile(path.join(dir, 'secret'), 'an-earlier-secret-of-32-characters\n');
    await database.db.deleteFrom('app_secrets').execute();
    const ring = await databaseSecrets(database.db, { dataDir: dir });
    expect(ring.current()).toBe('an-earlier-secret-of-32-characters');
    // Another instance starting later finds the same.
    expect((await databaseSecrets(database.db)).current()).toBe('an-earlier-secret-of-32-characters');
  });

  it('is generated once when there is none, whoever starts first', async () => {
    await database.db.deleteFrom('app_secrets').execute();
    const rings = await Promise.all([databaseSecrets(database.db), databaseSecrets(database.db)]);
    expect(rings[0]!.current()).toBe(rings[1]!.current());
    expect(Buffer.from(rings[0]!.current(), 'base64url')).toHaveLength(32);
  });

  it('is rotated by `einwurf secret rotate`, which refuses while EINWURF_SECRET is set', async () => {
    const before = (await databaseSecrets(database.db)).current();
    const out: string[] = [];
    const io = (env: Record<string, string>) => ({
      env: { DATABASE_URL: database.url, ...env },
      out: (text: string) => void out.push(text),
      err: (text: string) => void out.push(text),
      askSecret: undefined,
    });
    expect(await runCli(['secret', 'rotate'], io({}))).toBe(0);
    const ring = await databaseSecrets(database.db);
    expect(ring.current()).not.toBe(before);
    expect(ring.verifying()).toEqual([ring.current(), before]);
    expect(await runCli(['secret', 'rotate'], io({ EINWURF_SECRET: 'x'.repeat(32) }))).toBe(1);
    expect(out.join('')).toMatch(/EINWURF_SECRET_PREVIOUS/);
  });
});
