import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../features/users/repository.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/db.ts';

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
