import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectSuccess } from '../support/announce.ts';
import { addVirtualAuthenticator } from '../support/authenticator.ts';
import { createModerators } from '../support/desk-api.ts';
import { E2E_PORT } from '../support/server.ts';

// A moderator adds a passkey on the profile and logs in with password and passkey. Chromium's own
// virtual authenticator (DevTools protocol, WebAuthn domain) stands in for the device: it creates a
// real key pair and signs real challenges. WebAuthn wants a host name for the relying party, not an
// IP address, so this journey runs on localhost.

test.use({ baseURL: `http://localhost:${E2E_PORT}/publish/` });

const PASSWORD = 'passkey-pass-1';
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function logIn(page: Page, username: string) {
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

test('a moderator adds a passkey, then logs in with password and passkey', async ({ page }) => {
  test.setTimeout(120_000);
  const username = `pkmod${Date.now()}`;
  await createModerators([username], PASSWORD);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await logIn(page, username);
  await expect(heading(page, 'Übersicht')).toBeVisible();
  await page.goto('admin/profile');
  const card = page.getByRole('region', { name: 'Passkeys und Sicherheitsschlüssel' });
  await expect(card.getByText('Keine Passkeys oder Sicherheitsschlüssel hinzugefügt.')).toBeVisible();
  await expectNoAxeViolations(page);

  // A name is needed first; then the browser creates the key.
  await card.getByRole('button', { name: 'Passkey hinzufügen' }).click();
  await expect(card.getByText('Dieses Feld ist erforderlich.')).toBeVisible();
  await card.getByRole('textbox', { name: /^Name des neuen Schlüssels/ }).fill('Laptop');
  await card.getByRole('button', { name: 'Passkey hinzufügen' }).click();
  await expectSuccess(page, 'Der Passkey „Laptop“ wurde hinzugefügt.');
  await expect(card.getByRole('rowheader', { name: 'Laptop' })).toBeVisible();
  await expect(card.getByRole('cell', { name: 'Noch nicht verwendet' })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await expectNoAxeViolations(page);

  // Log out and in again: the password alone is not enough; the passkey finishes the login.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await logIn(page, username);
  const usePasskey = page.getByRole('button', { name: 'Passkey verwenden' });
  await expect(usePasskey).toBeFocused();
  await expect(
    page.getByText('Dein Konto ist mit einem Passkey oder Sicherheitsschlüssel geschützt.'),
  ).toBeVisible();
  await expect(page.getByLabel(/Authenticator-App/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Übersicht')).toBeVisible();
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);

  // The profile shows when it was used; removing it needs the password.
  await page.goto('admin/profile');
  await expect(card.getByRole('cell', { name: 'Noch nicht verwendet' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Passkey „Laptop“ entfernen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Passkey entfernen' });
  await dialog.getByLabel('Passwort').fill('not the password');
  await dialog.getByRole('button', { name: 'Entfernen' }).click();
  await expect(dialog.getByText('Das Passwort ist falsch.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Passwort').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Entfernen' }).click();
  await expectSuccess(page, 'Der Passkey „Laptop“ wurde entfernt.');
  await expect(card.getByText('Keine Passkeys oder Sicherheitsschlüssel hinzugefügt.')).toBeVisible();
});
