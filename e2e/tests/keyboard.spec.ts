import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectArrivedAt, expectSuccess } from '../support/announce.ts';
import { proposeArticle } from '../support/author-api.ts';
import { gradientPng } from '../support/author.ts';
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
  const passed: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
    passed.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!el) return '(none)';
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${name}`;
      }),
    );
  }
  // On failure the message lists where focus went instead.
  await expect(target, `focus passed: ${passed.join(' | ')}`).toBeFocused();
}

const focused = (page: Page) => page.locator(':focus');

/** From the home page to the new entry's edit screen: type, password, proof of work, the saved link. */
async function createByKeyboard(page: Page, type: string): Promise<void> {
  await page.goto('');
  await expect(page).toHaveTitle('Beitrag vorschlagen – Einwurf');

  // Home: the type is a button reached by Tab.
  await tabTo(page, page.getByRole('button', { name: type }));
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
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort und Link sichern' })).toBeFocused({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle('Passwort und Link sichern – Einwurf');

  const checkbox = page.getByRole('checkbox', { name: 'Ich habe Passwort und Link gespeichert' });
  await tabTo(page, checkbox);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Weiter zum Beitrag' }));
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Beitrag bearbeiten');
}

/**
 * Opens a date field's calendar with Enter (a dialog holding focus), reaches the days with Tab, moves
 * with arrows and picks with Enter; focus returns to the field's button, which shows the date.
 */
async function pickDay(page: Page, field: Locator): Promise<void> {
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog').filter({ has: page.locator('table') });
  await expect.poll(() => calendar.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const day = calendar.locator('table button[tabindex="0"]');
  if (!(await day.evaluate((el) => el === document.activeElement))) await tabTo(page, day, 6);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(field).toHaveText(/\d{2}\.\d{2}\.\d{4}/);
  // Picking a day gives focus back to the field's button (Mantine would leave it on the body).
  await expect(field).toBeFocused();
}

/** In an open listbox, ArrowDown until `option` is the active one, then Enter picks it. */
async function chooseOption(page: Page, option: Locator): Promise<void> {
  await expect(option).toBeVisible();
  for (let i = 0; i < 10; i += 1) {
    if ((await option.getAttribute('data-combobox-selected')) !== null) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

test('an author creates an article, fills it, saves and proposes it with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createByKeyboard(page, 'Artikel');

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
  await chooseOption(page, page.getByRole('option', { name: 'Lokales' }));
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
  await expect(page.getByRole('option', { name: 'Mobilität' })).toBeVisible();
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
  await pickDay(page, date);
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
  await expect(page.getByText('Mobilität', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Anzahl Wörter', { exact: true })).toHaveValue('420');
});

test('an author fills every widget of an event with the keyboard alone and saves it', async ({ page }) => {
  test.setTimeout(120_000);
  await createByKeyboard(page, 'Veranstaltung');

  await tabTo(page, page.getByRole('textbox', { name: 'Titel', exact: true }));
  await page.keyboard.type('Quartierfest ohne Maus');

  // Date and time: the date from the calendar by keyboard, the time typed into its field.
  const startDate = page.getByRole('button', { name: 'Beginn: Datum', exact: true });
  await tabTo(page, startDate);
  await pickDay(page, startDate);
  // Past the date's clear button to the time.
  const startTime = page.getByRole('textbox', { name: 'Beginn: Uhrzeit (UTC)' });
  await tabTo(page, startTime, 3);
  await page.keyboard.type('1830');
  await expect(startTime).toHaveValue('18:30');

  // A time of its own, then a date alone.
  const doors = page.getByLabel('Türöffnung', { exact: true });
  await tabTo(page, doors);
  await page.keyboard.type('1800');
  await expect(doors).toHaveValue('18:00');
  const lastDay = page.getByRole('button', { name: 'Letzter Tag', exact: true });
  await tabTo(page, lastDay);
  await pickDay(page, lastDay);

  await tabTo(page, page.getByRole('textbox', { name: 'Ort', exact: true }));
  await page.keyboard.type('Schulhausplatz');
  const description = page.getByRole('textbox', { name: 'Beschreibung', exact: true });
  await tabTo(page, description);
  await page.keyboard.type('Musik, Essen und Spiele.');
  // Tab leaves the editor for the next field.
  await page.keyboard.press('Tab');
  const programme = page.getByRole('textbox', { name: 'Programm', exact: true });
  await expect(programme).toBeFocused();
  await page.keyboard.type('18:30 Apéro');
  await page.keyboard.press('Enter');
  await page.keyboard.type('20:00 Konzert');
  await expect(programme).toHaveValue('18:30 Apéro\n20:00 Konzert');

  // The image: its file field opens the chooser with Space (the system's dialog stands in for the
  // file); the cropper takes focus and uploads without cropping from its button.
  const flyer = page.getByLabel('Flyer', { exact: true });
  await tabTo(page, flyer);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'flyer.png', mimeType: 'image/png', buffer: gradientPng(80, 120) });
  const cropper = page.getByRole('dialog', { name: 'Bild zuschneiden' });
  await expect(cropper).toBeVisible();
  await expect.poll(() => cropper.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, cropper.getByRole('button', { name: 'Ohne Zuschneiden hochladen' }), 15, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(cropper).toBeHidden();
  await expect(page.getByRole('img', { name: 'Flyer: flyer.png' })).toBeVisible({ timeout: 30_000 });
  // The upload done, focus is on the image's Remove button (the file field it came from is gone).
  await expect(page.getByRole('button', { name: 'Bild entfernen' })).toBeFocused();

  // A multiple choice: opened with ArrowDown, picked with Enter, closed with Escape; focus stays.
  const audience = page.getByRole('combobox', { name: 'Publikum' });
  await tabTo(page, audience);
  await page.keyboard.press('ArrowDown');
  await chooseOption(page, page.getByRole('option', { name: 'Erwachsene' }));
  await page.keyboard.press('Escape');
  await expect(audience).toBeFocused();
  await expect(page.getByText('Erwachsene', { exact: true }).first()).toBeVisible();

  const free = page.getByRole('checkbox', { name: 'Eintritt frei' });
  await tabTo(page, free);
  await page.keyboard.press('Space');
  await expect(free).toBeChecked();

  // The plain inputs of every HTML type the type uses.
  for (const [label, typed, value] of [
    ['Telefon', '+41 31 123 45 67', '+41 31 123 45 67'],
    ['Suchbegriffe', 'Fest Musik', 'Fest Musik'],
    ['Zugangscode für Online-Teilnahme', 'fest-2026', 'fest-2026'],
    // Day and month alike: the segments' order is the browser's own.
    ['Erster Tag', '12122026', '2026-12-12'],
    // A morning time with its A: read alike on a 24-hour and a 12-hour clock.
    ['Ende', '0930A', '09:30'],
  ] as const) {
    const input = page.getByLabel(label, { exact: true });
    await tabTo(page, input);
    await page.keyboard.type(typed);
    await expect(input).toHaveValue(value);
  }
  // The range: End sets its maximum, arrows step down from there.
  const capacity = page.getByLabel('Erwartete Auslastung in Prozent', { exact: true });
  await tabTo(page, capacity);
  await page.keyboard.press('End');
  for (let i = 0; i < 25; i += 1) await page.keyboard.press('ArrowLeft');
  await expect(capacity).toHaveValue('75');
  // The colour is reached by Tab; its picker is the browser's own (outside the page).
  await tabTo(page, page.getByLabel('Farbe im Kalender', { exact: true }));

  const saveButton = page.getByRole('button', { name: 'Speichern', exact: true });
  await tabTo(page, saveButton, 80);
  await page.keyboard.press('Enter');
  await expectSuccess(page, 'Deine Änderungen sind gespeichert.');
  await expect(saveButton).toBeFocused();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Beitrag bearbeiten' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Beginn: Uhrzeit (UTC)' })).toHaveValue('18:30');
  await expect(page.getByRole('button', { name: 'Beginn: Datum', exact: true })).toHaveText(
    /\d{2}\.\d{2}\.\d{4}/,
  );
  await expect(page.getByRole('button', { name: 'Letzter Tag', exact: true })).toHaveText(
    /\d{2}\.\d{2}\.\d{4}/,
  );
  await expect(page.getByLabel('Türöffnung', { exact: true })).toHaveValue('18:00');
  await expect(page.getByRole('textbox', { name: 'Ort', exact: true })).toHaveValue('Schulhausplatz');
  await expect(page.getByRole('textbox', { name: 'Programm', exact: true })).toHaveValue(
    '18:30 Apéro\n20:00 Konzert',
  );
  await expect(page.getByRole('img', { name: 'Flyer: flyer.png' })).toBeVisible();
  await expect(page.getByText('Erwachsene', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Eintritt frei' })).toBeChecked();
  await expect(page.getByLabel('Telefon', { exact: true })).toHaveValue('+41 31 123 45 67');
  await expect(page.getByLabel('Erster Tag', { exact: true })).toHaveValue('2026-12-12');
  await expect(page.getByLabel('Ende', { exact: true })).toHaveValue('09:30');
  await expect(page.getByLabel('Erwartete Auslastung in Prozent', { exact: true })).toHaveValue('75');
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
  // The Publish button is gone once the entry is published: focus goes to the heading of the state
  // actions, and Tab reaches the actions the new state offers.
  await expect(page.getByRole('heading', { level: 2, name: 'Status ändern' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Ablehnen');

  // Reopen: the same, its confirmation with Enter, focus back on the heading, Publish offered again.
  await tabTo(page, page.getByRole('button', { name: 'Wieder öffnen', exact: true }), 3);
  await page.keyboard.press('Enter');
  const reopen = page.getByRole('dialog', { name: 'Beitrag wieder öffnen?' });
  await expect(reopen).toBeVisible();
  await expect.poll(() => reopen.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, reopen.getByRole('button', { name: 'Wieder öffnen' }), 10);
  await page.keyboard.press('Enter');
  await expect(reopen).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Der Beitrag ist wieder vorgeschlagen.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Status ändern' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Veröffentlichen');
});
