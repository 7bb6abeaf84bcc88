import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiClient, AUTHOR_PASSWORD, proposeArticle } from '../support/author-api.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { gradientPng } from '../support/author.ts';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/server.ts';

// Every screen and the dialogs on it checked by axe-core (WCAG 2.2 A/AA) across languages, widths and
// colour schemes, forms in their error state. One browser context per combination, the screens in
// sequence. All screens and dialogs run in de × 1280 × light and de × 320 × dark; the screens (no
// dialogs) in de-CH × 1280 × dark and en × 320 × light, so every language, width and scheme is seen.
// The dialogs of the profile (second factor, passkey) open only once a factor is set up; the journeys
// staff-security and passkeys set one up and check them.

type Locale = 'de' | 'de-CH' | 'en';
type Combination = { locale: Locale; width: 1280 | 320; scheme: 'light' | 'dark'; dialogs: boolean };

const COMBINATIONS: Combination[] = [
  { locale: 'de', width: 1280, scheme: 'light', dialogs: true },
  { locale: 'de', width: 320, scheme: 'dark', dialogs: true },
  { locale: 'de-CH', width: 1280, scheme: 'dark', dialogs: false },
  { locale: 'en', width: 320, scheme: 'light', dialogs: false },
];

const catalogue = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../web/src/locales/${name}.json`, import.meta.url), 'utf8')) as object;
// The app's catalogues and the accounts screen's own (Swiss German spells that screen as German).
const CATALOGUES: Record<Locale, object[]> = {
  de: [catalogue('de'), catalogue('users/de')],
  'de-CH': [catalogue('de-CH'), catalogue('de'), catalogue('users/de')],
  en: [catalogue('en'), catalogue('users/en')],
};

/** A string of the app's catalogues in `locale` (Swiss German falls back to German). */
function text(locale: Locale, key: string): string {
  for (const strings of CATALOGUES[locale]) {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
    if (typeof found === 'string') return found;
  }
  throw new Error(`no string ${key} in ${locale}`);
}

/** The entries the screens show: one to edit, one proposed, one published for the reader's page. */
type Fixtures = { draft: string; proposed: string; published: string };
let fixtures: Fixtures;

test.beforeAll(async () => {
  const proposed = await proposeArticle('Barrierefreie Velowege', 'Ein **Text** zum Prüfen.');
  const published = await proposeArticle('Gelesene Velowege', 'Ein Text für Lesende.');
  const draft = await proposeArticle('Entwurf mit Fehlern', 'Noch nicht fertig.');
  const { api, call } = await apiClient();
  await call('POST', 'auth', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  const entry = (await call('GET', `admin/collection/entry/${published}`)) as {
    data: Record<string, unknown>;
  };
  await call('PUT', `admin/collection/entry/${published}`, { data: { ...entry.data, state: 'published' } });
  // The draft goes back to its author, who then edits it.
  const back = (await call('GET', `admin/collection/entry/${draft}`)) as { data: Record<string, unknown> };
  await call('PUT', `admin/collection/entry/${draft}`, { data: { ...back.data, state: 'draft' } });
  await api.dispose();
  fixtures = { draft, proposed, published };
});

const main = (page: Page) => page.getByRole('main');

/** Opens a screen and waits for its heading; the tab's title names the screen as its heading does. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle(`${(await heading.innerText()).trim()} – Einwurf`);
}

/**
 * Checks a dialog opened by `opener`, then closes it with Escape; focus returns to the opener, or to
 * `returnTo` (the editor's dialogs put the caret back in the text, where it was).
 */
async function checkDialog(page: Page, opener: Locator, returnTo: Locator = opener): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(returnTo).toBeFocused();
}

async function publicScreens(page: Page, { locale, dialogs }: Combination): Promise<void> {
  await visit(page, '');
  await expectNoAxeViolations(page);
  await visit(page, 'about');
  await expectNoAxeViolations(page);
  await visit(page, 'schema-builder');
  await expectNoAxeViolations(page);
  await visit(page, '404');
  await expectNoAxeViolations(page);

  // Create, sent empty: its errors shown.
  await visit(page, 'create/article');
  await main(page).locator('button[type="submit"]').click();
  await expect(main(page).locator('.mantine-InputWrapper-error').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The proposed page and the reader's page.
  await visit(page, `article/${fixtures.proposed}/proposed`);
  await expectNoAxeViolations(page);
  await page.goto(new URL(`/read/${fixtures.published}`, E2E_BASE_URL).href);
  await expect(page.getByRole('heading', { level: 1, name: 'Gelesene Velowege' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Edit: the author's password first (wrong once, its error shown), then the entry with its errors.
  await page.goto(`article/${fixtures.draft}`);
  const password = main(page).locator('input[type="password"]');
  await password.fill('falsches-passwort');
  await main(page).locator('button[type="submit"]').click();
  await expect(main(page).getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page);
  await password.fill(AUTHOR_PASSWORD);
  await main(page).locator('button[type="submit"]').click();
  // The lead is required and named alike in every language.
  const lead = page.getByRole('textbox', { name: 'Lead', exact: true });
  await expect(lead).toBeVisible();
  await lead.fill('');
  await page.getByRole('button', { name: text(locale, 'entry.propose.submit') }).click();
  await expect(lead).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  if (dialogs) {
    await editorDialogs(page);
    await conflictDialog(page);
  }
}

/**
 * The conflict dialog: moderation saves the draft in between, so the author's save carries an outdated
 * revision. Escape keeps the author's version in the form.
 */
async function conflictDialog(page: Page): Promise<void> {
  const lead = page.getByRole('textbox', { name: 'Lead', exact: true });
  await lead.fill('Meine Fassung.');
  const { api, call } = await apiClient();
  await call('POST', 'auth', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  const theirs = (await call('GET', `admin/collection/entry/${fixtures.draft}`)) as {
    data: Record<string, unknown>;
  };
  await call('PUT', `admin/collection/entry/${fixtures.draft}`, {
    data: { ...theirs.data, lead: 'Die Fassung der Moderation.' },
  });
  await api.dispose();
  const save = page.getByRole('button', { name: 'Speichern', exact: true });
  await save.click();
  const dialog = page.getByRole('dialog', { name: 'Der Beitrag wurde inzwischen gespeichert' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(lead).toHaveValue('Meine Fassung.');
}

/** The Markdown editor's dialogs and menus, the image cropper and the preview (German). */
async function editorDialogs(page: Page): Promise<void> {
  const body = page.getByRole('textbox', { name: 'Text', exact: true });
  for (const name of ['Link einfügen', 'Bild einfügen', 'Video einbetten', 'Emoji einfügen']) {
    await checkDialog(page, page.getByRole('button', { name, exact: true }), body);
  }
  await page.getByRole('button', { name: 'Sonderzeichen einfügen' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(body).toBeFocused();
  await checkDialog(page, page.getByRole('button', { name: 'Vorschau' }));
  await page.getByLabel('Titelbild', { exact: true }).setInputFiles({
    name: 'velo.png',
    mimeType: 'image/png',
    buffer: gradientPng(120, 80),
  });
  const cropper = page.getByRole('dialog', { name: 'Bild zuschneiden' });
  await expect(cropper).toBeVisible();
  await expect(cropper.locator(':focus')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(cropper).toBeHidden();
}

async function staffScreens(page: Page, { locale, dialogs }: Combination): Promise<void> {
  // Login, first with its errors.
  await visit(page, 'login');
  await main(page).locator('input[name="username"]').fill(E2E_ADMIN.username);
  await main(page).locator('input[name="password"]').fill('falsch');
  await main(page).locator('button[type="submit"]').click();
  await expect(main(page).getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page);
  await main(page).locator('input[name="password"]').fill(E2E_ADMIN.password);
  await main(page).locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin\/?$/);

  const screens = [
    'admin',
    'admin/submissions',
    'admin/search?q=Velowege',
    `moderate/article/${fixtures.proposed}`,
    'admin/users',
    'admin/webhooks',
    'admin/audit',
    'admin/health',
    'admin/profile',
    'admin/reply-templates',
  ];
  for (const path of screens) {
    await visit(page, path);
    await expectNoAxeViolations(page);
  }

  // The accounts form sent empty shows its errors.
  await visit(page, 'admin/users');
  const form = page.getByRole('region', { name: text(locale, 'users.createTitle') });
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('.mantine-InputWrapper-error').first()).toBeVisible();
  await expectNoAxeViolations(page);
  if (!dialogs) return;

  for (const name of [
    `Passwort setzen für ${E2E_ADMIN.username}`,
    `Zweiten Faktor zurücksetzen für ${E2E_ADMIN.username}`,
    `Alle Sitzungen beenden für ${E2E_ADMIN.username}`,
  ]) {
    await checkDialog(page, page.getByRole('button', { name }));
  }
  // The moderation's confirmations: publishing (with its schedule), rejecting, deleting (typed).
  await visit(page, `moderate/article/${fixtures.proposed}`);
  for (const name of ['Veröffentlichen', 'Ablehnen', 'Beitrag löschen']) {
    await checkDialog(page, page.getByRole('button', { name, exact: true }));
  }
  await visit(page, 'admin/submissions');
  await checkDialog(page, page.getByRole('button', { name: 'Exportieren' }));
  await visit(page, 'admin/webhooks');
  await checkDialog(page, page.getByRole('button', { name: 'Endpunkt hinzufügen' }));
  await visit(page, 'admin/reply-templates');
  await checkDialog(page, page.getByRole('button', { name: 'Vorlage hinzufügen' }));
}

for (const combination of COMBINATIONS) {
  const { locale, width, scheme } = combination;
  test.describe(`${locale} × ${width} px × ${scheme}`, () => {
    test.use({ viewport: { width, height: 800 }, colorScheme: scheme });

    test.beforeEach(async ({ page }) => {
      await page.addInitScript((chosen) => {
        if (!localStorage.getItem('einwurf_locale')) localStorage.setItem('einwurf_locale', chosen);
      }, locale);
    });

    test('the public screens are axe-clean', async ({ page }) => {
      test.setTimeout(300_000);
      await publicScreens(page, combination);
    });

    test('the staff screens are axe-clean', async ({ page }) => {
      test.setTimeout(300_000);
      await staffScreens(page, combination);
    });
  });
}
