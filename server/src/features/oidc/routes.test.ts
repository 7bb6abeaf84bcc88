import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthState, ErrorBody, LoginOptions, UserList } from '@einwurf/contract';
import type { OidcSettings } from '../../config.ts';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { startTestProvider, TEST_SCOPES, type TestProvider } from '../../test/oidc-provider.ts';
import { disableUser } from '../users/service.ts';
import { FLOW_COOKIE, openFlow, sealFlow, type Flow } from './flow-cookie.ts';

// The whole authorization code flow against a real provider started here: the app's start route,
// the provider's login driven over HTTP, and the app's callback with the provider's answer.

const ORIGIN = 'http://einwurf.test';
const CALLBACK = `${ORIGIN}/api/v1/auth/oidc/callback`;

/** A browser at the provider: its own cookies, redirects followed by hand. */
class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  async get(url: string): Promise<Response> {
    return this.send(url, { method: 'GET' });
  }

  async post(url: string, form: Record<string, string>): Promise<Response> {
    return this.send(url, {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /**
   * Follows the provider's redirects from the authorization URL, logging in as `login` when asked,
   * until the provider sends the browser back to the app; answers that URL.
   */
  async authorize(authorizationUrl: string, login: string): Promise<URL> {
    let url = authorizationUrl;
    for (let hop = 0; hop < 12; hop += 1) {
      if (url.startsWith(CALLBACK)) return new URL(url);
      const response = await this.get(url);
      if (response.status >= 300 && response.status < 400) {
        url = new URL(response.headers.get('location')!, url).href;
        continue;
      }
      const html = await response.text();
      expect(response.status, html).toBe(200);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      expect(action, html).toBeDefined();
      const submitted = await this.post(
        new URL(action!, url).href,
        prompt === 'login' ? { prompt, login, password: 'any' } : { prompt: prompt ?? 'consent' },
      );
      expect(submitted.status).toBeGreaterThanOrEqual(300);
      url = new URL(submitted.headers.get('location')!, url).href;
    }
    throw new Error('the provider did not send the browser back');
  }
}

async function startLogin(client: TestClient): Promise<string> {
  const start = await client.request({ method: 'GET', url: '/api/v1/auth/oidc/start' });
  expect(start.statusCode, start.body).toBe(302);
  expect(client.cookies.has(FLOW_COOKIE)).toBe(true);
  return start.headers.location as string;
}

async function callback(client: TestClient, back: URL) {
  const response = await client.request({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(response.statusCode, response.body).toBe(303);
  return response;
}

describe.each(testDatabases())('single sign-on on $name', (target) => {
  let provider: TestProvider;
  let t: TestApp;
  let settings: OidcSettings;

  beforeAll(async () => {
    provider = await startTestProvider({
      redirectUris: [CALLBACK],
      postLogoutRedirectUris: [`${ORIGIN}/publish/login`],
      accounts: {
        'ada-sub': { preferred_username: 'ada', email: 'ada@example.org', groups: ['einwurf-admins'] },
        'mo-sub': { preferred_username: 'mo.moderator', groups: ['staff', 'einwurf-mods'] },
        'nobody-sub': { preferred_username: 'nobody', groups: ['staff'] },
        'nogroups-sub': { email: 'plain@example.org' },
        'twin-sub': { preferred_username: 'chief', groups: ['einwurf-mods'] },
      },
    });
    settings = {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      roleClaim: 'groups',
      adminValues: ['einwurf-admins'],
      modValues: ['einwurf-mods'],
      name: 'Stadt Beispiel',
      scopes: TEST_SCOPES,
    };
    t = await createTestApp(target, { publicUrl: ORIGIN, oidc: settings });
    await t.loginAs('admin', 'chief');
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  async function ssoLogin(login: string) {
    const client = await t.newClient();
    const browser = new ProviderBrowser();
    const back = await browser.authorize(await startLogin(client), login);
    const response = await callback(client, back);
    const state = (await client.request({ method: 'GET', url: '/api/v1/auth' })).json<AuthState>();
    return { client, response, state, browser };
  }

  it('tells the login screen about single sign-on and its name', async () => {
    const options = await t.request({ method: 'GET', url: '/api/v1/auth/login-options' });
    expect(options.json<LoginOptions>()).toEqual({ password_login: true, sso: { name: 'Stadt Beispiel' } });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const client = await t.newClient();
    const url = new URL(await startLogin(client));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const flow = openFlow(t.app.secrets.verifying(), client.cookies.get(FLOW_COOKIE));
    expect(url.searchParams.get('state')).toBe(flow?.state);
    expect(url.searchParams.get('nonce')).toBe(flow?.nonce);
  });

  it('creates an admin at the first login from the group claim, marked as SSO, without a password login', async () => {
    const { response, state } = await ssoLogin('ada-sub');
    expect(response.headers.location).toBe('/publish/admin');
    expect(state).toMatchObject({ role: 'admin', username: 'ada' });
    const users = (await t.request({ method: 'GET', url: '/api/v1/admin/users' })).json<UserList>();
    const ada = users.data.users.find((u) => u.username === 'ada');
    expect(ada).toMatchObject({ role: 'admin', email: 'ada@example.org', sso: true });
    expect(users.data.users.find((u) => u.username === 'chief')?.sso).toBeUndefined();
    // Its second login is the same account.
    const again = await ssoLogin('ada-sub');
    expect(again.state).toMatchObject({ role: 'admin', username: 'ada' });
    const count = (await t.request({ method: 'GET', url: '/api/v1/admin/users' })).json<UserList>().data.users
      .length;
    expect(count).toBe(users.data.users.length);
    // No password opens an SSO account.
    const client = await t.newClient();
    const password = await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'ada', password: '!sso' },
    });
    expect(password.json<ErrorBody>().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('maps the mod group, never takes over an account of the same name, and refreshes the role at each login', async () => {
    const first = await ssoLogin('mo-sub');
    expect(first.state).toMatchObject({ role: 'mod', username: 'momoderator' });
    const twin = await ssoLogin('twin-sub');
    expect(twin.state).toMatchObject({ role: 'mod', username: 'chief2' });

    provider.accounts.get('mo-sub')!.groups = ['einwurf-admins'];
    const promoted = await ssoLogin('mo-sub');
    expect(promoted.state).toMatchObject({ role: 'admin', username: 'momoderator' });
    // The earlier session carries the new role too.
    const earlier = await first.client.request({ method: 'GET', url: '/api/v1/auth' });
    expect(earlier.json<AuthState>().role).toBe('admin');
    const audit = await t.request({ method: 'GET', url: '/api/v1/admin/audit?kind=user.role_changed' });
    expect(audit.body).toContain('momoderator');

    // Taken out of every group: refused, and its open sessions end.
    provider.accounts.get('mo-sub')!.groups = ['staff'];
    const removed = await ssoLogin('mo-sub');
    expect(removed.response.headers.location).toBe('/publish/login?sso_error=no_role');
    expect(removed.state.role).toBe('none');
    const ended = await first.client.request({ method: 'GET', url: '/api/v1/auth' });
    expect(ended.json<AuthState>().role).toBe('none');
  });

  it('refuses a person without a mapped group, and one without the claim, creating no account', async () => {
    for (const login of ['nobody-sub', 'nogroups-sub']) {
      const { response, state } = await ssoLogin(login);
      expect(response.headers.location).toBe('/publish/login?sso_error=no_role');
      expect(state.role).toBe('none');
    }
    const users = (await t.request({ method: 'GET', url: '/api/v1/admin/users' })).json<UserList>();
    expect(users.data.users.map((u) => u.username)).not.toContain('nobody');
    const audit = await t.request({ method: 'GET', url: '/api/v1/admin/audit?kind=auth.login.failed' });
    expect(audit.body).toContain('no_role');
  });

  it('refuses an answer whose state, nonce or PKCE verifier does not match the login started here', async () => {
    const refusedWith = async (tamper: (client: TestClient, back: URL, flow: Flow) => void) => {
      const client = await t.newClient();
      const back = await new ProviderBrowser().authorize(await startLogin(client), 'ada-sub');
      const flow = openFlow(t.app.secrets.verifying(), client.cookies.get(FLOW_COOKIE))!;
      tamper(client, back, flow);
      const response = await callback(client, back);
      expect(response.headers.location).toBe('/publish/login?sso_error=failed');
      const state = await client.request({ method: 'GET', url: '/api/v1/auth' });
      expect(state.json<AuthState>().role).toBe('none');
      expect(client.cookies.has(FLOW_COOKIE)).toBe(false);
    };
    const reseal = (client: TestClient, flow: Flow) =>
      client.cookies.set(FLOW_COOKIE, sealFlow(t.app.secrets.current(), flow));
    // Another state in the answer than the one started with.
    await refusedWith((_client, back) => back.searchParams.set('state', 'forged-state'));
    // No state at all.
    await refusedWith((_client, back) => back.searchParams.delete('state'));
    // No login started in this browser (no flow cookie), or a forged one.
    await refusedWith((client) => client.cookies.delete(FLOW_COOKIE));
    await refusedWith((client) => client.cookies.set(FLOW_COOKIE, `${client.cookies.get(FLOW_COOKIE)}x`));
    // The ID token's nonce is not the one this login sent.
    await refusedWith((client, _back, flow) => reseal(client, { ...flow, nonce: 'another-nonce' }));
    // The code is redeemed with another verifier than its challenge's.
    await refusedWith((client, _back, flow) => reseal(client, { ...flow, verifier: 'a'.repeat(43) }));
  });

  it('refuses the answer of a login the provider refused', async () => {
    const client = await t.newClient();
    await startLogin(client);
    const response = await callback(
      client,
      new URL(
        `${CALLBACK}?error=access_denied&state=${openFlow(t.app.secrets.verifying(), client.cookies.get(FLOW_COOKIE))!.state}`,
      ),
    );
    expect(response.headers.location).toBe('/publish/login?sso_error=failed');
  });

  it('keeps a disabled SSO account out', async () => {
    await ssoLogin('ada-sub');
    provider.accounts.set('dis-sub', { preferred_username: 'dis', groups: ['einwurf-mods'] });
    expect((await ssoLogin('dis-sub')).state.role).toBe('mod');
    await disableUser(t.database.db, 'dis');
    const refused = await ssoLogin('dis-sub');
    expect(refused.response.headers.location).toBe('/publish/login?sso_error=disabled');
    expect(refused.state.role).toBe('none');
  });

  it("ends the session here and answers the provider's logout URL with the ID token as hint", async () => {
    const { client } = await ssoLogin('ada-sub');
    const logout = await client.request({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(logout.statusCode, logout.body).toBe(200);
    const body = logout.json<AuthState>();
    expect(body.role).toBe('none');
    const url = new URL(body.logout_url!);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/publish/login`);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    // The provider takes the hint: its logout page answers, not an error.
    const page = await new ProviderBrowser().get(url.href);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toMatch(/invalid_request|error/i);
    expect((await client.request({ method: 'GET', url: '/api/v1/auth' })).json<AuthState>().role).toBe(
      'none',
    );

    // A password session logs out here only.
    const own = await t.newClient();
    await own.loginAs('mod');
    const local = await own.request({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(local.json<AuthState>().logout_url).toBeUndefined();
  });

  it('counts an SSO login as strong authentication when staff must have a second factor', async () => {
    const strict = await createTestApp(target, {
      publicUrl: ORIGIN,
      oidc: settings,
      staffSecondFactor: 'required',
    });
    try {
      const client = await strict.newClient();
      const back = await new ProviderBrowser().authorize(await startLogin(client), 'ada-sub');
      await callback(client, back);
      const state = (await client.request({ method: 'GET', url: '/api/v1/auth' })).json<AuthState>();
      expect(state).toMatchObject({ role: 'admin', username: 'ada' });
      expect(state.second_factor_setup_required).toBeUndefined();
      const users = await client.request({ method: 'GET', url: '/api/v1/admin/users' });
      expect(users.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe.each(testDatabases())('single sign-on settings on $name', (target) => {
  const down: OidcSettings = {
    issuer: 'http://127.0.0.1:9',
    clientId: 'einwurf',
    clientSecret: undefined,
    roleClaim: 'groups',
    adminValues: ['einwurf-admins'],
    modValues: [],
    name: 'Stadt Beispiel',
    scopes: 'openid',
  };

  it('answers 503 when the provider cannot be reached, and sends a browser back to the login screen', async () => {
    const t = await createTestApp(target, { oidc: down });
    try {
      const api = await t.request({ method: 'GET', url: '/api/v1/auth/oidc/start' });
      expect(api.statusCode).toBe(503);
      expect(api.json<ErrorBody>().error).toMatchObject({ code: 'UNAVAILABLE' });
      const page = await t.request({
        method: 'GET',
        url: '/api/v1/auth/oidc/start',
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe('/publish/login?sso_error=unavailable');
    } finally {
      await t.close();
    }
  });

  it('turns the password login off for staff when told, and has no SSO routes without a provider', async () => {
    const off = await createTestApp(target, { oidc: down, passwordLogin: false });
    try {
      const options = await off.request({ method: 'GET', url: '/api/v1/auth/login-options' });
      expect(options.json<LoginOptions>()).toEqual({
        password_login: false,
        sso: { name: 'Stadt Beispiel' },
      });
      const refused = await off.loginAs('admin');
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.message).toMatch(/password login is turned off/);
    } finally {
      await off.close();
    }
    const plain = await createTestApp(target);
    try {
      const options = await plain.request({ method: 'GET', url: '/api/v1/auth/login-options' });
      expect(options.json<LoginOptions>()).toEqual({ password_login: true, sso: null });
      const start = await plain.request({ method: 'GET', url: '/api/v1/auth/oidc/start' });
      expect(start.statusCode).toBe(404);
      expect((await plain.loginAs('mod', 'plainmod')).statusCode).toBe(200);
      expect(TEST_PASSWORD).toBeTruthy();
    } finally {
      await plain.close();
    }
  });
});
