import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectArrivedAt } from '../support/announce.ts';
import { createEntry } from '../support/author.ts';
import { proposeArticle } from '../support/author-api.ts';
import { createModerators } from '../support/desk-api.ts';
import { E2E_ADMIN } from '../support/server.ts';
import { waitForSettledPage } from '../support/axe.ts';

// A phone 320 px wide (WCAG 1.4.10 reflow): every tool of the Markdown editor and every action of
// the accounts and submissions screens is on screen and works, and no screen scrolls sideways.

test.use({ viewport: { width: 320, height: 640 } });

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page width on ${page.url()}`).toBeLessThanOrEqual(clientWidth);
}

/** The control lies wholly inside the window's width, where a person can see and reach it. */
async function expectOnScreen(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box, await control.evaluate((node) => node.outerHTML.slice(0, 120))).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
}

async function logInAsAdmin(page: Page) {
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('Passwort', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expectArrivedAt(page, 'Übersicht');
}

/**
 * Opens a dialog with `opener`, checks focus went into it, closes it and checks focus came back to
 * the opener, or to `returnTo` (the editor's dialogs put the caret back in the text).
 */
async function openAndCancel(
  page: Page,
  opener: Locator,
  dialogName: string | RegExp,
  returnTo: Locator = opener,
) {
  await expectOnScreen(opener);
  await opener.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(returnTo).toBeFocused();
}

test('every tool of the Markdown editor is on screen and works at 320 px', async ({ page }) => {
  test.setTimeout(120_000);
  await createEntry(page, 'Artikel', 'Klein-Bildschirm-2026');
  await expectNoSidewaysScroll(page);
  const area = page.getByRole('textbox', { name: 'Text', exact: true });
  await expect(area).toHaveAttribute('contenteditable', 'true');
  await area.click();
  await page.keyboard.type('Ein Satz');

  const toolbar = page.getByRole('toolbar').filter({ has: page.getByRole('button', { name: 'Quelltext' }) });
  const tools = toolbar.locator('button, [role="combobox"]');
  const count = await tools.count();
  expect(count).toBeGreaterThanOrEqual(14);
  for (let i = 0; i < count; i += 1) await expectOnScreen(tools.nth(i));
  await expectNoSidewaysScroll(page);

  // Block type.
  await page.getByRole('combobox', { name: 'Absatzart' }).click();
  await page.getByRole('option', { name: 'Überschrift 2', exact: true }).click();
  await expect(area.getByRole('heading', { level: 2, name: 'Ein Satz' })).toBeVisible();
  // Inline formats and lists toggle on and off, on the selected line.
  await area.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  for (const name of [
    'Fett',
    'Kursiv',
    'Durchgestrichen',
    'Code im Text',
    'Aufzählung',
    'Nummerierte Liste',
  ]) {
    // A toggle's name says what it does next (bold, then remove bold): found once by its place.
    const radios = toolbar.getByRole('radio');
    const index = await radios.evaluateAll(
      (nodes, wanted) =>
        nodes.findIndex((node) => (node.getAttribute('aria-label') ?? node.getAttribute('title')) === wanted),
      name,
    );
    expect(index, name).toBeGreaterThanOrEqual(0);
    const toggle = radios.nth(index);
    await toggle.click();
    await expect(toggle, name).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle, name).toHaveAttribute('aria-checked', 'false');
  }
  // Indentation in a list.
  await area.focus();
  await toolbar.getByRole('radio', { name: 'Aufzählung', exact: true }).click();
  await area.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Unterpunkt');
  await toolbar.getByRole('button', { name: /^Einzug vergr/ }).click();
  await expect(area.locator('li li')).toHaveCount(1);
  await toolbar.getByRole('button', { name: /^Einzug verkleinern/ }).click();
  await expect(area.locator('li li')).toHaveCount(0);

  // The dialogs and menus open on screen, take focus, and give it back.
  await openAndCancel(page, toolbar.getByRole('button', { name: 'Link einfügen' }), /^Link/, area);
  await openAndCancel(page, toolbar.getByRole('button', { name: 'Bild einfügen' }), 'Bild einfügen', area);
  await openAndCancel(
    page,
    toolbar.getByRole('button', { name: 'Video einbetten' }),
    'Video einbetten',
    area,
  );
  await openAndCancel(page, toolbar.getByRole('button', { name: 'Emoji einfügen' }), 'Emoji einfügen', area);
  const special = toolbar.getByRole('button', { name: 'Sonderzeichen einfügen' });
  await special.click();
  const menuItem = page.getByRole('menuitem', { name: /Geviertstrich/ });
  await expectOnScreen(menuItem);
  await waitForSettledPage(page);
  await menuItem.click();
  await expect(area).toContainText('—');

  // The source view and back.
  await toolbar.getByRole('button', { name: 'Quelltext', pressed: false }).click();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Quelltext', pressed: true }).click();
  await expect(area).toHaveAttribute('contenteditable', 'true');
  await expectNoSidewaysScroll(page);
});

test('every action of the accounts and submissions screens is on screen at 320 px', async ({ page }) => {
  test.setTimeout(120_000);
  await createModerators(['smallmod1'], 'small-mod-password-1');
  const title = 'Schmale Bildschirme';
  await proposeArticle(title);
  await logInAsAdmin(page);
  await expectNoSidewaysScroll(page);

  // Accounts: each row is a card with the role and every action.
  await page.goto('admin/users');
  await expect(page.getByRole('rowheader', { name: 'smallmod1' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const role = page.getByRole('combobox', { name: 'Rolle von smallmod1' });
  await expectOnScreen(role);
  await role.selectOption({ label: 'Admin' });
  await expect(
    page.getByRole('status').filter({ hasText: 'smallmod1 hat jetzt die Rolle Admin.' }),
  ).toHaveCount(1);
  await openAndCancel(page, page.getByRole('button', { name: 'Passwort setzen für smallmod1' }), /Passwort/);
  await openAndCancel(
    page,
    page.getByRole('button', { name: /Zweiten Faktor zurücksetzen für smallmod1/ }),
    /smallmod1/,
  );
  await openAndCancel(
    page,
    page.getByRole('button', { name: /Sitzungen beenden für smallmod1/ }),
    /smallmod1/,
  );
  await openAndCancel(page, page.getByRole('button', { name: 'Konto smallmod1 löschen' }), /smallmod1/);
  const form = page.getByRole('region', { name: 'Konto anlegen' });
  await expectOnScreen(form.getByRole('button', { name: 'Konto anlegen' }));
  await expectNoSidewaysScroll(page);

  // Submissions: filters, export, selection and the entry's link.
  await page.goto('admin/submissions');
  const link = page.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  await expectNoSidewaysScroll(page);
  for (const name of ['Status', 'Art']) await expectOnScreen(page.getByRole('combobox', { name }));
  const selectAll = page.getByRole('checkbox', { name: 'Alle Beiträge dieser Seite auswählen' });
  await expectOnScreen(selectAll);
  const pick = page.getByRole('checkbox', { name: new RegExp(title) });
  await expectOnScreen(pick);
  await pick.check();
  await expect(pick).toBeChecked();
  await expectNoSidewaysScroll(page);
  await pick.uncheck();
  await openAndCancel(page, page.getByRole('button', { name: 'Exportieren' }), 'Beiträge exportieren');
  await expectOnScreen(link);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
