import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { startTestProvider, TEST_SCOPES, type TestProvider } from '../../server/src/test/oidc-provider.ts';

// Single sign-on in real Chromium: a real OpenID Connect provider on a free port and a second app
// server configured for it; the staff member clicks "Mit Stadt Beispiel anmelden", logs in at the
// provider and arrives in the back office with the role the group maps to.

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close((error) => (error ? reject(error) : resolve(port)));
    });
  });
}

let provider: TestProvider;
let app: ChildProcess;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  base = `${origin}/publish/`;
  provider = await startTestProvider({
    redirectUris: [`${origin}/api/v1/auth/oidc/callback`],
    postLogoutRedirectUris: [`${origin}/publish/login`],
    accounts: {
      'grace-sub': { preferred_username: 'grace', groups: ['einwurf-admins'] },
      'eve-sub': { preferred_username: 'eve', groups: ['visitors'] },
    },
  });
  // Node itself, not `npx tsx`: npm exec dies on SIGTERM without passing it on, which left the server
  // running after the journeys.
  app = spawn(process.execPath, ['--import', 'tsx', 'support/start-server.ts'], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      EINWURF_OIDC_ISSUER: provider.issuer,
      EINWURF_OIDC_CLIENT_ID: provider.clientId,
      EINWURF_OIDC_CLIENT_SECRET: provider.clientSecret,
      EINWURF_OIDC_ADMIN_VALUES: 'einwurf-admins',
      EINWURF_OIDC_MOD_VALUES: 'einwurf-mods',
      EINWURF_OIDC_NAME: 'Stadt Beispiel',
      EINWURF_OIDC_SCOPES: TEST_SCOPES,
    },
    stdio: 'ignore',
  });
  for (let tries = 0; tries < 200; tries += 1) {
    const up = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the SSO server did not start');
});

test.afterAll(async () => {
  await stopServer(app);
  await provider?.close();
});

/** SIGTERM, and the server gone within its shutdown grace (SIGKILL past it: no server outlives the run). */
async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function signInAtProvider(page: Page, login: string) {
  await page.goto(`${base}login`);
  await page.getByRole('link', { name: 'Mit Stadt Beispiel anmelden' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
}

test('staff sign in through the organisation and arrive with the mapped role; without the group they are told why', async ({
  page,
  browser,
}) => {
  await page.goto(`${base}login`);
  await expect(page.getByRole('link', { name: 'Mit Stadt Beispiel anmelden' })).toBeVisible();
  await expect(page.getByLabel('Benutzername')).toBeVisible();
  await expectNoAxeViolations(page);

  await signInAtProvider(page, 'grace-sub');
  await expect(heading(page, 'Übersicht')).toBeVisible();
  await page.goto(`${base}admin/users`);
  await expect(heading(page, 'Konten')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /grace/ })).toContainText('SSO');
  await expectNoAxeViolations(page);

  // Logout leaves the provider's session too: its logout page asks to confirm.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));

  const context = await browser.newContext({ locale: 'de-DE' });
  const other = await context.newPage();
  await signInAtProvider(other, 'eve-sub');
  await expect(other).toHaveURL(/\/publish\/login\?sso_error=no_role$/);
  await expect(other.getByRole('alert')).toContainText('hat keinen Zugang zur Moderation');
  await expectNoAxeViolations(other);
  await context.close();
});
