import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { proposeArticle } from '../support/author-api.ts';
import { createModerators } from '../support/desk-api.ts';

// Two moderators at the desk: one takes an entry, the other sees it taken and is asked before taking
// it over; then several entries are published from the submissions list in one step.

const PASSWORD = 'desk-password-2026';

async function logIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/publish\/admin\/?$/);
  return page;
}

test('two moderators share the desk: taking, taking over, and publishing in bulk', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const first = `mona${stamp}`;
  const second = `moritz${stamp}`;
  await createModerators([first, second], PASSWORD);
  const taken = `Zu übernehmen ${stamp}`;
  const id = await proposeArticle(taken);
  const bulkTitles = [1, 2, 3].map((n) => `Sammelbeitrag ${n} ${stamp}`);
  const bulkIds: string[] = [];
  for (const title of bulkTitles) bulkIds.push(await proposeArticle(title));

  // The first moderator takes the entry.
  const mona = await logIn(browser, first);
  await mona.goto(`moderate/article/${id}`);
  const monaDesk = mona.getByRole('region', { name: 'Zuständig:' });
  await expect(monaDesk.getByTestId('assignee')).toHaveText('Niemand');
  await monaDesk.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(monaDesk.getByRole('status')).toHaveText('Du hast den Beitrag übernommen.');
  await expect(monaDesk.getByTestId('assignee')).toHaveText(`${first} (du)`);
  await expect(mona.getByRole('region', { name: 'Verlauf' })).toContainText(
    `${first} hat den Beitrag übernommen`,
  );
  await expectNoAxeViolations(mona);

  // The second sees it taken, on the list and on the entry, and is asked before taking it over.
  const moritz = await logIn(browser, second);
  await moritz.goto('admin/submissions');
  const row = moritz.getByRole('row').filter({ hasText: taken });
  await expect(row).toContainText(first);
  await moritz.goto(`moderate/article/${id}`);
  const moritzDesk = moritz.getByRole('region', { name: 'Zuständig:' });
  await expect(moritzDesk.getByTestId('assignee')).toHaveText(first);
  await moritzDesk.getByRole('button', { name: 'Übernehmen' }).click();
  const ask = moritz.getByRole('dialog', { name: 'Beitrag übernehmen?' });
  await expect(ask).toContainText(`${first} hat diesen Beitrag übernommen.`);
  await expectNoAxeViolations(moritz);
  await ask.getByRole('button', { name: 'Trotzdem übernehmen' }).click();
  await expect(moritzDesk.getByRole('status')).toHaveText('Du hast den Beitrag übernommen.');
  await expect(moritzDesk.getByTestId('assignee')).toHaveText(`${second} (du)`);
  await expect(moritz.getByRole('region', { name: 'Verlauf' })).toContainText(
    `${second} hat den Beitrag übernommen`,
  );

  // The first moderator's list of own entries no longer has it.
  await mona.goto('admin/submissions?assignee=mine');
  await expect(mona.getByRole('combobox', { name: 'Zuständig' })).toHaveValue('mine');
  await expect(mona.getByText('0 Beiträge')).toBeVisible();

  // Bulk: the three proposals are picked on the submissions list and published in one step.
  await moritz.goto('admin/submissions?state=proposed');
  const table = moritz.getByRole('table');
  for (const title of bulkTitles) {
    await table.getByRole('checkbox', { name: `${title} auswählen` }).check();
  }
  await expect(table.getByRole('checkbox', { name: 'Alle Beiträge dieser Seite auswählen' })).toHaveAttribute(
    'data-indeterminate',
    'true',
  );
  const toolbar = moritz.getByRole('toolbar', { name: 'Aktionen für die ausgewählten Beiträge' });
  await expect(toolbar).toContainText('3 Beiträge ausgewählt');
  await expectNoAxeViolations(moritz);
  await toolbar.getByRole('button', { name: 'Veröffentlichen' }).click();
  const result = moritz.getByRole('status').filter({ hasText: 'Ergebnis' });
  await expect(result).toContainText('3 Beiträge erledigt.');
  await expect(toolbar).toBeHidden();
  for (const title of bulkTitles) await expect(table.getByText(title)).toBeHidden();
  await expectNoAxeViolations(moritz);

  await moritz.goto('admin/submissions?state=published');
  for (const title of bulkTitles)
    await expect(moritz.getByRole('row').filter({ hasText: title })).toBeVisible();

  // Narrow screens: the list, its checkboxes and the bar still work at 320 px.
  await moritz.setViewportSize({ width: 320, height: 720 });
  await moritz.getByRole('checkbox', { name: `${bulkTitles[0]} auswählen` }).check();
  await expect(toolbar).toBeVisible();
  await expectNoAxeViolations(moritz);

  await mona.context().close();
  await moritz.context().close();
});
