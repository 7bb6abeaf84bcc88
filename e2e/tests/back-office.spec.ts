import { expect, test, type Page } from '@playwright/test';
import { AUTHOR_PASSWORD, proposeArticle } from '../support/author-api.ts';
import { expectArrivedAt, expectSuccess } from '../support/announce.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/server.ts';

// The moderation back office as an admin sees it. The journeys share one server with the author
// journeys, so they assert nothing about how many entries exist unless they made them.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function logInAsAdmin(page: Page) {
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('Passwort', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/publish\/admin\/?$/);
  await expectArrivedAt(page, 'Übersicht');
}

test('an admin finds the dashboard, filters submissions and searches', async ({ page }) => {
  await logInAsAdmin(page);

  // Dashboard: proposals and the latest changes.
  await expect(heading(page, 'Übersicht')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Vorgeschlagene Beiträge' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Letzte Änderungen' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Submissions: the state filter, deleted included, goes into the URL.
  await nav(page).getByRole('link', { name: 'Beiträge' }).click();
  await expectArrivedAt(page, 'Alle Beiträge');
  await expect(page.getByText(/^\d+ Beitr(ag|äge)$/)).toBeVisible();
  await expectNoAxeViolations(page);
  const stateFilter = page.getByRole('combobox', { name: 'Status' });
  await stateFilter.focus();
  await stateFilter.selectOption({ label: 'Gelöscht' });
  await expect(page).toHaveURL(/\/admin\/submissions\?state=deleted$/);
  // A filter changes only the query: focus stays on it.
  await expect(stateFilter).toBeFocused();
  await expect(page.getByText(/^\d+ Beitr(ag|äge)$/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Art' }).selectOption({ label: 'Artikel' });
  await expect(page).toHaveURL(/\?state=deleted&type=article$/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('deleted');
  await expect(page.getByRole('combobox', { name: 'Art' })).toHaveValue('article');
  await expectNoAxeViolations(page);

  // Search: fewer than 4 characters only explain; 4 search.
  await nav(page).getByRole('link', { name: 'Suche' }).click();
  await expect(heading(page, 'Suche')).toBeVisible();
  const searchField = page.getByRole('searchbox', { name: 'Suchbegriff' });
  await expect(page.getByText('Die Suche beginnt ab 4 Zeichen.')).toBeVisible();
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/admin/collection/entries')) searches.push(request.url());
  });
  await searchField.fill('Vel');
  await expect(page.getByText('Bitte gib mindestens 4 Zeichen ein, damit die Suche startet.')).toBeVisible();
  await page.waitForTimeout(600);
  expect(searches).toEqual([]);
  await expectNoAxeViolations(page);
  await searchField.fill('Zyxwvut');
  await expect(page).toHaveURL(/\/admin\/search\?q=Zyxwvut$/);
  await expect(page.getByText('0 Treffer')).toBeVisible();
  expect(searches.some((url) => new URL(url).searchParams.get('query') === 'Zyxwvut')).toBe(true);
  await expectNoAxeViolations(page);
});

test('an admin creates an account, changes its role and deletes it; the last admin stays', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await nav(page).getByRole('link', { name: 'Konten' }).click();
  await expect(heading(page, 'Konten')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: E2E_ADMIN.username })).toBeVisible();
  await expectNoAxeViolations(page);
  const form = page.getByRole('region', { name: 'Konto anlegen' });
  await form.getByRole('textbox', { name: 'Benutzername' }).fill('ab');
  await form.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(
    form.getByText(
      'Der Benutzername muss 3–64 Zeichen lang sein, darf nur Buchstaben und Ziffern enthalten und muss eindeutig sein.',
    ),
  ).toBeVisible();
  await form.getByRole('textbox', { name: 'Benutzername' }).fill('journeymod7');
  await form.getByRole('textbox', { name: 'Passwort', exact: true }).fill('journey-mod-password-1');
  await form.getByRole('textbox', { name: 'Passwort wiederholen' }).fill('journey-mod-password-1');
  await form.getByRole('combobox', { name: 'Rolle' }).selectOption({ label: 'Moderation' });
  await form.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByRole('rowheader', { name: 'journeymod7' })).toBeVisible();
  const role = page.getByRole('combobox', { name: 'Rolle von journeymod7' });
  await expect(role).toHaveValue('mod');
  await role.selectOption({ label: 'Admin' });
  await expectSuccess(page, 'journeymod7 hat jetzt die Rolle Admin.');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Rolle von journeymod7' })).toHaveValue('admin');

  await page.getByRole('button', { name: 'Konto journeymod7 löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Konto journeymod7 löschen?' });
  await expect(dialog).toBeVisible();
  const confirmDelete = dialog.getByRole('button', { name: 'Konto löschen' });
  await expect(confirmDelete).toBeDisabled();
  await expectNoAxeViolations(page);
  await dialog.getByRole('textbox', { name: 'Name des Kontos' }).fill('journeymod7');
  await confirmDelete.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('rowheader', { name: 'journeymod7' })).toHaveCount(0);
  // The toast fades out on its own; axe would catch it half transparent.
  await expect(
    page.getByRole('note').filter({ hasText: 'Das Konto journeymod7 ist gelöscht.' }),
  ).toBeHidden();

  // The last admin stays an admin: its role and Delete are disabled, and the row says why.
  const lastAdminRole = page.getByRole('combobox', { name: `Rolle von ${E2E_ADMIN.username}` });
  const lastAdminDelete = page.getByRole('button', { name: `Konto ${E2E_ADMIN.username} löschen` });
  await expect(lastAdminRole).toBeDisabled();
  await expect(lastAdminRole).toHaveValue('admin');
  await expect(lastAdminDelete).toBeDisabled();
  for (const control of [lastAdminRole, lastAdminDelete]) {
    await expect(control).toHaveAccessibleDescription(/letzte Admin-Konto/);
  }
  await expect(page.getByText(/Das ist das letzte Admin-Konto/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the profile refuses a wrong old password; the status screen shows the metrics', async ({ page }) => {
  await logInAsAdmin(page);
  await nav(page).getByRole('link', { name: 'Profil' }).click();
  await expect(heading(page, 'Profil')).toBeVisible();
  await expect(page.getByText(E2E_ADMIN.username, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Bisheriges Passwort' }).fill('not-the-old-password');
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('a-brand-new-password-1');
  await page.getByRole('textbox', { name: 'Neues Passwort wiederholen' }).fill('a-brand-new-password-1');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Die Kombination aus Benutzername und Passwort ist falsch.',
  );
  await expectNoAxeViolations(page);

  // Status: the metrics in cards.
  await nav(page).getByRole('link', { name: 'Status' }).click();
  await expect(heading(page, 'Systemstatus')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Datenbank' })).toContainText('SQLite');
  await expect(page.getByRole('region', { name: 'Beiträge' })).toContainText('Wartende Vorschläge');
  await expect(page.getByRole('heading', { level: 2, name: 'Probleme' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an unknown entry on the moderation screen says so', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('moderate/article/AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(heading(page, 'Beitrag moderieren')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Diesen Beitrag gibt es nicht.');
  await expectNoAxeViolations(page);
});

// --- Entries proposed through the API (support/author-api.ts). ---

test('a moderator comments and rejects, the author answers and proposes again, the moderator publishes', async ({
  page,
  browser,
}) => {
  const title = `Velowege für alle ${Date.now()}`;
  const id = await proposeArticle(title, 'Die Stadt plant neue Fahrradstrassen im ganzen Quartier.', {
    comment: { title: 'Frage zur Quelle', content: 'Die Zahlen stammen vom Amt.' },
  });
  await logInAsAdmin(page);

  const proposal = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(proposal).toBeVisible();
  await proposal.getByRole('button', { name: 'Letzten Kommentar anzeigen' }).click();
  await expect(proposal.getByText('Die Zahlen stammen vom Amt.')).toBeVisible();
  await expect(proposal.getByText('von der beitragenden Person')).toBeVisible();
  await expectNoAxeViolations(page);

  await proposal.getByRole('link', { name: `„${title}“ moderieren` }).click();
  await expect(page).toHaveURL(new RegExp(`/publish/moderate/article/${id}$`));
  await expectArrivedAt(page, 'Beitrag moderieren');
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(title);
  await expect(page.getByRole('region', { name: 'Vorschau' })).toContainText('Fahrradstrassen');
  await expectNoAxeViolations(page);

  const comments = page.getByRole('region', { name: 'Kommentare' });
  await comments.getByRole('textbox', { name: 'Betreff' }).fill('Bitte Quelle verlinken');
  await comments
    .getByRole('textbox', { name: 'Kommentar' })
    .fill('Ein Link auf die Mitteilung des Amts fehlt.');
  await comments.getByRole('button', { name: 'Kommentar senden' }).click();
  const added = comments.getByRole('listitem').filter({ hasText: 'Bitte Quelle verlinken' });
  await expect(added).toContainText('von der Moderation');

  await page.getByRole('button', { name: 'Ablehnen' }).click();
  const reject = page.getByRole('dialog', { name: 'Beitrag ablehnen?' });
  await expect(reject).toBeVisible();
  await expectNoAxeViolations(page);
  await reject.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Der Beitrag ist abgelehnt.' })).toBeVisible();

  // The author, in a browser of their own, sees the moderation's comment with its badge, changes the
  // entry and proposes it again.
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await author.goto(`article/${id}`);
  await expect(author.getByRole('heading', { level: 1, name: 'Beitrag öffnen' })).toBeVisible();
  await author.getByLabel('Passwort des Beitrags').fill(AUTHOR_PASSWORD);
  await author.getByRole('button', { name: 'Beitrag öffnen' }).click();
  await expect(author.getByRole('heading', { level: 1, name: 'Beitrag bearbeiten' })).toBeVisible();
  const authorComments = author.getByRole('list', { name: 'Kommentare' });
  const fromModeration = authorComments.getByRole('listitem').filter({ hasText: 'Bitte Quelle verlinken' });
  await expect(fromModeration).toContainText('Moderation');
  await expectNoAxeViolations(author);
  await author.getByRole('textbox', { name: 'Quelle', exact: true }).fill('https://example.org/mitteilung');
  await author.getByRole('button', { name: 'Zur Moderation vorschlagen' }).click();
  await expect(author.getByRole('heading', { level: 1, name: 'Beitrag vorgeschlagen' })).toBeVisible();
  await authorContext.close();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Quelle', exact: true })).toHaveValue(
    'https://example.org/mitteilung',
  );
  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  await page
    .getByRole('dialog', { name: 'Beitrag veröffentlichen?' })
    .getByRole('button', { name: 'Veröffentlichen' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Der Beitrag ist veröffentlicht.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText('Vorgeschlagen → Veröffentlicht');
  await expectNoAxeViolations(page);

  await nav(page).getByRole('link', { name: 'Suche' }).click();
  await page.getByRole('searchbox', { name: 'Suchbegriff' }).fill('Fahrradstrassen');
  const hit = page
    .getByRole('list', { name: 'Suchergebnisse' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(hit).toContainText('Veröffentlicht');
  await expect(hit.locator('mark')).toContainText('Fahrradstrassen');
  await expectNoAxeViolations(page);
});

test('a moderator deletes an entry by typing its title; the list says so with focus on its heading', async ({
  page,
}) => {
  const title = `Doppelt eingereicht ${Date.now()}`;
  const id = await proposeArticle(title, 'Derselbe Text kam zweimal.');
  await logInAsAdmin(page);
  await page.goto(`moderate/article/${id}`);
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(title);
  const open = page.getByRole('button', { name: 'Beitrag löschen', exact: true });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Beitrag wirklich löschen?' });
  const typed = dialog.getByRole('textbox', { name: 'Titel des Beitrags' });
  await expect(typed).toBeFocused();
  const confirm = dialog.getByRole('button', { name: 'Endgültig löschen' });
  await expect(confirm).toBeDisabled();
  await page.keyboard.type(title);
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(/\/publish\/admin\/submissions$/);
  await expectArrivedAt(page, 'Alle Beiträge');
  await expectSuccess(page, `„${title}“ ist gelöscht.`);
  await expect(page.getByRole('rowheader', { name: title })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a moderator account made by the admin logs in and cannot open the accounts', async ({ page }) => {
  const name = `mod${Date.now()}`;
  const password = 'Moderation-2026!';
  await logInAsAdmin(page);
  await nav(page).getByRole('link', { name: 'Konten' }).click();
  const form = page.getByRole('region', { name: 'Konto anlegen' });
  await form.getByRole('textbox', { name: 'Benutzername' }).fill(name);
  await form.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await form.getByRole('textbox', { name: 'Passwort wiederholen' }).fill(password);
  await form.getByRole('combobox', { name: 'Rolle' }).selectOption({ label: 'Moderation' });
  await form.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByRole('rowheader', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Abmelden' }).click();

  await page.goto('login');
  await page.getByLabel('Benutzername').fill(name);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(heading(page, 'Übersicht')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Beiträge' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Konten' })).toHaveCount(0);
  await page.goto('admin/users');
  await expect(heading(page, 'Konten')).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/admin\/users$/);
});

test('a moderator schedules a publication: readers do not see it yet, the dashboard and the entry say when', async ({
  page,
  request,
}) => {
  const title = `Unter Sperrfrist ${Date.now()}`;
  const id = await proposeArticle(title, 'Die Mitteilung erscheint erst morgen.');
  await logInAsAdmin(page);
  await page.goto(`moderate/article/${id}`);
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(title);
  // Saving keeps focus on Save and says the result once, in the notice's live region.
  await page.getByRole('textbox', { name: 'Lead', exact: true }).fill('Sie erscheint um 06:45 UTC.');
  const saveButton = page.getByRole('button', { name: 'Speichern', exact: true });
  await saveButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'Der Beitrag ist gespeichert.' })).toHaveCount(1);
  await expect(saveButton).toBeFocused();

  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Beitrag veröffentlichen?' });
  await dialog.getByRole('radio', { name: 'Zu einem Zeitpunkt veröffentlichen' }).check();
  await dialog.getByLabel('Zeitpunkt: Uhrzeit (UTC)').fill('06:45');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Einplanen' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Die Veröffentlichung ist für .* 06:45 UTC geplant\./ }),
  ).toBeVisible();
  await expect(page.getByText('Geplant', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zeitpunkt ändern' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Readers do not see it before its time.
  const publicUrl = new URL(`/api/v1/public/entries/${id}`, E2E_BASE_URL).href;
  expect((await request.get(publicUrl)).status()).toBe(404);

  await page.goto('admin');
  const scheduled = page.getByRole('region', { name: 'Geplante Veröffentlichungen' });
  await expect(scheduled.getByRole('listitem').filter({ hasText: title })).toContainText(
    /Erscheint am: .* 06:45 UTC/,
  );
  await expectNoAxeViolations(page);
});

test('an admin exports the filtered submissions as CSV by keyboard, with the progress shown', async ({
  page,
}) => {
  const id = await proposeArticle('=Export-Probe', 'Ein Beitrag, den die Ausfuhr mitnimmt.');
  await logInAsAdmin(page);
  await page.goto('admin/submissions?type=article&state=proposed');
  await expect(heading(page, 'Alle Beiträge')).toBeVisible();

  await page.getByRole('button', { name: 'Exportieren' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Beiträge exportieren' });
  await expect(dialog).toContainText('Artikel, Vorgeschlagen');
  await expectNoAxeViolations(page);
  // The radio group takes the arrow keys; Tab leads on to the buttons.
  await dialog.getByRole('radio', { name: /JSON Lines/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /CSV/ })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Herunterladen' }).focus();
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^einwurf-entries-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(dialog.getByRole('status').filter({ hasText: /exportiert/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.split('\r\n')[0]).toMatch(/^\uFEFFid,type,state,title,created_at,updated_at,published_at,/);
  const line = text.split('\r\n').find((row) => row.startsWith(`${id},`));
  expect(line).toContain(",article,proposed,'=Export-Probe,");
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
