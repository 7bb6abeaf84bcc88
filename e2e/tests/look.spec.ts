import { expect, test, type Page } from '@playwright/test';
import { apiClient, proposeArticle } from '../support/author-api.ts';
import { expectArrivedAt } from '../support/announce.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/server.ts';

// Look and language: the colour scheme (light, dark, the system's), times in the person's own zone and
// the print view. Every screen visited in dark is checked by axe-core like the light ones are.

const ZONE = 'Europe/Zurich';
test.use({ timezoneId: ZONE });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });
const schemeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset['mantineColorScheme']);

async function openDisplaySettings(page: Page) {
  const button = nav(page).getByRole('button', { name: 'Darstellung' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(page.getByRole('radiogroup', { name: 'Farbschema' })).toBeVisible();
}

async function closeDisplaySettings(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('radiogroup', { name: 'Farbschema' })).toBeHidden();
}

async function logInAsAdmin(page: Page) {
  await page.goto('login');
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('Passwort', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expectArrivedAt(page, 'Übersicht');
}

/** Publishes an entry as the journeys' admin, through the API. */
async function publish(id: string) {
  const { api, call } = await apiClient();
  await call('POST', 'auth', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  const entry = (await call('GET', `admin/collection/entry/${id}`)) as { data: Record<string, unknown> };
  await call('PUT', `admin/collection/entry/${id}`, { data: { ...entry.data, state: 'published' } });
  await api.dispose();
}

test('dark mode by choice: remembered, painted before the app starts, and axe-clean on every screen', async ({
  page,
}) => {
  await page.goto('');
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag vorschlagen' })).toBeVisible();
  expect(await schemeOf(page)).toBe('light');

  // The switch works with the keyboard: its name is its visible label.
  const button = nav(page).getByRole('button', { name: 'Darstellung' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('radio', { name: 'Wie im System eingestellt' })).toBeChecked();
  await page.getByRole('radio', { name: 'Dunkel' }).check();
  await expect.poll(() => schemeOf(page)).toBe('dark');
  await expectNoAxeViolations(page);
  await closeDisplaySettings(page);
  await expect(button).toBeFocused();
  await expectNoAxeViolations(page);

  // Remembered, and set on <html> before any of the app's scripts ran.
  await page.goto('create/article', { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  expect(await schemeOf(page)).toBe('dark');
  await expect(page.getByRole('heading', { level: 1, name: 'Neuen Beitrag anlegen' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für die Moderation' })).toBeVisible();
  expect(await schemeOf(page)).toBe('dark');
  await expectNoAxeViolations(page);

  // An entry in moderation's view, dark.
  const title = `Im Dunkeln ${Date.now()}`;
  const id = await proposeArticle(title, 'Ein [Link](https://example.org/quelle) im Text.');
  await logInAsAdmin(page);
  await expectNoAxeViolations(page);
  await page.goto(`moderate/article/${id}`);
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(title);
  expect(await schemeOf(page)).toBe('dark');
  await expectNoAxeViolations(page);

  // Back to light.
  await openDisplaySettings(page);
  await page.getByRole('radio', { name: 'Hell' }).check();
  await expect.poll(() => schemeOf(page)).toBe('light');
});

test('the system’s dark setting applies until a person chooses otherwise', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, colorScheme: 'dark', timezoneId: ZONE });
  const page = await context.newPage();
  await page.goto('');
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag vorschlagen' })).toBeVisible();
  expect(await schemeOf(page)).toBe('dark');
  await expectNoAxeViolations(page);

  await openDisplaySettings(page);
  await expect(page.getByRole('radio', { name: 'Wie im System eingestellt' })).toBeChecked();
  await page.getByRole('radio', { name: 'Hell' }).check();
  await expect.poll(() => schemeOf(page)).toBe('light');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag vorschlagen' })).toBeVisible();
  expect(await schemeOf(page)).toBe('light');
  await context.close();
});

test('times in the own zone, named, on every screen; the print view leaves the navigation out', async ({
  page,
}) => {
  const title = `Zeitzonen ${Date.now()}`;
  const id = await proposeArticle(title, 'Mehr dazu bei [der Quelle](https://example.org/zeit).');
  await logInAsAdmin(page);
  await page.goto(`moderate/article/${id}`);
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(title);
  const updated = page.locator('time').first();
  await expect(updated).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} UTC$/);

  await openDisplaySettings(page);
  await page.getByRole('radio', { name: `Meiner Zeitzone (${ZONE})` }).check();
  await closeDisplaySettings(page);
  await expect(updated).toHaveText(new RegExp(`^\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2} \\(${ZONE}\\)$`));
  // The same instant, an hour or two later on the clock in Zurich.
  const shown = await updated.textContent();
  const iso = await updated.getAttribute('datetime');
  const zurich = new Intl.DateTimeFormat('de-CH', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso!));
  expect(shown).toContain(zurich);
  await expectNoAxeViolations(page);

  // Another screen follows the same choice, after a reload too.
  await page.goto('admin/submissions');
  await expect(page.getByRole('heading', { level: 1, name: 'Alle Beiträge' })).toBeVisible();
  await expect(page.locator('main time').first()).toHaveText(new RegExp(`\\(${ZONE}\\)$`));

  // Printing the entry's view: no navigation, no buttons; the content stays.
  await page.goto(`moderate/article/${id}`);
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(title);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(nav(page)).toBeVisible();

  // The reader's page on paper: black on white, the feeds left out, link addresses written out.
  await publish(id);
  const reader = await page.context().newPage();
  await reader.emulateMedia({ colorScheme: 'dark' });
  await reader.goto(new URL(`/read/${id}`, E2E_BASE_URL).href);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const background = () => reader.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(22, 22, 22)');
  await expectNoAxeViolations(reader);
  await reader.emulateMedia({ media: 'print', colorScheme: 'dark' });
  expect(await background()).toBe('rgb(255, 255, 255)');
  await expect(reader.locator('footer')).toBeHidden();
  const link = reader.getByRole('link', { name: 'der Quelle' });
  expect(await link.evaluate((a) => getComputedStyle(a, '::after').content)).toBe(
    '" (https://example.org/zeit)"',
  );
  await reader.close();
});
