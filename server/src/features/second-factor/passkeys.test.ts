import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Passkey, PasskeyList, WebAuthnOptions } from '@einwurf/contract';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { softAuthenticator, type SoftAuthenticator } from '../../test/webauthn-authenticator.ts';
import { createUser } from '../users/service.ts';

const ORIGIN = 'https://einwurf.example';

describe.each(testDatabases())('passkeys as the second factor on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, { publicUrl: ORIGIN });
    await t.loginAs('admin', 'chief');
  });
  afterAll(() => t.close());

  async function staff(username: string): Promise<TestClient> {
    await createUser(t.database.db, { username, role: 'mod', password: TEST_PASSWORD });
    const client = await t.newClient();
    const login = await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    return client;
  }

  async function registrationOptions(client: TestClient): Promise<Record<string, unknown>> {
    const options = await client.request({ method: 'POST', url: '/api/v1/admin/profile/passkeys/options' });
    expect(options.statusCode, options.body).toBe(200);
    return options.json<WebAuthnOptions>().data;
  }

  async function addPasskey(client: TestClient, key: SoftAuthenticator, name = 'Laptop'): Promise<Passkey> {
    const options = await registrationOptions(client);
    const added = await client.request({
      method: 'POST',
      url: '/api/v1/admin/profile/passkeys',
      payload: { name, response: key.register(options, ORIGIN) },
    });
    expect(added.statusCode, added.body).toBe(201);
    return added.json<Passkey>();
  }

  async function login(username: string, extra: Record<string, unknown> = {}) {
    const client = await t.newClient();
    const response = await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username, password: TEST_PASSWORD, ...extra },
    });
    return { client, response };
  }

  /** The passkey options a login without the second factor answers. */
  async function loginOptions(username: string): Promise<Record<string, unknown>> {
    const { response } = await login(username);
    expect(response.statusCode).toBe(401);
    const { error } = response.json<ErrorBody>();
    expect(error.code).toBe('SECOND_FACTOR_REQUIRED');
    return error.fields![0]!.params!['webauthn'] as Record<string, unknown>;
  }

  it('adds a passkey bound to the public origin, and logs in with it', async () => {
    const own = await staff('Paula');
    const options = await registrationOptions(own);
    expect(options).toMatchObject({
      rp: { id: 'einwurf.example', name: 'Einwurf' },
      user: { name: 'Paula' },
      attestation: 'none',
    });
    const key = softAuthenticator();
    const added = await own.request({
      method: 'POST',
      url: '/api/v1/admin/profile/passkeys',
      payload: { name: '  YubiKey  ', response: key.register(options, ORIGIN) },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'YubiKey', last_used_at: null });
    const list = await own.request({ method: 'GET', url: '/api/v1/admin/profile/passkeys' });
    expect(list.json<PasskeyList>().data.map((p) => p.name)).toEqual(['YubiKey']);
    const state = await own.request({ method: 'GET', url: '/api/v1/admin/profile/second-factor' });
    expect(state.json()).toEqual({
      data: { totp: false, passkeys: 1, recovery_codes_left: 0, required: false },
    });

    const missing = await login('Paula');
    expect(missing.response.statusCode).toBe(401);
    const { error } = missing.response.json<ErrorBody>();
    expect(error.fields?.[0]?.params).toMatchObject({
      methods: ['webauthn'],
      webauthn: { rpId: 'einwurf.example', allowCredentials: [{ id: key.credentialId, type: 'public-key' }] },
    });
    const answer = key.authenticate(error.fields![0]!.params!['webauthn'], ORIGIN);
    const right = await login('Paula', { webauthn: answer });
    expect(right.response.statusCode, right.response.body).toBe(200);
    expect(right.response.json()).toMatchObject({ role: 'mod', username: 'Paula' });
    const used = await own.request({ method: 'GET', url: '/api/v1/admin/profile/passkeys' });
    expect(used.json<PasskeyList>().data[0]!.last_used_at).not.toBeNull();

    // The same answer again: its challenge was used.
    const replayed = await login('Paula', { webauthn: answer });
    expect(replayed.response.statusCode).toBe(401);
    expect(replayed.response.json<ErrorBody>().error).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      fields: [{ field: 'webauthn' }],
    });
    // A challenge the server never handed out.
    const madeUp = key.authenticate(await loginOptions('Paula'), ORIGIN, {
      challenge: 'bm90LWEtY2hhbGxlbmdl',
    });
    expect((await login('Paula', { webauthn: madeUp })).response.json<ErrorBody>().error.code).toBe(
      'SECOND_FACTOR_INVALID',
    );
    // Another site's page asking the key (a phishing copy).
    const phished = key.authenticate(await loginOptions('Paula'), 'https://einwurf.example.evil');
    expect((await login('Paula', { webauthn: phished })).response.json<ErrorBody>().error.code).toBe(
      'SECOND_FACTOR_INVALID',
    );
    // A counter that went back: a cloned key.
    const cloned = key.authenticate(await loginOptions('Paula'), ORIGIN, { counter: 1 });
    expect((await login('Paula', { webauthn: cloned })).response.json<ErrorBody>().error.code).toBe(
      'SECOND_FACTOR_INVALID',
    );
    // Another account's key does not sign in here.
    const stranger = await staff('Quentin');
    const strangerKey = softAuthenticator();
    await addPasskey(stranger, strangerKey);
    const foreign = strangerKey.authenticate(await loginOptions('Paula'), ORIGIN);
    expect((await login('Paula', { webauthn: foreign })).response.statusCode).toBe(401);
    // The right key still works after all that.
    const again = key.authenticate(await loginOptions('Paula'), ORIGIN);
    expect((await login('Paula', { webauthn: again })).response.statusCode).toBe(200);
  });

  it('takes a key that keeps no counter', async () => {
    const synced = softAuthenticator(0);
    await addPasskey(await staff('Rosa'), synced);
    for (let i = 0; i < 2; i++) {
      const answer = synced.authenticate(await loginOptions('Rosa'), ORIGIN);
      expect((await login('Rosa', { webauthn: answer })).response.statusCode).toBe(200);
    }
  });

  it('refuses a registration with a wrong, used or other origin’s challenge', async () => {
    const own = await staff('Sven');
    const key = softAuthenticator();
    const wrongChallenge = await own.request({
      method: 'POST',
      url: '/api/v1/admin/profile/passkeys',
      payload: {
        name: 'Key',
        response: key.register(await registrationOptions(own), ORIGIN, { challenge: 'bm90LWEtY2hhbGxlbmdl' }),
      },
    });
    expect(wrongChallenge.statusCode).toBe(400);
    expect(wrongChallenge.json<ErrorBody>().error.fields?.[0]?.field).toBe('response');

    const otherOrigin = await own.request({
      method: 'POST',
      url: '/api/v1/admin/profile/passkeys',
      payload: {
        name: 'Key',
        response: key.register(await registrationOptions(own), 'http://localhost:8080'),
      },
    });
    expect(otherOrigin.statusCode).toBe(400);

    const options = await registrationOptions(own);
    const first = await own.request({
      method: 'POST',
      url: '/api/v1/admin/profile/passkeys',
      payload: { name: 'Key', response: key.register(options, ORIGIN) },
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await own.request({
      method: 'POST',
      url: '/api/v1/admin/profile/passkeys',
      payload: { name: 'Key', response: softAuthenticator().register(options, ORIGIN) },
    });
    expect(second.statusCode).toBe(400);

    const nameless = await own.request({
      method: 'POST',
      url: '/api/v1/admin/profile/passkeys',
      payload: { name: '   ', response: key.register(await registrationOptions(own), ORIGIN) },
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json<ErrorBody>().error.fields?.[0]?.field).toContain('name');
  });

  it('renames and removes keys with the password; the other sessions end; the last one off leaves the password', async () => {
    const own = await staff('Tilda');
    const elsewhere = (await login('Tilda')).client;
    const key = softAuthenticator();
    const passkey = await addPasskey(own, key, 'Phone');
    expect((await elsewhere.request({ method: 'GET', url: '/api/v1/admin/profile' })).statusCode).toBe(401);
    const spare = await addPasskey(own, softAuthenticator(), 'Spare');

    const renamed = await own.request({
      method: 'PATCH',
      url: `/api/v1/admin/profile/passkeys/${passkey.id}`,
      payload: { name: 'Work phone' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Work phone' });

    const signedIn = await login('Tilda', {
      webauthn: key.authenticate(await loginOptions('Tilda'), ORIGIN),
    });
    expect(signedIn.response.statusCode).toBe(200);
    const wrongPassword = await own.request({
      method: 'DELETE',
      url: `/api/v1/admin/profile/passkeys/${passkey.id}`,
      payload: { password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json<ErrorBody>().error.fields?.[0]?.field).toBe('password');
    const removed = await own.request({
      method: 'DELETE',
      url: `/api/v1/admin/profile/passkeys/${passkey.id}`,
      payload: { password: TEST_PASSWORD },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await signedIn.client.request({ method: 'GET', url: '/api/v1/admin/profile' })).statusCode).toBe(
      401,
    );
    // The removed key no longer signs in; the spare one is still asked for.
    const gone = key.authenticate(await loginOptions('Tilda'), ORIGIN);
    expect((await login('Tilda', { webauthn: gone })).response.statusCode).toBe(401);

    const stranger = await staff('Udo');
    const foreign = await stranger.request({
      method: 'DELETE',
      url: `/api/v1/admin/profile/passkeys/${spare.id}`,
      payload: { password: TEST_PASSWORD },
    });
    expect(foreign.statusCode).toBe(404);
    const last = await own.request({
      method: 'DELETE',
      url: `/api/v1/admin/profile/passkeys/${spare.id}`,
      payload: { password: TEST_PASSWORD },
    });
    expect(last.statusCode).toBe(204);
    expect((await login('Tilda')).response.statusCode).toBe(200);
    const audit = await t.request({
      method: 'GET',
      url: '/api/v1/admin/audit?filters=kind:is:auth.passkey_removed',
    });
    expect(audit.json().data[0]).toMatchObject({ actor: { username: 'Tilda' }, details: { name: 'Spare' } });
    const added = await t.request({
      method: 'GET',
      url: '/api/v1/admin/audit?filters=kind:is:auth.passkey_added',
    });
    expect(added.json().data.map((r: { details: { name: string } }) => r.details.name)).toContain('Phone');
  });

  it('limits wrong passkey answers like wrong codes', async () => {
    const own = await staff('Vito');
    const key = softAuthenticator();
    await addPasskey(own, key);
    const options = await loginOptions('Vito');
    const bad = key.authenticate(options, 'https://elsewhere.example');
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await login('Vito', { webauthn: bad })).response.statusCode);
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('goes with an admin’s reset of the second factor', async () => {
    const own = await staff('Wilma');
    await addPasskey(own, softAuthenticator());
    const reset = await t.request({ method: 'DELETE', url: '/api/v1/admin/users/Wilma/second-factor' });
    expect(reset.statusCode).toBe(204);
    expect((await login('Wilma')).response.statusCode).toBe(200);
    const fresh = (await login('Wilma')).client;
    const list = await fresh.request({ method: 'GET', url: '/api/v1/admin/profile/passkeys' });
    expect(list.json<PasskeyList>().data).toEqual([]);
  });
});

describe.each(testDatabases())('a passkey as the required second factor on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { staffSecondFactor: 'required' });
  });
  afterAll(() => t.close());

  it('counts, with the relying party taken from the request when no public URL is set', async () => {
    await createUser(t.database.db, { username: 'Xenia', role: 'admin', password: TEST_PASSWORD });
    const client = await t.newClient();
    await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'Xenia', password: TEST_PASSWORD },
    });
    expect((await client.request({ method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(403);
    const options = await client.request({
      method: 'POST',
      url: '/api/v1/admin/profile/passkeys/options',
      headers: { host: 'staff.example:8443' },
    });
    const data = options.json<WebAuthnOptions>().data;
    expect(data).toMatchObject({ rp: { id: 'staff.example' } });
    const added = await client.request({
      method: 'POST',
      url: '/api/v1/admin/profile/passkeys',
      headers: { host: 'staff.example:8443' },
      payload: { name: 'Key', response: softAuthenticator().register(data, 'http://staff.example:8443') },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await client.request({ method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(200);
    expect((await client.request({ method: 'GET', url: '/api/v1/auth' })).json()).not.toHaveProperty(
      'second_factor_setup_required',
    );
  });
});
