import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectArrivedAt, expectSuccess } from '../support/announce.ts';
import { proposeArticle } from '../support/author-api.ts';
import { E2E_ADMIN } from '../support/server.ts';

// Journeys done with the keyboard alone: after page.goto only Tab, Shift+Tab, Enter, Space, arrows,
// Escape and typed text. After every step the test says where focus is, and after every navigation
// what the tab's title says.

const PASSWORD = 'Tastatur-ohne-Maus-42';

/**
 * Presses `key` (Tab or Shift+Tab) until `target` has focus, at most `max` times, then asserts it:
 * the number of presses is not pinned, but the control must be reachable in order from where focus is.
 */
async function tabTo(page: Page, target: Locator, max = 30, key = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
  }
  await expect(target).toBeFocused();
}

const focused = (page: Page) => page.locator(':focus');

test('an author creates an article, fills it, saves and proposes it with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('');
  await expect(page).toHaveTitle('Beitrag vorschlagen – Einwurf');

  // Home: the type is a button reached by Tab.
  await tabTo(page, page.getByRole('button', { name: 'Artikel' }));
  await page.keyboard.press('Enter');
  const startAnyway = page.getByRole('button', { name: 'Neuen Beitrag beginnen' });
  if (await startAnyway.isVisible().catch(() => false)) {
    await tabTo(page, startAnyway);
    await page.keyboard.press('Enter');
  }
  await expectArrivedAt(page, 'Neuen Beitrag anlegen');

  // The password form, then the proof of work solved by the browser.
  await tabTo(page, page.getByRole('textbox', { name: 'Passwort', exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Passwort wiederholen');
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Beitrag anlegen' }));
  await page.keyboard.press('Enter');
  // Same route, a new step: focus and title move to it (not announced as a navigation).
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort und Link sichern' })).toBeFocused();
  await expect(page).toHaveTitle('Passwort und Link sichern – Einwurf');

  const checkbox = page.getByRole('checkbox', { name: 'Ich habe Passwort und Link gespeichert' });
  await tabTo(page, checkbox);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Weiter zum Beitrag' }));
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Beitrag bearbeiten');

  // Title, lead, then the Markdown editor: typed text, a heading by keyboard, Tab leaves the editor.
  await tabTo(page, page.getByRole('textbox', { name: 'Titel', exact: true }));
  await page.keyboard.type('Tastaturwege im Quartier');
  await tabTo(page, page.getByRole('textbox', { name: 'Lead', exact: true }));
  await page.keyboard.type('Alles ohne Maus erledigt.');
  const text = page.getByRole('textbox', { name: 'Text', exact: true });
  await tabTo(page, text);
  await page.keyboard.type('Erster Absatz ohne Maus.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Zweiter Absatz.');
  await page.keyboard.press('Tab');
  await expect(text).not.toBeFocused();
  await expect(text.locator('p')).toHaveText(['Erster Absatz ohne Maus.', 'Zweiter Absatz.']);

  // Rubrik: a select opened with ArrowDown, an option chosen with arrows and Enter.
  const section = page.getByRole('combobox', { name: 'Rubrik' });
  await tabTo(page, section);
  await page.keyboard.press('ArrowDown');
  const local = page.getByRole('option', { name: 'Lokales' });
  await expect(local).toBeVisible();
  for (let i = 0; i < 10; i += 1) {
    if ((await local.getAttribute('data-combobox-selected')) !== null) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(section).toHaveValue('Lokales');
  await expect(section).toBeFocused();

  await tabTo(page, page.getByRole('textbox', { name: 'Quelle', exact: true }));
  await page.keyboard.type('https://example.org/tastatur');
  const checked = page.getByRole('checkbox', { name: 'Fakten geprüft' });
  await tabTo(page, checked);
  await page.keyboard.press('Space');
  await expect(checked).toBeChecked();

  // Tags: typed and confirmed with Enter; topics picked from the suggestions with arrows.
  const keywords = page.getByRole('combobox', { name: 'Schlagwörter', exact: true });
  await tabTo(page, keywords);
  await page.keyboard.type('Tastatur');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Quartier');
  await page.keyboard.press('Enter');
  await expect(keywords).toBeFocused();
  const topics = page.getByRole('combobox', { name: 'Themen', exact: true });
  await tabTo(page, topics);
  await page.keyboard.type('mob');
  await expect(page.getByRole('option', { name: 'mobility' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(topics).toBeFocused();

  await tabTo(page, page.getByLabel('E-Mail für Rückfragen', { exact: true }));
  await page.keyboard.type('redaktion@example.org');
  await tabTo(page, page.getByLabel('Anzahl Wörter', { exact: true }));
  await page.keyboard.type('420');

  const date = page.getByRole('button', { name: 'Erscheinen am', exact: true });
  await tabTo(page, date);
  await page.keyboard.press('Enter');
  // The calendar opens as a dialog holding focus; Tab reaches the days, arrows move, Enter picks.
  const calendar = page.getByRole('dialog').filter({ has: page.locator('table') });
  await expect.poll(() => calendar.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const day = calendar.locator('table button[tabindex="0"]');
  if (!(await day.evaluate((el) => el === document.activeElement))) await tabTo(page, day, 6);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(date).toHaveText(/\d{2}\.\d{2}\.\d{4}/);
  // Picking a day gives focus back to the field's button (Mantine would leave it on the body).
  await expect(date).toBeFocused();
  await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();

  // Save: the confirmation is said once and focus stays on the button.
  const saveButton = page.getByRole('button', { name: 'Speichern', exact: true });
  await tabTo(page, saveButton, 80);
  await page.keyboard.press('Enter');
  await expectSuccess(page, 'Deine Änderungen sind gespeichert.');
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);
  await expect(saveButton).toBeFocused();

  // Propose: a new screen, its h1 focused and the title changed.
  await tabTo(page, page.getByRole('button', { name: 'Zur Moderation vorschlagen' }), 80);
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Beitrag vorgeschlagen');
  await expect(page.getByText('Dein Beitrag ist in Moderation')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Zurück zum Beitrag' }));
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Beitrag bearbeiten');
  await expect(page.getByText('Status: In Moderation')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(
    'Tastaturwege im Quartier',
  );
  await expect(page.getByRole('combobox', { name: 'Rubrik' })).toHaveValue('Lokales');
  await expect(page.getByText('Tastatur', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('mobility', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Anzahl Wörter', { exact: true })).toHaveValue('420');
});

test('a moderator logs in, finds a proposal, comments and publishes it with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Tastatur-Moderation ${Date.now()}`;
  await proposeArticle(title, 'Ein Beitrag, den die Moderation ohne Maus veröffentlicht.');

  await page.goto('login');
  await expect(page).toHaveTitle(/– Einwurf$/);
  await tabTo(page, page.getByLabel('Benutzername'));
  await page.keyboard.type(E2E_ADMIN.username);
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Passwort');
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/publish\/admin\/?$/);
  await expectArrivedAt(page, 'Übersicht');

  // The dashboard lists the proposal; its link leads to the moderation screen.
  await tabTo(page, page.getByRole('link', { name: `„${title}“ moderieren` }), 60);
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Beitrag moderieren');
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue(title);

  // A comment: subject, text, send; the list shows it.
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await tabTo(page, comments.getByRole('textbox', { name: 'Betreff' }), 120);
  await page.keyboard.type('Von Hand geprüft');
  await tabTo(page, comments.getByRole('textbox', { name: 'Kommentar' }), 3);
  await page.keyboard.type('Mit der Tastatur gelesen, alles gut.');
  const send = comments.getByRole('button', { name: 'Kommentar senden' });
  await tabTo(page, send, 5);
  await page.keyboard.press('Enter');
  await expect(comments.getByRole('listitem').filter({ hasText: 'Von Hand geprüft' })).toContainText(
    'von der Moderation',
  );
  // The send button, disabled while sending, gets focus back.
  await expect(send).toBeFocused();

  // Publish: the confirmation dialog takes focus, Enter on its button publishes.
  await tabTo(page, page.getByRole('button', { name: 'Veröffentlichen', exact: true }), 150, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Beitrag veröffentlichen?' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, dialog.getByRole('button', { name: 'Veröffentlichen' }), 10);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Der Beitrag ist veröffentlicht.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText('Vorgeschlagen → Veröffentlicht');
  await expect(page).toHaveTitle('Beitrag moderieren – Einwurf');
  // Known gap: the Publish button is gone once the entry is published, so the dialog has nowhere to
  // return focus to and it falls back to the page; no assertion pins that.
});
