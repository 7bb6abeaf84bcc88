import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { createUser, disableUser } from '../users/service.ts';

const USERS = '/api/v1/admin/users';

describe.each(testDatabases())('sessions kept in memory on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('admin', 'Leitung');
  });
  afterAll(() => t.close());

  let count = 0;
  /** A fresh mod account logged in on a new client, its session already looked up (and kept). */
  const loggedInMod = async (): Promise<{ client: TestClient; username: string; cookie: string }> => {
    count += 1;
    const username = `Kept${count}`;
    await createUser(t.database.db, { username, role: 'mod', password: TEST_PASSWORD });
    const client = await t.newClient();
    const login = await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(await roleWith(cookieOf(client))).toBe('mod');
    return { client, username, cookie: cookieOf(client) };
  };
  const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  /** The role a request with exactly this cookie is given (a browser that kept an old cookie). */
  const roleWith = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/auth', headers: { cookie } })).json<{ role: string }>()
      .role;

  it('answers a session from memory for a few seconds: a change behind the app shows later', async () => {
    const { cookie, username } = await loggedInMod();
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('sessions')
      .set({ role: 'admin' })
      .where('user_id', '=', user.id)
      .execute();
    expect(await roleWith(cookie)).toBe('mod');
  });

  it('forgets a session at logout', async () => {
    const { client, cookie } = await loggedInMod();
    expect((await client.request({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);
    expect(await roleWith(cookie)).toBe('none');
  });

  it('carries a role change at once', async () => {
    const { cookie, username } = await loggedInMod();
    const promoted = await t.request({
      method: 'PUT',
      url: `${USERS}/${username}`,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(await roleWith(cookie)).toBe('admin');
  });

  it('ends sessions at once when the account is disabled or deleted', async () => {
    const disabled = await loggedInMod();
    await disableUser(t.database.db, disabled.username);
    expect(await roleWith(disabled.cookie)).toBe('none');

    const deleted = await loggedInMod();
    expect((await t.request({ method: 'DELETE', url: `${USERS}/${deleted.username}` })).statusCode).toBe(204);
    expect(await roleWith(deleted.cookie)).toBe('none');
  });

  it('ends the other sessions at once on a password change and when an admin ends them all', async () => {
    const changed = await loggedInMod();
    const patched = await t.request({
      method: 'PATCH',
      url: `${USERS}/${changed.username}`,
      payload: { password: 'another long password' },
    });
    expect(patched.statusCode).toBe(200);
    expect(await roleWith(changed.cookie)).toBe('none');

    const ended = await loggedInMod();
    const response = await t.request({ method: 'DELETE', url: `${USERS}/${ended.username}/sessions` });
    expect(response.statusCode).toBeLessThan(300);
    expect(await roleWith(ended.cookie)).toBe('none');
  });

  it('ends a session at once when the account ends it from its profile', async () => {
    const { cookie, username } = await loggedInMod();
    const second = await t.newClient();
    await second.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username, password: TEST_PASSWORD },
    });
    const listed = await second.request({ method: 'GET', url: '/api/v1/admin/profile/sessions' });
    const other = listed.json<{ data: { id: string; current: boolean }[] }>().data.find((s) => !s.current);
    expect(other).toBeDefined();
    const ended = await second.request({
      method: 'DELETE',
      url: `/api/v1/admin/profile/sessions/${other!.id}`,
    });
    expect(ended.statusCode).toBeLessThan(300);
    expect(await roleWith(cookie)).toBe('none');
    expect(await roleWith(cookieOf(second))).toBe('mod');
  });
});
