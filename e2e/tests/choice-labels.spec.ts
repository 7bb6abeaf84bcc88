import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

// Predefined tags with texts per language, and an error worded for people: the schema builder renders
// the form as every entry screen does.
const UI_SCHEMA = JSON.stringify([
  {
    scope: 'topics',
    widget: 'tags-predefined',
    label: { de: 'Themen', 'de-CH': 'Themen', en: 'Topics' },
    options: {
      tags: [
        { value: 'climate', text: { de: 'Klima', 'de-CH': 'Klima', en: 'Climate' } },
        { value: 'education', text: { de: 'Bildung', 'de-CH': 'Bildung', en: 'Education' } },
        'art',
      ],
    },
  },
  {
    scope: 'mail',
    widget: 'input',
    label: { de: 'E-Mail', 'de-CH': 'E-Mail', en: 'E-mail' },
    options: { type: 'email' },
  },
]);
const JSON_SCHEMA = JSON.stringify({
  type: 'object',
  properties: {
    topics: { type: 'array', items: { type: 'string', enum: ['climate', 'education', 'art'] } },
    mail: { type: 'string', format: 'email' },
  },
});

test('a German screen shows tags by their German texts and errors in plain German', async ({ page }) => {
  await page.goto('schema-builder');
  await page.getByLabel('UI-Schema (JSON-Array)').fill(UI_SCHEMA);
  await page.getByLabel('JSON-Schema (JSON-Objekt)').fill(JSON_SCHEMA);
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(page.getByText('Die Schemas passen zusammen.')).toBeVisible();

  const topics = page.getByRole('textbox', { name: 'Themen' }).or(page.getByLabel('Themen')).first();
  await topics.focus();
  await page.keyboard.type('kli');
  await expect(page.getByRole('option', { name: 'Klima' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'climate' })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-field="topics"]').getByText('Klima', { exact: true })).toBeVisible();
  await expect(page.locator('[data-field="topics"]').getByText('climate', { exact: true })).toHaveCount(0);

  const mail = page.getByLabel('E-Mail', { exact: true });
  await mail.fill('nicht-gültig');
  await expect(mail).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Bitte gib eine E-Mail-Adresse ein, zum Beispiel name@example.org.'),
  ).toBeVisible();
  await expect(page.locator('[data-field="mail"]')).not.toContainText(/format|email\b|string/);
  await expectNoAxeViolations(page);
});
