import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { createEntry } from '../support/author.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/server.ts';

// The moderation desk's reply templates: an admin keeps them, a moderator starts a comment to an
// author with one and adapts it, and the author, still anonymous, learns of it on their next visit.

const PASSWORD = 'Sonnenblumen-im-Juli';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

async function logIn(page: Page, username: string, password: string) {
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/publish\/admin\/?$/);
}

/** A moderator account, made through the API by the admin. */
async function createModerator(): Promise<{ username: string; password: string }> {
  const api = await apiRequest.newContext({ baseURL: new URL('/api/v1/', E2E_BASE_URL).href });
  let csrf = (await api.get('auth')).headers()['x-csrf-token'] ?? '';
  const login = await api.post('auth', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    headers: { 'X-Csrf-Token': csrf },
  });
  expect(login.ok()).toBe(true);
  csrf = login.headers()['x-csrf-token'] ?? csrf;
  const moderator = { username: `desk${Date.now()}`, password: 'Moderation-2026!' };
  const created = await api.post('admin/users', {
    data: { ...moderator, role: 'mod' },
    headers: { 'X-Csrf-Token': csrf },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();
  return moderator;
}

test('an admin keeps a reply template, a moderator answers with it, the author is told', async ({
  page,
  browser,
}) => {
  const subject = `Quelle fehlt ${Date.now()}`;

  // The author starts an entry and keeps the browser.
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  const permalink = await createEntry(author, 'Artikel', PASSWORD);
  const id = permalink.split('/').at(-1)!;

  // The admin adds a template in the three languages.
  await logIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await nav(page).getByRole('link', { name: 'Antwortvorlagen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Antwortvorlagen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Vorlage hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Vorlage' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Vorlage hinzufügen' }).click();
  await expect(dialog.getByText('Bitte ausfüllen.').first()).toBeVisible();
  await expectNoAxeViolations(page);
  const group = (legend: string) => dialog.getByRole('group', { name: legend, exact: true });
  for (const [legend, title, text] of [
    ['Deutsch', subject, 'Bitte nenne die Quelle deiner Zahlen.'],
    ['Deutsch (Schweiz)', `${subject} (CH)`, 'Bitte nenn d Quelle vo dine Zahle.'],
    ['Englisch', `Source missing ${subject}`, 'Please name the source of your figures.'],
  ] as const) {
    await group(legend).getByRole('textbox', { name: 'Betreff' }).fill(title);
    await group(legend).getByRole('textbox', { name: 'Text' }).fill(text);
  }
  await dialog.getByRole('button', { name: 'Vorlage hinzufügen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('rowheader', { name: subject })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Abmelden' }).click();

  // A moderator inserts it into a comment on the author's entry, adapts it and sends it.
  const moderator = await createModerator();
  await logIn(page, moderator.username, moderator.password);
  await page.goto(`moderate/article/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag moderieren' })).toBeVisible();
  await expect(page.getByText('Sprache des Beitrags: Deutsch', { exact: true })).toBeVisible();
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await comments.getByRole('button', { name: 'Vorlage einfügen' }).click();
  await expect(page.getByText('In der Sprache des Beitrags (Deutsch)')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('menuitem', { name: subject, exact: true }).click();
  await expect(comments.getByRole('textbox', { name: 'Betreff' })).toHaveValue(subject);
  const text = comments.getByRole('textbox', { name: 'Kommentar' });
  await expect(text).toHaveValue('Bitte nenne die Quelle deiner Zahlen.');
  await text.fill('Bitte nenne die Quelle deiner Zahlen, am besten mit Link.');
  await comments.getByRole('button', { name: 'Kommentar senden' }).click();
  const sent = comments.getByRole('listitem').filter({ hasText: subject });
  await expect(sent).toContainText('am besten mit Link.');
  await expect(sent).toContainText('von der Moderation');

  // The author, elsewhere in the app, sees the badge; the entry opens with the notice.
  await author.goto('about');
  const mine = nav(author).getByRole('link', { name: /Mein Beitrag/ });
  await expect(mine).toContainText('1');
  await expect(mine).toHaveAccessibleName(/Neue Nachrichten der Moderation: 1/);
  await expectNoAxeViolations(author);
  await mine.click();
  await expect(author.getByRole('heading', { level: 1, name: 'Beitrag bearbeiten' })).toBeVisible();
  const notice = author.getByRole('status').filter({ hasText: 'Neue Nachricht der Moderation' });
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(author);
  await notice.getByRole('button', { name: 'Nachricht lesen' }).click();
  const message = author.getByRole('listitem').filter({ hasText: subject });
  await expect(message).toBeFocused();
  await expect(message).toBeInViewport();
  await expect(message).toContainText('am besten mit Link.');
  // Read now: the badge goes, and the next visit has no notice.
  await expect(nav(author).getByRole('link', { name: 'Mein Beitrag', exact: true })).toBeVisible();
  await author.reload();
  await expect(author.getByRole('heading', { level: 1, name: 'Beitrag bearbeiten' })).toBeVisible();
  await expect(author.getByRole('list', { name: 'Kommentare' })).toContainText(subject);
  await expect(author.getByText('Neue Nachricht der Moderation')).toHaveCount(0);
  await authorContext.close();
});
