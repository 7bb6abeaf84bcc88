import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, RecoveryCodes, StaffSessionList, TotpSetup } from '@einwurf/contract';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { createUser } from '../users/service.ts';
import { currentTotpCode } from './service.ts';

const STEP = 30_000;

describe.each(testDatabases())('second factor and sessions on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('admin', 'chief');
  });
  afterAll(() => t.close());

  /** A new staff account and a client signed in as it. */
  async function staff(username: string, role: 'mod' | 'admin' = 'mod'): Promise<TestClient> {
    await createUser(t.database.db, { username, role, password: TEST_PASSWORD });
    const client = await t.newClient();
    const login = await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username, password: TEST_PASSWORD },
      headers: { 'user-agent': 'Firefox on a test' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return client;
  }

  /** Turns TOTP on for the client's account; answers its secret and recovery codes. */
  async function enrol(client: TestClient): Promise<{ secret: string; codes: string[] }> {
    const setup = await client.request({ method: 'POST', url: '/api/v1/admin/profile/totp' });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, uri } = setup.json<TotpSetup>().data;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Einwurf:.+\?.*secret=/);
    expect(uri).toContain('algorithm=SHA1');
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
    // The code of the step before counts too (clocks drift), so the next login uses a later step.
    const confirm = await client.request({
      method: 'PUT',
      url: '/api/v1/admin/profile/totp',
      payload: { code: await currentTotpCode(secret, Date.now() - STEP) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes = confirm.json<RecoveryCodes>().data.recovery_codes;
    return { secret, codes };
  }

  async function login(username: string, extra: Record<string, string> = {}) {
    const client = await t.newClient();
    const response = await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username, password: TEST_PASSWORD, ...extra },
    });
    return { client, response };
  }

  it('asks for the second factor once an account has one, and takes each code once', async () => {
    const own = await staff('Tara');
    const { secret, codes } = await enrol(own);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const missing = await login('Tara');
    expect(missing.response.statusCode).toBe(401);
    const body = missing.response.json<ErrorBody>();
    expect(body.error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(body.error.fields?.[0]).toMatchObject({
      field: 'code',
      params: { methods: ['totp', 'recovery_code'] },
    });
    // No session came of it.
    const state = await missing.client.request({ method: 'GET', url: '/api/v1/auth' });
    expect(state.json()).toMatchObject({ role: 'none' });

    const wrongPassword = await (
      await t.newClient()
    ).request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'Tara', password: 'not the password', code: await currentTotpCode(secret) },
    });
    expect(wrongPassword.json<ErrorBody>().error.code).toBe('INVALID_CREDENTIALS');

    const wrong = await login('Tara', {
      code: '000000' === (await currentTotpCode(secret)) ? '111111' : '000000',
    });
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.json<ErrorBody>().error).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      fields: [{ field: 'code' }],
    });

    const code = await currentTotpCode(secret);
    const right = await login('Tara', { code });
    expect(right.response.statusCode, right.response.body).toBe(200);
    expect(right.response.json()).toMatchObject({ role: 'mod', username: 'Tara' });
    const replayed = await login('Tara', { code });
    expect(replayed.response.json<ErrorBody>().error.code).toBe('SECOND_FACTOR_INVALID');
    // Neither is an older step's code accepted once a later one was.
    const older = await login('Tara', { code: await currentTotpCode(secret, Date.now() - STEP) });
    expect(older.response.json<ErrorBody>().error.code).toBe('SECOND_FACTOR_INVALID');

    const recovery = codes[0]!;
    const withRecovery = await login('Tara', { code: recovery.toUpperCase() });
    expect(withRecovery.response.statusCode, withRecovery.response.body).toBe(200);
    const again = await login('Tara', { code: recovery });
    expect(again.response.json<ErrorBody>().error.code).toBe('SECOND_FACTOR_INVALID');
    const factor = await own.request({ method: 'GET', url: '/api/v1/admin/profile/second-factor' });
    expect(factor.json()).toEqual({
      data: { totp: true, passkeys: 0, recovery_codes_left: 9, required: false },
    });
  });

  it('refuses a first code that is wrong, and a second setup while one is on', async () => {
    const own = await staff('Uwe');
    const setup = await own.request({ method: 'POST', url: '/api/v1/admin/profile/totp' });
    const { secret } = setup.json<TotpSetup>().data;
    const wrong = await own.request({
      method: 'PUT',
      url: '/api/v1/admin/profile/totp',
      payload: { code: await currentTotpCode(secret, Date.now() - 10 * STEP) },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<ErrorBody>().error).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      fields: [{ field: 'code' }],
    });
    const right = await own.request({
      method: 'PUT',
      url: '/api/v1/admin/profile/totp',
      payload: { code: await currentTotpCode(secret) },
    });
    expect(right.statusCode, right.body).toBe(200);
    const second = await own.request({ method: 'POST', url: '/api/v1/admin/profile/totp' });
    expect(second.statusCode).toBe(409);
    const noSetup = await own.request({
      method: 'PUT',
      url: '/api/v1/admin/profile/totp',
      payload: { code: '123456' },
    });
    expect(noSetup.statusCode).toBe(409);
  });

  it('limits wrong codes like wrong passwords', async () => {
    const own = await staff('Vera');
    const { secret } = await enrol(own);
    const bad = (await currentTotpCode(secret)) === '999999' ? '999998' : '999999';
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await login('Vera', { code: bad })).response.statusCode);
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
    // The right code is refused too while the account is locked for this client.
    const locked = await login('Vera', { code: await currentTotpCode(secret, Date.now() + STEP) });
    expect(locked.response.statusCode).toBe(429);
  });

  it('turns the factor off and renews the codes only with the password and a code; others’ sessions end', async () => {
    const own = await staff('Wanda');
    const { secret, codes } = await enrol(own);
    const elsewhere = await login('Wanda', { code: codes[1]! });
    expect(elsewhere.response.statusCode).toBe(200);

    const wrongPassword = await own.request({
      method: 'POST',
      url: '/api/v1/admin/profile/recovery-codes',
      payload: { password: 'wrong password', code: codes[2]! },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json<ErrorBody>().error.fields?.[0]?.field).toBe('password');
    const renewed = await own.request({
      method: 'POST',
      url: '/api/v1/admin/profile/recovery-codes',
      payload: { password: TEST_PASSWORD, code: codes[2]! },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<RecoveryCodes>().data.recovery_codes;
    expect((await login('Wanda', { code: codes[3]! })).response.statusCode).toBe(401);

    const off = await own.request({
      method: 'DELETE',
      url: '/api/v1/admin/profile/totp',
      payload: { password: TEST_PASSWORD, code: await currentTotpCode(secret, Date.now() + STEP) },
    });
    expect(off.statusCode, off.body).toBe(204);
    const ended = await elsewhere.client.request({ method: 'GET', url: '/api/v1/admin/profile' });
    expect(ended.statusCode).toBe(401);
    const plain = await login('Wanda');
    expect(plain.response.statusCode).toBe(200);
    expect((await login('Wanda', { code: fresh[0]! })).response.statusCode).toBe(200);
  });

  it('lets an admin reset another account’s second factor, and records it', async () => {
    const own = await staff('Xaver');
    await enrol(own);
    const asMod = await staff('Yusuf');
    const refused = await asMod.request({ method: 'DELETE', url: '/api/v1/admin/users/Xaver/second-factor' });
    expect(refused.statusCode).toBe(403);
    const reset = await t.request({ method: 'DELETE', url: '/api/v1/admin/users/xaver/second-factor' });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await own.request({ method: 'GET', url: '/api/v1/admin/profile' })).statusCode).toBe(401);
    expect((await login('Xaver')).response.statusCode).toBe(200);
    const audit = await t.request({
      method: 'GET',
      url: '/api/v1/admin/audit?filters=kind:is:auth.second_factor_reset',
    });
    expect(audit.json().data[0]).toMatchObject({ actor: { username: 'chief' } });
    expect(
      (await t.request({ method: 'DELETE', url: '/api/v1/admin/users/nobody/second-factor' })).statusCode,
    ).toBe(404);
  });

  it('lists the account’s own sessions and ends any of them', async () => {
    const first = await staff('Zora');
    const second = (await login('Zora')).client;
    const list = await first.request({ method: 'GET', url: '/api/v1/admin/profile/sessions' });
    expect(list.statusCode, list.body).toBe(200);
    const sessions = list.json<StaffSessionList>().data;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const own = sessions.find((s) => s.current)!;
    expect(own.user_agent).toBe('Firefox on a test');
    expect(Date.parse(own.last_used_at)).toBeGreaterThanOrEqual(Date.parse(own.created_at));
    const other = sessions.find((s) => !s.current)!;

    // Another account's session cannot be named.
    const stranger = await staff('Ahmet');
    const foreign = await stranger.request({
      method: 'DELETE',
      url: `/api/v1/admin/profile/sessions/${other.id}`,
    });
    expect(foreign.statusCode).toBe(404);

    const end = await first.request({ method: 'DELETE', url: `/api/v1/admin/profile/sessions/${other.id}` });
    expect(end.statusCode).toBe(204);
    expect((await second.request({ method: 'GET', url: '/api/v1/admin/profile' })).statusCode).toBe(401);
    expect((await first.request({ method: 'GET', url: '/api/v1/admin/profile' })).statusCode).toBe(200);

    const all = await t.request({ method: 'DELETE', url: '/api/v1/admin/users/Zora/sessions' });
    expect(all.statusCode).toBe(204);
    expect((await first.request({ method: 'GET', url: '/api/v1/admin/profile' })).statusCode).toBe(401);
  });
});

describe.each(testDatabases())('a second factor required of all staff on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { staffSecondFactor: 'required' });
  });
  afterAll(() => t.close());

  it('leads an account without one to set it up before anything else', async () => {
    await createUser(t.database.db, { username: 'Bea', role: 'admin', password: TEST_PASSWORD });
    const client = await t.newClient();
    const login = await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'Bea', password: TEST_PASSWORD },
    });
    expect(login.json()).toMatchObject({ role: 'admin', second_factor_setup_required: true });
    const dashboard = await client.request({ method: 'GET', url: '/api/v1/admin/users' });
    expect(dashboard.statusCode).toBe(403);
    expect(dashboard.json<ErrorBody>().error.code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
    expect((await client.request({ method: 'GET', url: '/api/v1/admin/profile' })).statusCode).toBe(200);

    const setup = await client.request({ method: 'POST', url: '/api/v1/admin/profile/totp' });
    const { secret } = setup.json<TotpSetup>().data;
    const confirm = await client.request({
      method: 'PUT',
      url: '/api/v1/admin/profile/totp',
      payload: { code: await currentTotpCode(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await client.request({ method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(200);
    const state = await client.request({ method: 'GET', url: '/api/v1/auth' });
    expect(state.json().second_factor_setup_required).toBeUndefined();
  });
});
