import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { apiClient, AUTHOR_PASSWORD, proposeArticle } from '../support/author-api.ts';
import { addVirtualAuthenticator } from '../support/authenticator.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { gradientPng } from '../support/author.ts';
import { E2E_ADMIN, E2E_BASE_URL, E2E_PORT } from '../support/server.ts';

// Every screen and every dialog checked by axe-core (WCAG 2.2 A/AA) in de, de-CH and en, at 1280 and
// 320 px wide, light and dark, forms in their error state. One pair of tests (public, staff) per
// language: each screen is visited and each dialog opened once, and at each state axe runs four times,
// the width switched with the viewport and the scheme with the emulated media query (the app follows
// the system's scheme, 'auto', while none is stored). Interactions happen at 1280 px in light. The
// profile's dialogs need a second factor and a passkey: a fresh admin per language sets them up, never
// the journeys' shared admin. The navigation's drawer exists at 320 px only and is checked there.

type Locale = 'de' | 'de-CH' | 'en';
type Scheme = 'light' | 'dark';
const LOCALES: Locale[] = ['de', 'de-CH', 'en'];
const WIDE = 1280;
const NARROW = 320;
/** The four looks in an order that changes one thing at a time. */
const LOOKS: { width: number; scheme: Scheme }[] = [
  { width: WIDE, scheme: 'light' },
  { width: WIDE, scheme: 'dark' },
  { width: NARROW, scheme: 'dark' },
  { width: NARROW, scheme: 'light' },
];
/** The key under which the app stores a scheme chosen by hand (none here, so it follows the system). */
const COLOR_SCHEME_KEY = 'einwurf_color_scheme';

const LOCALES_DIR = new URL('../../web/src/locales/', import.meta.url);
const catalogue = (name: string) => JSON.parse(readFileSync(new URL(name, LOCALES_DIR), 'utf8')) as object;
// The screens' own catalogues (one folder each, German and English; Swiss German spells them as German).
const screenCatalogues = (language: 'de' | 'en') =>
  readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => catalogue(`${entry.name}/${language}.json`));
const CATALOGUES: Record<Locale, object[]> = {
  de: [catalogue('de.json'), ...screenCatalogues('de')],
  'de-CH': [catalogue('de-CH.json'), catalogue('de.json'), ...screenCatalogues('de')],
  en: [catalogue('en.json'), ...screenCatalogues('en')],
};

/** A string of the app's catalogues in `locale` (Swiss German falls back to German), filled in. */
function text(locale: Locale, key: string, values: Record<string, string> = {}): string {
  for (const strings of CATALOGUES[locale]) {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
    if (typeof found === 'string') return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
  }
  throw new Error(`no string ${key} in ${locale}`);
}

/** Labels of the article's fields that differ by language (its schema, not the catalogues). */
const COVER_IMAGE: Record<Locale, string> = { de: 'Titelbild', 'de-CH': 'Titelbild', en: 'Cover image' };

/** The entries the screens show: one to edit per language, one proposed, one published. */
type Fixtures = { drafts: Record<Locale, string>; proposed: string; published: string };
let fixtures: Fixtures;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const proposed = await proposeArticle('Barrierefreie Velowege', 'Ein **Text** zum Prüfen.');
  const published = await proposeArticle('Gelesene Velowege', 'Ein Text für Lesende.');
  const { api, call } = await apiClient();
  await call('POST', 'auth', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  const setState = async (id: string, state: string) => {
    const entry = (await call('GET', `admin/collection/entry/${id}`)) as { data: Record<string, unknown> };
    await call('PUT', `admin/collection/entry/${id}`, { data: { ...entry.data, state } });
  };
  await setState(published, 'published');
  // Each language's draft goes back to its author, who then edits it (and meets a conflict).
  const drafts = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    drafts[locale] = await proposeArticle(`Entwurf mit Fehlern (${locale})`, 'Noch nicht fertig.');
    await setState(drafts[locale], 'draft');
  }
  await api.dispose();
  fixtures = { drafts, proposed, published };
});

const main = (page: Page) => page.getByRole('main');

/**
 * Sets the viewport's width and the system's colour scheme, and waits until the page follows both: the
 * app shows its scheme on <html> (Mantine's 'auto'); the reader's page (not the app) follows the media
 * query in its CSS alone.
 */
async function setLook(page: Page, width: number, scheme: Scheme, { app = true } = {}): Promise<void> {
  if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: 800 });
  await page.emulateMedia({ colorScheme: scheme });
  if (app) await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  else
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
      scheme === 'dark',
    );
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
}

/** Runs axe in all four looks (the check waits for the page to settle), then goes back to wide and light. */
async function checkLooks(page: Page, looks = LOOKS, { app = true } = {}): Promise<void> {
  // A toast closes by itself a few seconds after it appears and fades while axe may be reading it
  // (its text then fails contrast half-faded); the looks are checked once such toasts are gone (one
  // that stays is checked as it is). The journeys check toasts with axe while they show.
  if (app) {
    await page
      .locator('.mantine-Notification-root')
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 })
      .catch(() => undefined);
  }
  for (const { width, scheme } of looks) {
    await test.step(`axe at ${width} px, ${scheme}`, async () => {
      await setLook(page, width, scheme, { app });
      await expectNoAxeViolations(page);
    });
  }
  await setLook(page, WIDE, 'light', { app });
}

/** Opens a screen and waits for its heading; the tab's title names the screen as its heading does. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle(`${(await heading.innerText()).trim()} – Einwurf`);
}

/**
 * Checks a dialog opened by `opener` in all looks; with `errors`, sends its form empty first and
 * checks it with its errors shown. Closes it with Escape; focus returns to the opener, or to `returnTo`
 * (the editor's dialogs put the caret back in the text, where it was).
 */
async function checkDialog(
  page: Page,
  opener: Locator,
  { returnTo = opener, errors = false }: { returnTo?: Locator; errors?: boolean } = {},
): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  if (errors) {
    await dialog.locator('button[type="submit"]').click();
    // Mantine's password fields show an error without aria-invalid: the error's own element is looked for.
    await expect(dialog.locator('.mantine-InputWrapper-error').first()).toBeVisible();
  }
  await checkLooks(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(returnTo).toBeFocused();
}

/** The navigation's drawer exists only below the small breakpoint: checked at 320 px alone. */
async function checkNavigationDrawer(page: Page, locale: Locale): Promise<void> {
  await setLook(page, NARROW, 'light');
  const opener = page.getByRole('button', { name: text(locale, 'nav.openMenu') });
  await opener.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await checkLooks(page, [
    { width: NARROW, scheme: 'light' },
    { width: NARROW, scheme: 'dark' },
  ]);
  await setLook(page, NARROW, 'light');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await setLook(page, WIDE, 'light');
}

async function publicScreens(page: Page, locale: Locale): Promise<void> {
  for (const path of ['', 'about', 'schema-builder', '404']) {
    await visit(page, path);
    await checkLooks(page);
  }
  await checkNavigationDrawer(page, locale);

  // Create, sent empty: its errors shown.
  await visit(page, 'create/article');
  await main(page).locator('button[type="submit"]').click();
  await expect(main(page).locator('.mantine-InputWrapper-error').first()).toBeVisible();
  await checkLooks(page);

  // The proposed page and the reader's page.
  await visit(page, `article/${fixtures.proposed}/proposed`);
  await checkLooks(page);
  await page.goto(new URL(`/read/${fixtures.published}`, E2E_BASE_URL).href);
  await expect(page.getByRole('heading', { level: 1, name: 'Gelesene Velowege' })).toBeVisible();
  await checkLooks(page, LOOKS, { app: false });

  // Edit: the author's password first (wrong once, its error shown), then the entry with its errors.
  const draft = fixtures.drafts[locale];
  await page.goto(`article/${draft}`);
  const password = main(page).locator('input[type="password"]');
  await password.fill('falsches-passwort');
  await main(page).locator('button[type="submit"]').click();
  await expect(main(page).getByRole('alert')).toBeVisible();
  await checkLooks(page);
  await password.fill(AUTHOR_PASSWORD);
  await main(page).locator('button[type="submit"]').click();
  // The lead is required and named alike in every language.
  const lead = page.getByRole('textbox', { name: 'Lead', exact: true });
  await expect(lead).toBeVisible();
  await lead.fill('');
  await page.getByRole('button', { name: text(locale, 'entry.propose.submit') }).click();
  await expect(lead).toHaveAttribute('aria-invalid', 'true');
  await checkLooks(page);
  await editorDialogs(page, locale);
  await conflictDialog(page, locale, draft);
}

/** The Markdown editor's dialogs and menus, the preview and the image cropper. */
async function editorDialogs(page: Page, locale: Locale): Promise<void> {
  const body = page.getByRole('textbox', { name: 'Text', exact: true });
  for (const key of ['link', 'image', 'embed', 'emoji']) {
    const opener = page.getByRole('button', {
      name: text(locale, `markdownEditor.${key}.open`),
      exact: true,
    });
    await checkDialog(page, opener, { returnTo: body });
  }
  await page.getByRole('button', { name: text(locale, 'markdownEditor.special.open') }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkLooks(page);
  await page.keyboard.press('Escape');
  await expect(body).toBeFocused();
  await checkDialog(
    page,
    page.getByRole('button', { name: text(locale, 'entry.preview.button'), exact: true }),
  );
  await page.getByLabel(COVER_IMAGE[locale], { exact: true }).setInputFiles({
    name: 'velo.png',
    mimeType: 'image/png',
    buffer: gradientPng(120, 80),
  });
  const cropper = page.getByRole('dialog', { name: text(locale, 'forms.image.crop.title') });
  await expect(cropper).toBeVisible();
  await expect(cropper.locator(':focus')).toHaveCount(1);
  await checkLooks(page);
  await page.keyboard.press('Escape');
  await expect(cropper).toBeHidden();
}

/**
 * The conflict dialog: moderation saves the draft in between, so the author's save carries an outdated
 * revision. Escape keeps the author's version in the form.
 */
async function conflictDialog(page: Page, locale: Locale, draft: string): Promise<void> {
  const lead = page.getByRole('textbox', { name: 'Lead', exact: true });
  await lead.fill('Meine Fassung.');
  const { api, call } = await apiClient();
  await call('POST', 'auth', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  const theirs = (await call('GET', `admin/collection/entry/${draft}`)) as { data: Record<string, unknown> };
  await call('PUT', `admin/collection/entry/${draft}`, {
    data: { ...theirs.data, lead: 'Die Fassung der Moderation.' },
  });
  await api.dispose();
  await page.getByRole('button', { name: text(locale, 'entry.save.button'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text(locale, 'conflict.title_author') });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await checkLooks(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(lead).toHaveValue('Meine Fassung.');
}

const totpOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

async function staffScreens(page: Page, locale: Locale): Promise<void> {
  // A fresh admin of this language's run: its profile gets a second factor and a passkey, which the
  // shared journeys' admin must never have. A second session of it (through the API) shows on the profile.
  const admin = {
    username: `axe${locale.replace('-', '').toLowerCase()}${Date.now()}`,
    password: 'axe-admin-pass-1',
  };
  const { api, call } = await apiClient();
  await call('POST', 'auth', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  await call('POST', 'admin/users', { ...admin, role: 'admin' });
  await api.dispose();
  try {
    await staffScreensAs(page, locale, admin);
  } finally {
    await deleteAccount(admin.username);
  }
}

async function staffScreensAs(
  page: Page,
  locale: Locale,
  admin: { username: string; password: string },
): Promise<void> {
  const other = await apiClient();
  await other.call('POST', 'auth', admin);

  // Login, first with its errors.
  await visit(page, 'login');
  await main(page).locator('input[name="username"]').fill(admin.username);
  await main(page).locator('input[name="password"]').fill('falsch');
  await main(page).locator('button[type="submit"]').click();
  await expect(main(page).getByRole('alert')).toBeVisible();
  await checkLooks(page);
  await main(page).locator('input[name="password"]').fill(admin.password);
  await main(page).locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await checkNavigationDrawer(page, locale);

  for (const path of [
    'admin',
    'admin/search?q=Velowege',
    'admin/webhooks',
    'admin/audit',
    'admin/health',
    'admin/reply-templates',
  ]) {
    await visit(page, path);
    await checkLooks(page);
  }

  // The accounts form sent empty shows its errors; the table is a stack of cards at 320 px.
  await visit(page, 'admin/users');
  const form = page.getByRole('region', { name: text(locale, 'users.createTitle') });
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('.mantine-InputWrapper-error').first()).toBeVisible();
  const row = main(page).locator('table > tbody > tr').first();
  const rowDisplay = () => row.evaluate((element) => getComputedStyle(element).display);
  expect(await rowDisplay()).toBe('table-row');
  await setLook(page, NARROW, 'dark');
  expect(await rowDisplay()).toBe('block');
  await checkLooks(page);
  const user = { username: E2E_ADMIN.username };
  await checkDialog(page, page.getByRole('button', { name: text(locale, 'users.setPasswordOf', user) }), {
    errors: true,
  });
  for (const key of ['users.resetSecondFactorOf', 'users.endSessionsOf']) {
    await checkDialog(page, page.getByRole('button', { name: text(locale, key, user) }));
  }

  // The moderation's confirmations: publishing (with its schedule), rejecting, deleting (typed).
  await visit(page, `moderate/article/${fixtures.proposed}`);
  await checkLooks(page);
  for (const key of ['moderate.actions.published', 'moderate.actions.rejected', 'moderate.delete.button']) {
    await checkDialog(page, page.getByRole('button', { name: text(locale, key), exact: true }));
  }
  await visit(page, 'admin/submissions');
  await checkLooks(page);
  await checkDialog(page, page.getByRole('button', { name: text(locale, 'submissions.export.open') }));
  await visit(page, 'admin/webhooks');
  await checkDialog(page, page.getByRole('button', { name: text(locale, 'webhooks.add') }), { errors: true });
  await visit(page, 'admin/reply-templates');
  await checkDialog(page, page.getByRole('button', { name: text(locale, 'replyTemplates.add') }), {
    errors: true,
  });

  await profile(page, locale);
  await other.api.dispose();
}

/** Deletes an account the matrix made, so the journeys after it find the shared admin the last one. */
async function deleteAccount(username: string): Promise<void> {
  const { api, call } = await apiClient();
  await call('POST', 'auth', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  await call('DELETE', `admin/users/${username}`);
  await api.dispose();
}

/** The profile: second factor set up (its code missing first), recovery codes, its dialogs, passkeys. */
async function profile(page: Page, locale: Locale): Promise<void> {
  await addVirtualAuthenticator(page);
  await visit(page, 'admin/profile');
  const sessions = page.getByRole('region', { name: text(locale, 'profile.sessions.title') });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await checkLooks(page);

  const card = page.getByRole('region', { name: text(locale, 'profile.secondFactor.title') });
  await card.getByRole('button', { name: text(locale, 'profile.secondFactor.setUp') }).click();
  const secret = (await card.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  const confirm = card.getByRole('button', { name: text(locale, 'profile.secondFactor.confirm') });
  await confirm.click();
  const code = card.getByRole('textbox', { name: text(locale, 'profile.secondFactor.code') });
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await checkLooks(page);
  await code.fill(totpOf(secret).generate());
  await confirm.click();
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await checkLooks(page);
  await card.getByRole('button', { name: text(locale, 'profile.secondFactor.codesDone') }).click();
  for (const key of ['profile.secondFactor.renew', 'profile.secondFactor.disable']) {
    await checkDialog(page, card.getByRole('button', { name: text(locale, key), exact: true }), {
      errors: true,
    });
  }

  // Passkeys: the name missing first, then one added and its removal's dialog.
  const passkeys = page.getByRole('region', { name: text(locale, 'profile.passkeys.title') });
  const add = passkeys.getByRole('button', { name: text(locale, 'profile.passkeys.add') });
  await add.click();
  await expect(
    passkeys.getByRole('textbox', { name: text(locale, 'profile.passkeys.newName') }),
  ).toHaveAttribute('aria-invalid', 'true');
  await checkLooks(page);
  await passkeys.getByRole('textbox', { name: text(locale, 'profile.passkeys.newName') }).fill('Laptop');
  await add.click();
  await expect(passkeys.getByRole('rowheader', { name: 'Laptop' })).toBeVisible();
  await checkLooks(page);
  await checkDialog(
    page,
    passkeys.getByRole('button', { name: text(locale, 'profile.passkeys.removeNamed', { name: 'Laptop' }) }),
    { errors: true },
  );
}

for (const locale of LOCALES) {
  test.describe(locale, () => {
    test.use({ viewport: { width: WIDE, height: 800 }, colorScheme: 'light' });

    test.beforeEach(async ({ page }) => {
      await page.addInitScript(
        ([chosen, schemeKey]) => {
          if (!localStorage.getItem('einwurf_locale')) localStorage.setItem('einwurf_locale', chosen);
          localStorage.removeItem(schemeKey);
        },
        [locale, COLOR_SCHEME_KEY] as const,
      );
    });

    test('the public screens and dialogs are axe-clean in every look', async ({ page }) => {
      test.setTimeout(600_000);
      await publicScreens(page, locale);
    });

    test.describe(() => {
      // WebAuthn wants a host name for the relying party, so the staff's run (with its passkey) is on localhost.
      test.use({ baseURL: `http://localhost:${E2E_PORT}/publish/` });

      test('the staff screens and dialogs are axe-clean in every look', async ({ page }) => {
        test.setTimeout(600_000);
        await staffScreens(page, locale);
      });
    });
  });
}
