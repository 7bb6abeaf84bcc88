import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectNoAxeViolations } from '../support/axe.ts';
import { apiClient } from '../support/author-api.ts';
import { createModerators } from '../support/desk-api.ts';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/server.ts';
import { expectSuccess } from '../support/announce.ts';

// A moderator protects the account with an authenticator app, logs in with password and code, sees
// and ends another session, and uses a recovery code once. Codes come from the secret the page shows,
// computed here as the app would; each time step counts once, so a second code waits for the next.

const PASSWORD = 'second-factor-pass-1';
const CODE_LABEL = 'Code aus der Authenticator-App oder Wiederherstellungscode';
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A code of a time step not used yet: waits for the next step when this one was. */
async function freshCode(totp: OTPAuth.TOTP, used: Set<number>): Promise<string> {
  while (used.has(totp.counter())) await sleep(totp.remaining() + 250);
  used.add(totp.counter());
  return totp.generate();
}

const totpOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

async function logIn(page: Page, username: string, password = PASSWORD) {
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

async function enterCode(page: Page, code: string) {
  const field = page.getByLabel(CODE_LABEL);
  await expect(field).toBeFocused();
  await field.fill(code);
  await page.getByRole('button', { name: 'Code bestätigen' }).click();
}

test('a moderator turns on the second factor, logs in with it, ends another session and uses a recovery code once', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const username = `sfmod${Date.now()}`;
  await createModerators([username], PASSWORD);
  const used = new Set<number>();

  // Set up: QR code and key, confirmed with the app's first code; the recovery codes once.
  await logIn(page, username);
  await expect(heading(page, 'Übersicht')).toBeVisible();
  await page.goto('admin/profile');
  const card = page.getByRole('region', { name: 'Zweiter Faktor' });
  await expect(card.getByText('Kein zweiter Faktor eingerichtet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
  await expect(card.getByRole('img', { name: 'QR-Code zum Einrichten der Authenticator-App' })).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const totp = totpOf(secret);
  await expectNoAxeViolations(page);
  await card
    .getByRole('textbox', { name: /^Code aus der Authenticator-App/ })
    .fill(await freshCode(totp, used));
  await card.getByRole('button', { name: 'Einschalten' }).click();
  const codeList = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codeList).toHaveCount(10);
  const recoveryCodes = await codeList.allInnerTexts();
  await expect(card.getByRole('note')).toContainText('nur jetzt angezeigt');
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
  await expect(card.getByText('Authenticator-App eingerichtet.')).toBeVisible();
  await expect(card.getByText('Wiederherstellungscodes übrig: 10')).toBeVisible();

  // Log out and in again: the password alone is not enough; a wrong code is said, the right one opens.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await logIn(page, username);
  await expect(page.getByLabel(CODE_LABEL)).toBeVisible();
  await expect(page.getByLabel(CODE_LABEL)).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoAxeViolations(page);
  await enterCode(page, '000000');
  await expect(page.getByRole('alert')).toHaveText('Der Code ist falsch oder wurde schon verwendet.');
  await expectNoAxeViolations(page);
  await page.getByLabel(CODE_LABEL).fill(await freshCode(totp, used));
  await page.getByRole('button', { name: 'Code bestätigen' }).click();
  await expect(heading(page, 'Übersicht')).toBeVisible();

  // A second browser logs in with a recovery code.
  const other = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'de-DE' });
  const otherPage = await other.newPage();
  await logIn(otherPage, username);
  await enterCode(otherPage, recoveryCodes[0]!);
  await expect(heading(otherPage, 'Übersicht')).toBeVisible();

  // Two sessions on the profile, this one marked; the other one ends.
  await page.goto('admin/profile');
  const sessions = page.getByRole('region', { name: 'Sitzungen' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(sessions.getByRole('row').filter({ hasText: 'Diese Sitzung' })).toHaveCount(1);
  await expect(card.getByText('Wiederherstellungscodes übrig: 9')).toBeVisible();
  await expectNoAxeViolations(page);
  await sessions.getByRole('button', { name: /^Sitzung in .* beenden$/ }).click();
  await expect(sessions.getByRole('status')).toHaveText('Die Sitzung ist beendet.');
  await expect(sessions.getByRole('row')).toHaveCount(2);

  // The other browser is logged out; the recovery code it used does not work twice.
  await otherPage.goto('admin/profile');
  await expect(otherPage).toHaveURL(/\/login/);
  await logIn(otherPage, username);
  await enterCode(otherPage, recoveryCodes[0]!);
  await expect(otherPage.getByRole('alert')).toHaveText('Der Code ist falsch oder wurde schon verwendet.');
  await other.close();

  // Turning it off asks for the password and a code, and says which one is wrong.
  await card.getByRole('button', { name: 'Zweiten Faktor ausschalten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zweiten Faktor ausschalten' });
  await dialog.getByLabel(/^Passwort/).fill('not-the-password');
  await dialog.getByLabel(CODE_LABEL).fill(recoveryCodes[1]!);
  await dialog.getByRole('button', { name: 'Zweiten Faktor ausschalten' }).click();
  await expect(dialog.getByText('Das Passwort ist falsch.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel(/^Passwort/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Zweiten Faktor ausschalten' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('status')).toHaveText('Der zweite Faktor ist ausgeschaltet.');
  await expect(card.getByText('Kein zweiter Faktor eingerichtet.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an admin resets a moderator’s second factor and ends all its sessions', async ({ page, browser }) => {
  const username = `sfreset${Date.now()}`;
  await createModerators([username], PASSWORD);
  // The moderator turns the app on through the API, as the profile does.
  const { api, call } = await apiClient();
  await call('POST', 'auth', { username, password: PASSWORD });
  const setup = (await call('POST', 'admin/profile/totp')) as { data: { secret: string } };
  await call('PUT', 'admin/profile/totp', { code: totpOf(setup.data.secret).generate() });
  await api.dispose();

  // A session of the moderator in another browser, with its password alone refused a second step.
  const other = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'de-DE' });
  const modPage = await other.newPage();
  await logIn(modPage, username);
  await expect(modPage.getByLabel(CODE_LABEL)).toBeFocused();

  await logIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(heading(page, 'Übersicht')).toBeVisible();
  await page.goto('admin/users');
  await page.getByRole('button', { name: `Zweiten Faktor zurücksetzen für ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Zweiten Faktor von ${username} zurücksetzen?` });
  await dialog.getByRole('textbox', { name: 'Name des Kontos' }).fill(username);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Zweiten Faktor zurücksetzen' }).click();
  await expectSuccess(page, `Der zweite Faktor von ${username} ist zurückgesetzt.`);

  // The password alone opens the back office again; then the admin ends that session too.
  await logIn(modPage, username);
  await expect(heading(modPage, 'Übersicht')).toBeVisible();
  await page.getByRole('button', { name: `Alle Sitzungen beenden für ${username}` }).click();
  const endDialog = page.getByRole('dialog', { name: `Alle Sitzungen von ${username} beenden?` });
  await endDialog.getByRole('textbox', { name: 'Name des Kontos' }).fill(username);
  await expectNoAxeViolations(page);
  await endDialog.getByRole('button', { name: 'Alle Sitzungen beenden' }).click();
  await expectSuccess(page, `Alle Sitzungen von ${username} sind beendet.`);
  await modPage.goto('admin/profile');
  await expect(modPage).toHaveURL(/\/login/);
  await other.close();
});
