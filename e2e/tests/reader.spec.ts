import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { createEntry, fillEveryArticleField, fillEveryEventField, save } from '../support/author.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/server.ts';

// The preview is the reader's page: an author fills every field of a shipped type and previews it,
// moderation previews and publishes it, and a reader (without JavaScript) reads it on the server's
// reader's page. Every field shows the same in all three; the private e-mail in none.

const PASSWORD = 'Lesezeichen-im-Herbst';
const readerUrl = (id: string) => new URL(`/read/${id}`, E2E_BASE_URL).href;
const idOf = (permalink: string) => permalink.split('/').at(-1)!;

/** A field's shown value in an article's definition lists, by its label. */
const field = (article: Locator, label: string) =>
  article.locator('div:has(> dt)').filter({
    has: article
      .page()
      .locator('dt', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
  });

async function fillArticle(page: Page): Promise<void> {
  await fillEveryArticleField(page, '## Worum es geht\n\nDrei **neue** Wege.');
  await save(page);
}

/** Every field of the article as readers see it, in `article` (a preview or the reader's page). */
async function expectEveryArticleField(article: Locator): Promise<void> {
  await expect(article.getByRole('heading', { level: 1 })).toHaveText('Neue Velowege im Quartier');
  await expect(article.locator('.einwurf-reader-lead')).toHaveText('Die Stadt plant drei neue Velowege.');
  await expect(article.getByRole('heading', { level: 2, name: 'Worum es geht' })).toBeVisible();
  await expect(article.locator('.einwurf-reader-body strong')).toHaveText('neue');
  await expect(article.locator('figure img')).toHaveAttribute('src', /\/api\/v1\/files\/.+\/velowege\.png$/);
  await expect(article.locator('figure img')).toHaveAttribute('alt', '');
  const attachments = article.getByRole('region', { name: 'Anhänge' });
  await expect(attachments.getByRole('link')).toHaveText(['velowege.txt']);
  await expect(field(article, 'Rubrik')).toContainText('Lokales');
  await expect(field(article, 'Schlagwörter').getByRole('listitem')).toHaveText(['velo', 'quartier'], {
    ignoreCase: true,
  });
  await expect(field(article, 'Themen')).toContainText('Mobilität');
  await expect(field(article, 'Quelle').getByRole('link')).toHaveAttribute(
    'href',
    'https://example.org/velowege',
  );
  await expect(field(article, 'Anzahl Wörter')).toContainText('420');
  await expect(field(article, 'Erscheinen am').locator('dd')).toHaveText(/^\d\d\.\d\d\.\d{4}$/);
  await expect(field(article, 'Fakten geprüft')).toContainText('Ja');
  await expect(article).not.toContainText('redaktion@example.org');
  await expect(article).not.toContainText('E-Mail für Rückfragen');
}

/** Every field of the event as readers see it. */
async function expectEveryEventField(article: Locator): Promise<void> {
  await expect(article.getByRole('heading', { level: 1 })).toHaveText('Quartierfest');
  const facts = article.locator('.einwurf-reader-facts');
  await expect(field(facts, 'Beginn').locator('dd')).toHaveText(/^\d\d\.\d\d\.\d{4} 18:30 UTC$/);
  await expect(field(facts, 'Ort')).toContainText('Schulhausplatz');
  await expect(article.locator('.einwurf-reader-body strong')).toHaveText('Spiele');
  await expect(article.locator('figure img')).toHaveAttribute('src', /\/api\/v1\/files\/.+\/flyer\.png$/);
  await expect(field(article, 'Programm').locator('dd')).toHaveText('18:30 Apéro20:00 Konzert');
  await expect(field(article, 'Eintritt frei')).toContainText('Ja');
  await expect(field(article, 'Türöffnung')).toContainText('18:00');
  await expect(field(article, 'Letzter Tag').locator('dd')).toHaveText(/^\d\d\.\d\d\.\d{4}$/);
  await expect(field(article, 'Publikum')).toContainText('Erwachsene');
  await expect(field(article, 'Telefon')).toContainText('+41 31 123 45 67');
  await expect(field(article, 'Suchbegriffe')).toContainText('Fest Musik');
  await expect(field(article, 'Zugangscode für Online-Teilnahme')).toContainText('fest-2026');
  await expect(field(article, 'Erster Tag')).toContainText('05.12.2026');
  await expect(field(article, 'Ende')).toContainText('23:30');
  await expect(field(article, 'Erwartete Auslastung in Prozent')).toContainText('75');
  await expect(field(article, 'Farbe im Kalender')).toContainText('#336699');
}

async function logInAsAdmin(page: Page): Promise<void> {
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('Passwort', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/publish\/admin\/?$/);
}

/** The author fills every field, previews the draft, and proposes it; answers the entry's id. */
async function authorPreviewsAndProposes(
  page: Page,
  typeButton: string,
  fill: (page: Page) => Promise<void>,
  expectEveryField: (article: Locator) => Promise<void>,
): Promise<string> {
  const id = idOf(await createEntry(page, typeButton, PASSWORD));
  await fill(page);
  await page.getByRole('button', { name: 'Vorschau' }).click();
  const preview = page.getByRole('dialog', { name: 'Vorschau' });
  await expectEveryField(preview.locator('article'));
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await page.getByRole('button', { name: 'Zur Moderation vorschlagen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag vorgeschlagen' })).toBeVisible();
  return id;
}

/** Moderation sees the same preview and publishes. */
async function moderatorPreviewsAndPublishes(
  page: Page,
  type: string,
  id: string,
  expectEveryField: (article: Locator) => Promise<void>,
): Promise<void> {
  await page.goto(`moderate/${type}/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag moderieren' })).toBeVisible();
  await expectEveryField(page.getByRole('region', { name: 'Vorschau' }).locator('article'));
  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  await page
    .getByRole('dialog', { name: 'Beitrag veröffentlichen?' })
    .getByRole('button', { name: 'Veröffentlichen' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Der Beitrag ist veröffentlicht.' })).toBeVisible();
}

/** A reader without JavaScript reads the page; with it, the page passes axe-core and fits 320 px. */
async function readerReads(
  browser: Browser,
  id: string,
  expectEveryField: (article: Locator) => Promise<void>,
): Promise<void> {
  const withoutScript = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
  const reader = await withoutScript.newPage();
  const response = await reader.goto(readerUrl(id));
  expect(response?.status()).toBe(200);
  await expectEveryField(reader.getByRole('main').locator('article'));
  await withoutScript.close();

  const narrow = await browser.newContext({ viewport: { width: 320, height: 640 }, locale: 'de-DE' });
  const page = await narrow.newPage();
  await page.goto(readerUrl(id));
  await expect(page.getByRole('main')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(
    await page
      .locator('figure img')
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
  ).toBe(true);
  await expectNoAxeViolations(page);
  await narrow.close();
}

test('the preview shows an article as its reader’s page does, every field, after publication', async ({
  page,
  browser,
}) => {
  const id = await authorPreviewsAndProposes(page, 'Artikel', fillArticle, expectEveryArticleField);
  const moderation = await browser.newContext();
  const moderator = await moderation.newPage();
  await logInAsAdmin(moderator);
  await moderatorPreviewsAndPublishes(moderator, 'article', id, expectEveryArticleField);
  await moderation.close();
  await readerReads(browser, id, expectEveryArticleField);
});

test('the preview shows an event as its reader’s page does, every field, after publication', async ({
  page,
  browser,
}) => {
  const id = await authorPreviewsAndProposes(
    page,
    'Veranstaltung',
    fillEveryEventField,
    expectEveryEventField,
  );
  const moderation = await browser.newContext();
  const moderator = await moderation.newPage();
  await logInAsAdmin(moderator);
  await moderatorPreviewsAndPublishes(moderator, 'event', id, expectEveryEventField);
  await moderation.close();
  await readerReads(browser, id, expectEveryEventField);
});

test('an entry not published has no reader’s page', async ({ page, browser }) => {
  const id = idOf(await createEntry(page, 'Artikel', PASSWORD));
  const context = await browser.newContext({ javaScriptEnabled: false });
  const reader = await context.newPage();
  const response = await reader.goto(readerUrl(id));
  expect(response?.status()).toBe(404);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  await context.close();
});
