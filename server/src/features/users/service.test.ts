import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { startSession } from '../auth/sessions.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import {
  changeRole,
  countAdmins,
  createUser,
  deleteUser,
  ensureFirstAdmin,
  findUser,
  listUsers,
  setPassword,
  verifyCredentials,
} from './service.ts';

const PASSWORD = 'a good password';

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
}

describe.each(testDatabases())('users on $name', (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await target.create();
  });
  afterAll(() => handle.destroy());

  it('creates the first admin once, with a generated password when none is given', async () => {
    const first = await ensureFirstAdmin(handle.db, { username: 'admin' });
    expect(first.created).toBe(true);
    if (!first.created) return;
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await verifyCredentials(handle.db, 'admin', first.generatedPassword!)).toMatchObject({
      role: 'admin',
    });
    expect(await ensureFirstAdmin(handle.db, { username: 'other', password: PASSWORD })).toEqual({
      created: false,
    });
    expect(await countAdmins(handle.db)).toBe(1);
  });

  it('keeps one admin when two admins demote or delete each other at the same instant', async () => {
    const fresh = await target.create();
    try {
      for (let round = 0; round < 3; round += 1) {
        await fresh.db.deleteFrom('users').execute();
        await createUser(fresh.db, { username: 'RaceA', role: 'admin', password: PASSWORD });
        await createUser(fresh.db, { username: 'RaceB', role: 'admin', password: PASSWORD });
        const results = await Promise.allSettled([
          changeRole(fresh.db, 'RaceA', 'mod'),
          round === 0 ? changeRole(fresh.db, 'RaceB', 'mod') : deleteUser(fresh.db, 'RaceB'),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await countAdmins(fresh.db)).toBe(1);
      }
    } finally {
      await fresh.destroy();
    }
  });

  it('hashes with argon2id, 19 MiB, two passes, one lane', async () => {
    await createUser(handle.db, { username: 'Hashed', role: 'mod', password: PASSWORD });
    const row = await handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'Hashed')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('keeps names unique regardless of case', async () => {
    await createUser(handle.db, { username: 'Carla', role: 'mod', password: PASSWORD });
    expect(
      await codeOf(createUser(handle.db, { username: 'carla', role: 'admin', password: PASSWORD })),
    ).toBe('CONFLICT');
    expect((await findUser(handle.db, 'CARLA'))?.username).toBe('Carla');
  });

  it.each([
    ['a short name', { username: 'ab' }],
    ['a long name', { username: 'a'.repeat(65) }],
    ['a name with a space', { username: 'ab cd' }],
    ['a name with an umlaut', { username: 'jürg' }],
    ['a short password', { password: 'short' }],
    ['an unknown role', { role: 'root' }],
  ])('refuses %s with VALIDATION_FAILED', async (_name, change) => {
    const input = { username: 'Valid1', role: 'mod', password: PASSWORD, ...change };
    expect(await codeOf(createUser(handle.db, input))).toBe('VALIDATION_FAILED');
  });

  it('changes a password', async () => {
    await createUser(handle.db, { username: 'Changer', role: 'mod', password: PASSWORD });
    await setPassword(handle.db, 'changer', 'another password');
    expect(await verifyCredentials(handle.db, 'Changer', PASSWORD)).toBeUndefined();
    expect(await verifyCredentials(handle.db, 'Changer', 'another password')).toMatchObject({
      username: 'Changer',
    });
    expect(await codeOf(setPassword(handle.db, 'nobody1', 'another password'))).toBe('NOT_FOUND');
  });

  it('lists accounts by name', async () => {
    const names = (await listUsers(handle.db)).map((u) => u.username);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toContain('Carla');
  });

  it('deletes an account together with its sessions', async () => {
    const user = await createUser(handle.db, { username: 'Leaver', role: 'mod', password: PASSWORD });
    await startSession(handle.db, { role: 'mod', userId: user.id, ttlSeconds: 60, previousId: null });
    await deleteUser(handle.db, 'leaver');
    expect(await findUser(handle.db, 'Leaver')).toBeUndefined();
    const sessions = await handle.db
      .selectFrom('sessions')
      .where('user_id', '=', user.id)
      .selectAll()
      .execute();
    expect(sessions).toEqual([]);
    expect(await codeOf(deleteUser(handle.db, 'leaver'))).toBe('NOT_FOUND');
  });
});
