import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

const UI_SCHEMA = JSON.stringify([
  { scope: 'name', widget: 'input', label: { de: 'Name', 'de-CH': 'Name', en: 'Name' } },
  {
    scope: 'topics',
    widget: 'tags-predefined',
    label: { de: 'Themen', 'de-CH': 'Themen', en: 'Topics' },
    options: { tags: ['umwelt', 'kultur', 'sport'] },
  },
  { scope: 'day', widget: 'date', label: { de: 'Tag', 'de-CH': 'Tag', en: 'Day' } },
]);
const JSON_SCHEMA = JSON.stringify({
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2 },
    topics: { type: 'array', items: { type: 'string', enum: ['umwelt', 'kultur', 'sport'] } },
    day: { type: 'string', format: 'date' },
  },
  required: ['name'],
});

async function checkSchemas(page: Page, ui: string, schema: string) {
  await page.getByLabel('UI-Schema (JSON-Array)').fill(ui);
  await page.getByLabel('JSON-Schema (JSON-Objekt)').fill(schema);
  await page.getByRole('button', { name: 'Prüfen' }).click();
}

test('the components demo shows every widget in its states', async ({ page }) => {
  await page.goto('components-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Komponenten-Demo' })).toBeVisible();
  for (const widget of [
    'Eingabefeld',
    'Mehrzeiliges Textfeld',
    'Auswahl',
    'Mehrfachauswahl',
    'Kontrollkästchen',
    'Datumsauswahl',
    'Uhrzeit',
    'Datum und Uhrzeit',
    'Freie Schlagwörter',
    'Vorgegebene Schlagwörter',
    'Markdown-Editor',
    'Bild',
    'Dateien',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: widget, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Dieser Wert passt nicht.').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the schema builder names each failure and renders a form from a valid pair', async ({ page }) => {
  await page.goto('schema-builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Schema-Baukasten' })).toBeVisible();
  await expectNoAxeViolations(page);

  await checkSchemas(page, '[{', JSON_SCHEMA);
  await expect(page.getByText('Das UI-Schema ist kein gültiges JSON.')).toBeVisible();
  await checkSchemas(page, '{"scope":"name"}', JSON_SCHEMA);
  await expect(page.getByText('Das UI-Schema muss ein Array sein.')).toBeVisible();
  await checkSchemas(page, UI_SCHEMA, '{"type":');
  await expect(page.getByText('Das JSON-Schema ist kein gültiges JSON.')).toBeVisible();
  await checkSchemas(page, UI_SCHEMA, '["name"]');
  await expect(page.getByText('Das JSON-Schema muss ein Objekt sein.')).toBeVisible();
  const fewer = JSON.parse(JSON_SCHEMA);
  delete fewer.properties.day;
  await checkSchemas(page, UI_SCHEMA, JSON.stringify(fewer));
  await expect(
    page.getByText('UI-Schema und JSON-Schema decken nicht dieselben Eigenschaften ab.'),
  ).toBeVisible();
  await expect(page.getByText('Nur im UI-Schema: day')).toBeVisible();
  await expectNoAxeViolations(page);

  await checkSchemas(page, UI_SCHEMA, JSON_SCHEMA);
  await expect(page.getByText('Die Schemas passen zusammen.')).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('x');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill('Anna');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');

  // Keyboard only: the predefined tags chooser searches case-insensitively and offers unchosen tags.
  const topics = page.getByRole('textbox', { name: 'Themen' }).or(page.getByLabel('Themen')).first();
  await topics.focus();
  await page.keyboard.type('KUL');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByText('kultur', { exact: true })).toBeVisible();
  await page.keyboard.type('s');
  await expect(page.getByRole('option', { name: 'sport' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'kultur' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Keyboard only: the date picker opens with Enter, weeks start on Monday, a day is chosen with the
  // arrows and Enter and shows as DD.MM.YYYY.
  const day = page.getByRole('button', { name: 'Tag', exact: true });
  await day.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('table thead th').first()).toHaveText(/^Mo/);
  await expectNoAxeViolations(page);
  const dayButtons = page.locator('table tbody button');
  for (let i = 0; i < 5; i++) {
    if (
      await dayButtons.evaluateAll((buttons) => buttons.includes(document.activeElement as HTMLButtonElement))
    )
      break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(day).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  await expectNoAxeViolations(page);
});
