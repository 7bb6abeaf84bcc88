import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/db.ts';
import { createEntryAsAuthor } from '../test/pow.ts';

// Text PostgreSQL cannot store (a NUL character) is refused with 400 naming the field, on every route
// and on both databases; before, 11 of 22 routes answered 500 on PostgreSQL.

const NUL = '\u0000';

type OpenApi = {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
};

describe.each(testDatabases())('text with NUL characters on $name', (target) => {
  let t: TestApp;
  let entryId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    entryId = await createEntryAsAuthor(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a NUL in a JSON body field, naming it, and stores nothing', async () => {
    const before = await t.request({ method: 'GET', url: `/api/v1/anon/${entryId}` });
    const entry = before.json<{ data: Record<string, unknown> }>().data;
    const response = await t.request({
      method: 'PUT',
      url: `/api/v1/anon/${entryId}`,
      payload: { data: { ...entry, title: `Velo${NUL}weg` } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: [{ field: 'data/title' }] },
    });
    const after = await t.request({ method: 'GET', url: `/api/v1/anon/${entryId}` });
    expect(after.json<{ data: Record<string, unknown> }>().data).toEqual(entry);
  });

  it('refuses a NUL in a path parameter and in a query parameter, naming them', async () => {
    const path = await t.request({ method: 'GET', url: '/api/v1/public/entries/ab%00cd' });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ error: { fields: [{ field: 'id' }] } });
    const query = await t.request({ method: 'GET', url: '/api/v1/public/entries?type=art%00icle' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ error: { fields: [{ field: 'type' }] } });
  });

  it('refuses a NUL in a login name or a JSON key', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: `admin${NUL}`, password: 'whatever it is' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ error: { fields: [{ field: 'username' }] } });
    const key = await t.request({
      method: 'POST',
      url: `/api/v1/anon/${entryId}/comments`,
      payload: { [`ti${NUL}tle`]: 'Frage', content: 'Text' },
    });
    expect(key.statusCode).toBe(400);
  });

  it('answers no route with a 5xx when every parameter, query and body string holds a NUL', async () => {
    const admin = await t.newClient();
    await admin.loginAs('admin');
    const spec = (await t.app.openapi()) as unknown as OpenApi;
    const failures: string[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const params = operation.parameters ?? [];
        const url =
          path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === 'id' ? `${entryId}%00` : 'x%00y')) +
          (params.some((p) => p.in === 'query')
            ? '?' +
              params
                .filter((p) => p.in === 'query')
                .map((p) => `${p.name}=a%00b`)
                .join('&')
            : '');
        const payload =
          method === 'get' || method === 'head' || method === 'delete'
            ? undefined
            : {
                title: `a${NUL}b`,
                content: NUL,
                username: `u${NUL}`,
                password: `p${NUL}ssword-long-enough`,
                data: { title: NUL, content: NUL },
              };
        for (const client of [t, admin]) {
          const response = await client.request({
            method: method.toUpperCase() as 'GET',
            url,
            ...(payload ? { payload } : {}),
          });
          if (response.statusCode >= 500) failures.push(`${method} ${path}: ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
