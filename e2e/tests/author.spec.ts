import { expect, test } from '@playwright/test';
import { createEntry, fillEveryArticleField, fillEveryEventField, save } from '../support/author.ts';
import { expectArrivedAt } from '../support/announce.ts';
import { watchApi } from '../support/api-quiet.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

// The anonymous author's journey: create (proof of work), edit, save, come back with the password,
// comment, propose, a session expiring mid-edit, and delete. German UI, as a person would use it.

const PASSWORD = 'Kirschblüten-im-April';

test('an author creates an article, edits it over two visits, comments and proposes it', async ({
  page,
  context,
}) => {
  // Two visits with password checks and an upload: well past a minute when the machine is busy.
  test.setTimeout(120_000);
  await page.goto('');
  // The first load titles the tab but leaves focus alone; a navigation moves it to the new h1.
  await expect(page).toHaveTitle('Beitrag vorschlagen – Einwurf');
  await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
  await page.getByRole('button', { name: 'Artikel' }).click();
  await expectArrivedAt(page, 'Neuen Beitrag anlegen');
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill(PASSWORD + 'x');
  await page.getByRole('button', { name: 'Beitrag anlegen' }).click();
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();

  const permalink = await createEntry(page, 'Artikel', PASSWORD);
  await expectNoAxeViolations(page);

  await fillEveryArticleField(page, '## Worum es geht\n\nDrei **neue** Wege.\n\n<script>alert(1)</script>');
  await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();
  await save(page);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(
    'Neue Velowege im Quartier',
  );
  await expect(page.getByRole('textbox', { name: 'Lead', exact: true })).toHaveValue(
    'Die Stadt plant drei neue Velowege.',
  );
  await expect(page.getByRole('combobox', { name: 'Rubrik' })).toHaveValue('Lokales');
  await expect(page.getByLabel('E-Mail für Rückfragen', { exact: true })).toHaveValue(
    'redaktion@example.org',
  );
  await expect(page.getByLabel('Anzahl Wörter', { exact: true })).toHaveValue('420');
  await expect(page.getByText('Quartier', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Mobilität', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erscheinen am', exact: true })).toHaveText(
    /\d{2}\.\d{2}\.2026/,
  );
  await expect(page.getByRole('list', { name: 'Anhänge' }).getByRole('link')).toHaveText(['velowege.txt']);
  await expect(page.getByRole('img', { name: 'Titelbild: velowege.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Vorschau' }).click();
  const preview = page.getByRole('dialog', { name: 'Vorschau' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Worum es geht' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('neue');
  await expect(preview.locator('script')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'Betreff' }).fill('Frage zum Bild');
  await page
    .getByRole('textbox', { name: 'Kommentar', exact: true })
    .fill('Darf ich ein Foto der Strasse verwenden?');
  await page.getByRole('button', { name: 'Kommentar senden' }).click();
  const comments = page.getByRole('list', { name: 'Kommentare' });
  await expect(comments.getByText('Frage zum Bild')).toBeVisible();
  await expect(comments.getByText('Du', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ereignisse, neueste zuerst' })).toContainText(
    'Kommentar hinzugefügt',
  );
  await expectNoAxeViolations(page);

  // A new visit: the session is gone, the permalink asks for the password.
  await context.clearCookies();
  await page.goto(permalink);
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag öffnen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Passwort des Beitrags').fill('falsches-passwort');
  await page.getByRole('button', { name: 'Beitrag öffnen' }).click();
  await expect(page.getByRole('alert')).toContainText('Das Passwort ist für den Link ungültig.');
  await page.getByLabel('Passwort des Beitrags').fill(PASSWORD);
  await page.getByRole('button', { name: 'Beitrag öffnen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag bearbeiten' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(
    'Neue Velowege im Quartier',
  );

  await page.getByRole('button', { name: 'Zur Moderation vorschlagen' }).click();
  await expectArrivedAt(page, 'Beitrag vorgeschlagen');
  await expect(page.getByText('Dein Beitrag ist in Moderation')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Permalink' })).toHaveValue(permalink);
  await expect(page.getByRole('button', { name: 'Link kopieren' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Zurück zum Beitrag' }).click();
  await expectArrivedAt(page, 'Beitrag bearbeiten');
  await expect(page.getByText('Status: In Moderation')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Änderungen vorschlagen' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ereignisse, neueste zuerst' })).toContainText(
    'Zur Moderation vorgeschlagen',
  );
});

test('an author creates an event; a session expiring mid-edit keeps the typing', async ({
  page,
  context,
}) => {
  await createEntry(page, 'Veranstaltung', PASSWORD);
  await expectNoAxeViolations(page);

  await fillEveryEventField(page);
  await page.reload();
  await expect(page.getByLabel('Telefon', { exact: true })).toHaveValue('+41 31 123 45 67');
  await expect(page.getByLabel('Türöffnung', { exact: true })).toHaveValue('18:00');
  await expect(page.getByLabel('Erster Tag', { exact: true })).toHaveValue('2026-12-05');
  await expect(page.getByLabel('Erwartete Auslastung in Prozent', { exact: true })).toHaveValue('75');
  await expect(page.getByLabel('Farbe im Kalender', { exact: true })).toHaveValue('#336699');
  await expect(page.getByRole('img', { name: 'Flyer: flyer.png' })).toBeVisible();
  await expect(page.getByText('Erwachsene', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Letzter Tag', exact: true })).toHaveText(
    /\d{2}\.\d{2}\.2026/,
  );
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Zur Moderation vorschlagen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag vorgeschlagen' })).toBeVisible();
  const api = watchApi(page);
  await page.getByRole('link', { name: 'Zurück zum Beitrag' }).click();
  await expect(page.getByRole('button', { name: 'Änderungen vorschlagen' })).toBeVisible();

  // The session ends while the author types; saving leads to the password and back, text intact.
  // The screen shows the entry from its cache and fetches it again: that fetch must be answered
  // first, or it meets the ended session before the typing does.
  await api.quiet();
  await context.clearCookies();
  await page
    .getByRole('textbox', { name: 'Programm', exact: true })
    .fill('18:30 Apéro, 20:00 Konzert, 23:00 Schluss');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag öffnen' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Deine Sitzung ist abgelaufen.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Passwort des Beitrags').fill(PASSWORD);
  await page.getByRole('button', { name: 'Beitrag öffnen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag bearbeiten' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Programm', exact: true })).toHaveValue(
    '18:30 Apéro, 20:00 Konzert, 23:00 Schluss',
  );
  await expect(
    page.getByText('Deine ungespeicherten Änderungen wurden wiederhergestellt.', { exact: false }),
  ).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('cached_cpt'))).toBeNull();
  await save(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Programm', exact: true })).toHaveValue(
    '18:30 Apéro, 20:00 Konzert, 23:00 Schluss',
  );
});

test('an author deletes their entry after typing its title', async ({ page }) => {
  await createEntry(page, 'Artikel', PASSWORD);
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Zum Löschen');
  await save(page);

  await page.getByRole('button', { name: 'Optionen' }).click();
  await page.getByRole('menuitem', { name: 'Beitrag löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Beitrag löschen' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  const confirm = dialog.getByRole('button', { name: 'Endgültig löschen' });
  const typed = dialog.getByLabel('Gib zur Bestätigung „Zum Löschen“ ein');
  await typed.fill('Zum Lösche');
  await expect(confirm).toBeDisabled();
  await typed.fill('Zum Löschen');
  await confirm.click();
  // The dialog and its screen are gone: focus is on the home screen's heading, the new screen said.
  await expectArrivedAt(page, 'Beitrag vorschlagen');
  await expect(page.getByRole('note').filter({ hasText: 'Dein Beitrag wurde gelöscht.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mein Beitrag' })).toHaveCount(0);
});
