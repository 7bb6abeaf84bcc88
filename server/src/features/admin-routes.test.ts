import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../test/app.ts';
import { testDatabases } from '../test/db.ts';
import { insertTestEntry } from '../test/entries.ts';
import { createEntryAsAuthor } from '../test/pow.ts';
import { createUser } from './users/service.ts';
import { createWebhookEndpoint } from './webhooks/service.ts';

type Role = 'none' | 'anon' | 'mod' | 'admin';
type Route = {
  name: string;
  /** Builds a fresh request, so that each role's call can succeed on its own. */
  request: (t: TestApp) => Promise<InjectOptions>;
  adminOnly?: boolean;
  success: number;
};

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter += 1)}`;

const entryUrl = async (t: TestApp) =>
  `/api/v1/admin/collection/entry/${(await insertTestEntry(t.database.db)).data.id}`;

/** A webhook endpoint on a public address (nothing is sent to it: it subscribes to no event that happens here). */
const webhookId = async (t: TestApp) =>
  (
    await createWebhookEndpoint(
      t.database.db,
      { url: 'https://93.184.215.14/hook', events: ['entry.rejected'] },
      { allowPrivate: false },
    )
  ).id;

const ROUTES: Route[] = [
  {
    name: 'GET admin/dashboard',
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/dashboard' }),
  },
  {
    name: 'GET admin/config/cpts',
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/config/cpts' }),
  },
  {
    name: 'GET admin/collection/entries',
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/collection/entries?sort=updated_at:desc' }),
  },
  {
    name: 'GET admin/collection/entries?query',
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/collection/entries?query=eintrag' }),
  },
  {
    name: 'GET admin/collection/entry/:id',
    success: 200,
    request: async (t) => ({ method: 'GET', url: await entryUrl(t) }),
  },
  {
    name: 'PUT admin/collection/entry/:id',
    success: 200,
    request: async (t) => {
      const entry = await insertTestEntry(t.database.db);
      return {
        method: 'PUT',
        url: `/api/v1/admin/collection/entry/${entry.data.id}`,
        payload: { data: { ...entry.data, state: 'published' } },
      };
    },
  },
  {
    name: 'DELETE admin/collection/entry/:id',
    success: 204,
    request: async (t) => ({ method: 'DELETE', url: await entryUrl(t) }),
  },
  {
    name: 'GET admin/collection/entry/:id/comments',
    success: 200,
    request: async (t) => ({ method: 'GET', url: `${await entryUrl(t)}/comments` }),
  },
  {
    name: 'POST admin/collection/entry/:id/comments',
    success: 201,
    request: async (t) => ({
      method: 'POST',
      url: `${await entryUrl(t)}/comments`,
      payload: { title: 'Frage', content: 'Woher stammt das Bild?' },
    }),
  },
  {
    name: 'GET admin/collection/entry/:id/comments/schema.json',
    success: 200,
    request: async (t) => ({ method: 'GET', url: `${await entryUrl(t)}/comments/schema.json` }),
  },
  {
    name: 'GET admin/collection/entry/:id/events',
    success: 200,
    request: async (t) => ({ method: 'GET', url: `${await entryUrl(t)}/events` }),
  },
  {
    name: 'GET admin/collection/entry/:id/revisions',
    success: 200,
    request: async (t) => ({ method: 'GET', url: `${await entryUrl(t)}/revisions` }),
  },
  {
    name: 'GET admin/collection/entry/:id/revisions/:revision',
    success: 200,
    request: async (t) => ({ method: 'GET', url: `${await entryUrl(t)}/revisions/1` }),
  },
  {
    name: 'POST admin/collection/entry/:id/revisions/:revision/restore',
    success: 200,
    request: async (t) => ({ method: 'POST', url: `${await entryUrl(t)}/revisions/2/restore`, payload: {} }),
  },
  {
    name: 'GET admin/collection/export',
    adminOnly: true,
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/collection/export?format=csv' }),
  },
  {
    name: 'GET admin/users',
    adminOnly: true,
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/users' }),
  },
  {
    name: 'POST admin/users',
    adminOnly: true,
    success: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/v1/admin/users',
      payload: { username: unique('new'), password: TEST_PASSWORD, role: 'mod' },
    }),
  },
  {
    name: 'DELETE admin/users/:username',
    adminOnly: true,
    success: 204,
    request: async (t) => {
      const username = unique('gone');
      await createUser(t.database.db, { username, role: 'mod', password: TEST_PASSWORD });
      return { method: 'DELETE', url: `/api/v1/admin/users/${username}` };
    },
  },
  {
    name: 'PUT admin/users/:username',
    adminOnly: true,
    success: 200,
    request: async (t) => {
      const username = unique('role');
      await createUser(t.database.db, { username, role: 'mod', password: TEST_PASSWORD });
      return { method: 'PUT', url: `/api/v1/admin/users/${username}`, payload: { role: 'admin' } };
    },
  },
  {
    name: 'GET admin/webhooks',
    adminOnly: true,
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/webhooks' }),
  },
  {
    name: 'POST admin/webhooks',
    adminOnly: true,
    success: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/v1/admin/webhooks',
      payload: { url: 'https://93.184.215.14/hook', events: ['entry.published'] },
    }),
  },
  {
    name: 'PATCH admin/webhooks/:id',
    adminOnly: true,
    success: 200,
    request: async (t) => ({
      method: 'PATCH',
      url: `/api/v1/admin/webhooks/${await webhookId(t)}`,
      payload: { enabled: false },
    }),
  },
  {
    name: 'DELETE admin/webhooks/:id',
    adminOnly: true,
    success: 204,
    request: async (t) => ({ method: 'DELETE', url: `/api/v1/admin/webhooks/${await webhookId(t)}` }),
  },
  {
    name: 'GET admin/webhooks/:id/deliveries',
    adminOnly: true,
    success: 200,
    request: async (t) => ({ method: 'GET', url: `/api/v1/admin/webhooks/${await webhookId(t)}/deliveries` }),
  },
  {
    name: "PATCH admin/users/:username (another account's password)",
    adminOnly: true,
    success: 200,
    request: async (t) => {
      const username = unique('pw');
      await createUser(t.database.db, { username, role: 'mod', password: TEST_PASSWORD });
      return {
        method: 'PATCH',
        url: `/api/v1/admin/users/${username}`,
        payload: { password: 'a new password 1' },
      };
    },
  },
  {
    name: 'PUT admin/collection/entry/:id/assignee',
    success: 200,
    request: async (t) => ({
      method: 'PUT',
      url: `${await entryUrl(t)}/assignee`,
      payload: { username: null },
    }),
  },
  {
    name: 'POST admin/collection/entries/bulk',
    success: 200,
    request: async (t) => ({
      method: 'POST',
      url: '/api/v1/admin/collection/entries/bulk',
      payload: { ids: [(await insertTestEntry(t.database.db)).data.id], action: 'reject' },
    }),
  },
  {
    name: 'GET admin/staff',
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/staff' }),
  },
  {
    name: 'GET admin/config/healthmetric',
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/admin/config/healthmetric' }),
  },
];

const ROLES: Role[] = ['none', 'anon', 'mod', 'admin'];
const CASES = ROUTES.flatMap((route) => ROLES.map((role) => ({ route, role })));

function expected(route: Route, role: Role): number {
  if (role === 'none') return 401;
  if (role === 'anon') return 403;
  if (role === 'mod' && route.adminOnly) return 403;
  return route.success;
}

describe.each(testDatabases())('every admin route for every role on $name', (target) => {
  let t: TestApp;
  const clients = new Map<Role, TestClient>();
  beforeAll(async () => {
    t = await createTestApp(target);
    clients.set('none', await t.newClient());
    const anon = await t.newClient();
    await createEntryAsAuthor(anon);
    clients.set('anon', anon);
    const mod = await t.newClient();
    expect((await mod.loginAs('mod')).statusCode).toBe(200);
    clients.set('mod', mod);
    const admin = await t.newClient();
    expect((await admin.loginAs('admin')).statusCode).toBe(200);
    clients.set('admin', admin);
  });
  afterAll(() => t.close());

  it.each(CASES.map((c) => [c.route.name, c.role, expected(c.route, c.role), c.route] as const))(
    '%s as %s answers %i',
    async (_name, role, status, route) => {
      const response = await clients.get(role)!.request(await route.request(t));
      expect(response.statusCode, response.body).toBe(status);
      if (status === 401) expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      if (status === 403) expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    },
  );

  it('refuses an author before looking at the body', async () => {
    const response = await clients.get('anon')!.request({
      method: 'POST',
      url: '/api/v1/admin/users',
      payload: { nonsense: true },
    });
    expect(response.statusCode).toBe(403);
  });

  it('tells moderation its name in GET auth, and nobody else', async () => {
    const mod = await t.newClient();
    await mod.loginAs('mod', 'Moderatorin7');
    expect((await mod.request({ method: 'GET', url: '/api/v1/auth' })).json()).toEqual({
      role: 'mod',
      ttl: expect.any(Number),
      username: 'Moderatorin7',
    });
    const anonState = (await clients.get('anon')!.request({ method: 'GET', url: '/api/v1/auth' })).json();
    expect(anonState).toEqual({ role: 'anon', ttl: expect.any(Number) });
  });

  it('lists every admin route in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/v1/admin/dashboard',
      '/api/v1/admin/config/cpts',
      '/api/v1/admin/config/healthmetric',
      '/api/v1/admin/collection/entries',
      '/api/v1/admin/collection/export',
      '/api/v1/admin/collection/entry/{id}',
      '/api/v1/admin/collection/entry/{id}/comments',
      '/api/v1/admin/collection/entry/{id}/comments/schema.json',
      '/api/v1/admin/collection/entry/{id}/events',
      '/api/v1/admin/collection/entry/{id}/assignee',
      '/api/v1/admin/collection/entries/bulk',
      '/api/v1/admin/staff',
      '/api/v1/admin/users',
      '/api/v1/admin/users/{username}',
    ]) {
      expect(paths).toContain(path);
    }
    expect(Object.keys(doc.paths['/api/v1/admin/users/{username}'] ?? {}).sort()).toEqual([
      'delete',
      'patch',
      'put',
    ]);
  });
});
