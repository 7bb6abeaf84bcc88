import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_FAILED_MESSAGE, USERNAME_RULE_MESSAGE, type ErrorBody } from '@einwurf/contract';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { createUser } from './service.ts';

const USERS = '/api/v1/admin/users';

describe.each(testDatabases())('accounts over the API on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('admin', 'Chefin');
  });
  afterAll(() => t.close());

  const login = async (username: string, password = TEST_PASSWORD) => {
    const client = await t.newClient();
    const response = await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username, password },
    });
    return { client, status: response.statusCode };
  };
  const roleOf = async (client: TestClient) =>
    (await client.request({ method: 'GET', url: '/api/v1/auth' })).json<{ role: string }>().role;

  it('creates an account and lists it with ISO dates, never a hash', async () => {
    const created = await t.request({
      method: 'POST',
      url: USERS,
      payload: { username: 'Neuling1', password: TEST_PASSWORD, role: 'mod' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      data: {
        username: 'Neuling1',
        role: 'mod',
        email: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const listed = (await t.request({ method: 'GET', url: USERS })).json<{
      data: { users: Record<string, unknown>[] };
    }>();
    const neuling = listed.data.users.find((u) => u.username === 'Neuling1');
    expect(neuling).toEqual(created.json<{ data: unknown }>().data);
    expect(new Date(String(neuling?.['created_at'])).toISOString()).toBe(neuling?.['created_at']);
    expect(JSON.stringify(listed)).not.toContain('argon2');
    expect((await login('Neuling1')).status).toBe(200);
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(65)],
    ['with a space', 'ab cd'],
    ['with an umlaut', 'jürg1'],
    ['with a dash', 'max-muster'],
    ['empty', ''],
  ])('refuses a name %s with 400 naming username and the spec message', async (_why, username) => {
    const response = await t.request({
      method: 'POST',
      url: USERS,
      payload: { username, password: TEST_PASSWORD, role: 'mod' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<ErrorBody>();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual([
      expect.objectContaining({ field: 'username', message: USERNAME_RULE_MESSAGE }),
    ]);
  });

  it('accepts names of 3 and 64 letters and digits', async () => {
    for (const username of ['abc', 'Z'.repeat(63) + '9']) {
      const response = await t.request({
        method: 'POST',
        url: USERS,
        payload: { username, password: TEST_PASSWORD, role: 'admin' },
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it('refuses a taken name regardless of case with 409 naming username', async () => {
    await createUser(t.database.db, { username: 'Doppelt', role: 'mod', password: TEST_PASSWORD });
    const response = await t.request({
      method: 'POST',
      url: USERS,
      payload: { username: 'dOPPELT', password: TEST_PASSWORD, role: 'mod' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().error).toMatchObject({
      code: 'CONFLICT',
      fields: [{ field: 'username' }],
    });
  });

  it.each([
    [{ username: 'Gut1', password: 'short', role: 'mod' }, 'password'],
    [{ username: 'Gut1', password: TEST_PASSWORD, role: 'root' }, 'role'],
    [{ username: 'Gut1', password: TEST_PASSWORD }, 'role'],
    [{ username: 'Gut1', password: TEST_PASSWORD, role: 'mod', extra: 1 }, 'extra'],
  ])('refuses a bad account %j naming %s', async (payload, field) => {
    const response = await t.request({ method: 'POST', url: USERS, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.fields?.map((f) => f.field)).toContain(field);
  });

  it('changes roles and deletes accounts, ending their sessions', async () => {
    await createUser(t.database.db, { username: 'Wechsel', role: 'mod', password: TEST_PASSWORD });
    const { client } = await login('Wechsel');
    const promoted = await t.request({ method: 'PUT', url: `${USERS}/wechsel`, payload: { role: 'admin' } });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ data: { username: 'Wechsel', role: 'admin' } });
    expect(
      (await t.request({ method: 'PUT', url: `${USERS}/Wechsel`, payload: { role: 'boss' } })).statusCode,
    ).toBe(400);
    expect(
      (await t.request({ method: 'PUT', url: `${USERS}/Niemand`, payload: { role: 'mod' } })).statusCode,
    ).toBe(404);

    expect((await t.request({ method: 'DELETE', url: `${USERS}/Wechsel` })).statusCode).toBe(204);
    expect(await roleOf(client)).toBe('none');
    expect((await t.request({ method: 'DELETE', url: `${USERS}/Wechsel` })).statusCode).toBe(404);
  });

  it('never deletes or demotes the last admin (409 LAST_ADMIN)', async () => {
    const fresh = await createTestApp(target);
    try {
      await fresh.loginAs('admin', 'Einzige');
      await createUser(fresh.database.db, { username: 'Helfer', role: 'mod', password: TEST_PASSWORD });
      const demote = await fresh.request({
        method: 'PUT',
        url: `${USERS}/Einzige`,
        payload: { role: 'mod' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json<ErrorBody>().error.code).toBe('LAST_ADMIN');
      const remove = await fresh.request({ method: 'DELETE', url: `${USERS}/einzige` });
      expect(remove.statusCode).toBe(409);
      expect(remove.json<ErrorBody>().error.code).toBe('LAST_ADMIN');
      // Keeping the admin role is no demotion.
      expect(
        (await fresh.request({ method: 'PUT', url: `${USERS}/Einzige`, payload: { role: 'admin' } }))
          .statusCode,
      ).toBe(200);
      // With a second admin, the first may go.
      expect(
        (await fresh.request({ method: 'PUT', url: `${USERS}/Helfer`, payload: { role: 'admin' } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await fresh.request({ method: 'PUT', url: `${USERS}/Einzige`, payload: { role: 'mod' } }))
          .statusCode,
      ).toBe(200);
      expect((await fresh.request({ method: 'DELETE', url: `${USERS}/Helfer` })).statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });

  describe('passwords', () => {
    it('lets an admin set another account’s password without the old one; its sessions end', async () => {
      await createUser(t.database.db, { username: 'Vergesslich', role: 'mod', password: TEST_PASSWORD });
      const { client } = await login('Vergesslich');
      const response = await t.request({
        method: 'PATCH',
        url: `${USERS}/Vergesslich`,
        payload: { password: 'ein neues Passwort' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ data: { username: 'Vergesslich', role: 'mod' } });
      expect(await roleOf(client)).toBe('none');
      expect((await login('Vergesslich')).status).toBe(401);
      expect((await login('Vergesslich', 'ein neues Passwort')).status).toBe(200);
      expect(
        (
          await t.request({
            method: 'PATCH',
            url: `${USERS}/Niemand`,
            payload: { password: 'ein neues Passwort' },
          })
        ).statusCode,
      ).toBe(404);
    });

    it('makes everyone, admins too, give the old password for their own; other sessions end, this one stays', async () => {
      await createUser(t.database.db, { username: 'Selbst', role: 'admin', password: TEST_PASSWORD });
      const { client } = await login('Selbst');
      const { client: elsewhere } = await login('Selbst');
      for (const payload of [
        { password: 'ein neues Passwort' },
        { password: 'ein neues Passwort', old_password: 'falsch falsch' },
      ]) {
        const refused = await client.request({ method: 'PATCH', url: `${USERS}/Selbst`, payload });
        expect(refused.statusCode).toBe(400);
        expect(refused.json<ErrorBody>().error.fields).toEqual([
          expect.objectContaining({ field: 'old_password', message: PASSWORD_CHANGE_FAILED_MESSAGE }),
        ]);
      }
      const changed = await client.request({
        method: 'PATCH',
        url: `${USERS}/Selbst`,
        payload: { password: 'ein neues Passwort', old_password: TEST_PASSWORD, username: 'Selbst' },
      });
      expect(changed.statusCode).toBe(200);
      expect(await roleOf(client)).toBe('admin');
      expect(await roleOf(elsewhere)).toBe('none');
    });

    it('limits wrong old passwords like logins: 429 with Retry-After, even for the right one then', async () => {
      await createUser(t.database.db, { username: 'Rater', role: 'mod', password: TEST_PASSWORD });
      const { client } = await login('Rater');
      const attempt = (old_password: string) =>
        client.request({
          method: 'PATCH',
          url: `${USERS}/Rater`,
          payload: { password: 'ein neues Passwort', old_password },
        });
      for (let i = 0; i < 10; i += 1) expect((await attempt(`falsch ${i}`)).statusCode).toBe(400);
      const limited = await attempt(TEST_PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('lets a mod change only their own password, with the old one', async () => {
      await createUser(t.database.db, { username: 'Modi', role: 'mod', password: TEST_PASSWORD });
      const { client } = await login('Modi');
      const other = await client.request({
        method: 'PATCH',
        url: `${USERS}/Chefin`,
        payload: { password: 'ein neues Passwort' },
      });
      expect(other.statusCode).toBe(403);
      const unknown = await client.request({
        method: 'PATCH',
        url: `${USERS}/Niemand`,
        payload: { password: 'ein neues Passwort' },
      });
      expect(unknown.statusCode).toBe(403);
      const own = await client.request({
        method: 'PATCH',
        url: `${USERS}/modi`,
        payload: { password: 'ein neues Passwort', old_password: TEST_PASSWORD },
      });
      expect(own.statusCode).toBe(200);
      expect((await login('Modi', 'ein neues Passwort')).status).toBe(200);
    });

    it('refuses a body username other than the path’s, and a short password', async () => {
      await createUser(t.database.db, { username: 'Pfad', role: 'mod', password: TEST_PASSWORD });
      const mismatch = await t.request({
        method: 'PATCH',
        url: `${USERS}/Pfad`,
        payload: { password: 'ein neues Passwort', username: 'Andere' },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json<ErrorBody>().error.fields?.[0]?.field).toBe('username');
      const short = await t.request({ method: 'PATCH', url: `${USERS}/Pfad`, payload: { password: 'kurz' } });
      expect(short.statusCode).toBe(400);
      expect(short.json<ErrorBody>().error.fields?.[0]?.field).toBe('password');
    });
  });
});
