import { expect, test, type Page } from '@playwright/test';
import { fillMarkdown } from '../support/author.ts';
import { AUTHOR_PASSWORD, proposeArticle } from '../support/author-api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/server.ts';

// A proposal rejected, changed by its author and proposed again: moderation sees exactly what the
// author changed since the rejection, and can go back to the rejected revision.

async function logInAsAdmin(page: Page) {
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('Passwort', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/publish\/admin\/?$/);
}

/** The words marked added or removed in one field of the Changes panel. */
async function marked(page: Page, field: string, tag: 'ins' | 'del'): Promise<string[]> {
  const panel = page.getByRole('region', { name: 'Änderungen' });
  const box = panel.locator('[data-field]').filter({ has: page.getByRole('heading', { name: field }) });
  return box.locator(`${tag} [data-diff-text]`).allTextContents();
}

test('a moderator sees exactly the words an author changed since the rejection, and can restore', async ({
  page,
  browser,
}) => {
  const title = `Velowege im Quartier ${Date.now()}`;
  const id = await proposeArticle(
    title,
    'Die Stadt plant neue Velowege im Quartier.\n\nDie Arbeiten beginnen im Frühling.',
  );
  await logInAsAdmin(page);
  await page.goto(`moderate/article/${id}`);
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(title);
  await page.getByRole('button', { name: 'Ablehnen' }).click();
  await page
    .getByRole('dialog', { name: 'Beitrag ablehnen?' })
    .getByRole('button', { name: 'Ablehnen' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Der Beitrag ist abgelehnt.' })).toBeVisible();

  // The author changes two words and proposes again.
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await author.goto(`article/${id}`);
  await author.getByLabel('Passwort des Beitrags').fill(AUTHOR_PASSWORD);
  await author.getByRole('button', { name: 'Beitrag öffnen' }).click();
  await expect(author.getByRole('heading', { level: 1, name: 'Beitrag bearbeiten' })).toBeVisible();
  await fillMarkdown(
    author,
    'Text',
    'Die Stadt baut neue Velowege im Quartier.\n\nDie Arbeiten beginnen im Sommer.',
  );
  await author.getByRole('button', { name: 'Zur Moderation vorschlagen' }).click();
  await expect(author.getByRole('heading', { level: 1, name: 'Beitrag vorgeschlagen' })).toBeVisible();
  await authorContext.close();

  // By default the panel compares the revision the rejection left with the newest one.
  await page.reload();
  const panel = page.getByRole('region', { name: 'Änderungen' });
  await expect(panel.getByText('Seit deiner Ablehnung')).toBeVisible();
  await expect(panel.getByRole('heading', { level: 3, name: 'Text' })).toBeVisible();
  expect(await marked(page, 'Text', 'del')).toEqual(['plant', 'Frühling']);
  expect(await marked(page, 'Text', 'ins')).toEqual(['baut', 'Sommer']);
  // Nothing else changed: only the text is listed.
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText(['Text']);
  await panel.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);

  // Going back to the rejected revision saves it as a new one.
  const older = await panel.getByRole('combobox', { name: 'Ältere Version' }).inputValue();
  await panel.getByRole('button', { name: `Version ${older} wiederherstellen` }).click();
  const dialog = page.getByRole('dialog', { name: `Version ${older} wiederherstellen?` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: `Version ${older} wiederherstellen` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Version ${older} ist wiederhergestellt` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vorschau' })).toContainText('Frühling');
  await expect(panel.getByText('Seit deiner Ablehnung')).toBeVisible();
  expect(await marked(page, 'Text', 'del')).toEqual([]);
  await expectNoAxeViolations(page);
});
