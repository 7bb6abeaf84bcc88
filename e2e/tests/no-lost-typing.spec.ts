import { expect, test, type Page } from '@playwright/test';
import { createEntry, save } from '../support/author.ts';
import { proposeArticle } from '../support/author-api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/server.ts';

// Typing that was never saved survives a closed tab: the editor keeps it in the browser and offers
// it back when the entry is opened again; saving clears the offer. German UI, as a person uses it.

const PASSWORD = 'Regenbogen-über-dem-See';

/** The copies of unsaved typing the browser keeps for `viewer`. */
function keptCopies(page: Page, viewer: 'author' | 'moderation'): Promise<string[]> {
  return page.evaluate(
    (prefix) =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith(prefix))
        .map((key) => localStorage.getItem(key) ?? ''),
    `einwurf_kept:${viewer}:`,
  );
}

test('an author closes the tab without saving and gets the typing back on the next visit', async ({
  page,
  context,
}) => {
  const permalink = await createEntry(page, 'Artikel', PASSWORD);
  await expect(page.getByText('* Pflichtfeld')).toBeVisible();
  const title = page.getByRole('textbox', { name: 'Titel', exact: true });
  await expect(title).toHaveAttribute('aria-required', 'true');
  await expect(page.getByText(/^Zuletzt gespeichert (gerade eben|vor \d+ Minuten?)$/)).toBeVisible();

  await title.fill('Neue Velowege im Quartier');
  await page.getByRole('textbox', { name: 'Lead', exact: true }).fill('Die Stadt plant drei neue Velowege.');
  await expect
    .poll(() => keptCopies(page, 'author'))
    .toEqual([expect.stringContaining('drei neue Velowege')]);
  // The tab closes without saving (no question asked), and the session ends with it.
  await page.close();
  await context.clearCookies();

  const again = await context.newPage();
  await again.goto(permalink);
  await again.getByLabel('Passwort des Beitrags').fill(PASSWORD);
  await again.getByRole('button', { name: 'Beitrag öffnen' }).click();
  await expect(again.getByRole('heading', { level: 1, name: 'Beitrag bearbeiten' })).toBeVisible();
  const offer = again.getByRole('alert').filter({ hasText: 'Nicht gespeicherte Änderungen vom' });
  await expect(offer).toBeVisible();
  const titleAgain = again.getByRole('textbox', { name: 'Titel', exact: true });
  await expect(titleAgain).toHaveValue('');
  await expectNoAxeViolations(again);

  await offer.getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(offer).toBeHidden();
  await expect(titleAgain).toHaveValue('Neue Velowege im Quartier');
  await expect(titleAgain).toBeFocused();
  await expect(again.getByRole('textbox', { name: 'Lead', exact: true })).toHaveValue(
    'Die Stadt plant drei neue Velowege.',
  );
  await expect(again.getByText('Ungespeicherte Änderungen')).toBeVisible();

  await save(again);
  await expect.poll(() => keptCopies(again, 'author')).toEqual([]);
  await again.reload();
  await expect(titleAgain).toHaveValue('Neue Velowege im Quartier');
  await expect(again.getByText('Nicht gespeicherte Änderungen vom')).toHaveCount(0);
  await expectNoAxeViolations(again);

  // Typing in the moment before the page goes away is kept too: leaving writes it at once.
  await titleAgain.fill('Neue Velowege im ganzen Quartier');
  await again.goto('');
  await expect(again.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await keptCopies(again, 'author')).toEqual([expect.stringContaining('im ganzen Quartier')]);
});

test('a moderator closes the tab without saving and gets the typing back', async ({ page, context }) => {
  const title = `Velowege ${Date.now()}`;
  const id = await proposeArticle(title);
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('Passwort', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/publish\/admin\/?$/);
  await page.goto(`moderate/article/${id}`);
  const field = page.getByRole('textbox', { name: 'Titel', exact: true });
  await expect(field).toHaveValue(title);
  await field.fill(`${title} im Quartier`);
  await expect.poll(() => keptCopies(page, 'moderation')).toEqual([expect.stringContaining('im Quartier')]);
  await page.close();

  const again = await context.newPage();
  await again.goto(`moderate/article/${id}`);
  const offer = again.getByRole('alert').filter({ hasText: 'Nicht gespeicherte Änderungen vom' });
  await expect(offer).toBeVisible();
  await expectNoAxeViolations(again);
  await offer.getByRole('button', { name: 'Wiederherstellen' }).click();
  const fieldAgain = again.getByRole('textbox', { name: 'Titel', exact: true });
  await expect(fieldAgain).toHaveValue(`${title} im Quartier`);
  await again.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(again.getByRole('status').filter({ hasText: 'gespeichert' })).toBeVisible();
  await expect.poll(() => keptCopies(again, 'moderation')).toEqual([]);
});
