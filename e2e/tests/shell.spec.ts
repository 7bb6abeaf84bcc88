import { expect, test } from '@playwright/test';
import { expectArrivedAt } from '../support/announce.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/server.ts';

test('a visitor switches language, an admin logs in to the back office and out again', async ({ page }) => {
  await page.goto('');
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag vorschlagen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Artikel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Veranstaltung' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Propose an entry' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Event' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Propose an entry' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag vorschlagen' })).toBeVisible();

  await page.getByRole('link', { name: 'Über Einwurf' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Moderation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für die Moderation' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('Passwort', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toContainText('Deine Angaben sind nicht korrekt!');
  await page.getByLabel('Passwort', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  await expect(page).toHaveURL(/\/publish\/admin\/?$/);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  for (const entry of ['Vorschläge', 'Beiträge', 'Konten', 'Suche', 'Status', 'Profil']) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await nav.getByRole('link', { name: 'Konten' }).click();
  await expect(page).toHaveURL(/\/publish\/admin\/users$/);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag vorschlagen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Moderation' })).toBeVisible();

  // The back office is closed again: the guard sends the visitor to the login.
  await page.goto('admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für die Moderation' })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('no/such/page/here');
  await expect(page).toHaveURL(/\/publish\/404$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag vorschlagen' })).toBeVisible();
});

test('the external-link page offers Open and Cancel and refuses a bad destination', async ({ page }) => {
  await page.goto('external?destination=' + encodeURIComponent('https://example.org/page'));
  await expect(page.getByRole('heading', { level: 1, name: 'Externer Link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Öffnen' })).toHaveAttribute(
    'href',
    'https://example.org/page',
  );
  await expect(page.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('external?destination=' + encodeURIComponent('javascript:alert(1)'));
  await expect(page.getByText('Ungültige URL')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Öffnen' })).toHaveCount(0);
});

test('on a narrow screen the top bar collapses into a menu usable with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto('');
  const open = page.getByRole('button', { name: 'Menü öffnen' });
  await open.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menü' });
  await expect(menu.getByRole('link', { name: 'Moderation' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();
  // A link in the menu closes it; focus goes to the new screen's heading, not back to the button.
  await page.keyboard.press('Enter');
  await menu.getByRole('link', { name: 'Moderation' }).click();
  await expect(menu).toBeHidden();
  await expectArrivedAt(page, 'Anmeldung für die Moderation');
});
