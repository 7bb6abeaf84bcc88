// Steps the author journeys share: creating an entry from home, saving, and pictures to upload.
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { expectArrivedAt, expectSuccess } from './announce.ts';
import { expectNoAxeViolations, waitForSettledPage } from './axe.ts';

/**
 * From home: picks the type, chooses the password, waits for the challenge, confirms the password
 * and link are kept, and arrives on the edit page. Answers the permalink.
 */
export async function createEntry(page: Page, typeButton: string, password: string): Promise<string> {
  await page.goto('');
  await page.getByRole('button', { name: typeButton }).click();
  const startAnyway = page.getByRole('button', { name: 'Neuen Beitrag beginnen' });
  if (await startAnyway.isVisible().catch(() => false)) await startAnyway.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Neuen Beitrag anlegen' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Beitrag anlegen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort und Link sichern' })).toBeFocused();
  await expect(page).toHaveTitle('Passwort und Link sichern – Einwurf');
  await expectNoAxeViolations(page);
  const permalink = await page.getByRole('textbox', { name: 'Permalink' }).inputValue();
  expect(permalink).toMatch(/\/publish\/[a-z]+\/[A-Za-z0-9_-]{22,}$/);
  const next = page.getByRole('button', { name: 'Weiter zum Beitrag' });
  await expect(next).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Ich habe Passwort und Link gespeichert' }).check();
  await next.click();
  await expectArrivedAt(page, 'Beitrag bearbeiten');
  await expect(page.getByText('Status: Entwurf')).toBeVisible();
  return permalink;
}

/** Saves the edit page and waits for the confirmation, said once; focus stays on Save. */
export async function save(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Speichern', exact: true });
  await button.click();
  await expectSuccess(page, 'Deine Änderungen sind gespeichert.');
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);
  await expect(button).toBeFocused();
}

/**
 * Writes Markdown into a Markdown field through its source view (the page has one such field), and
 * waits until the rich editor shows it again and the page has settled: the editor's new height moves
 * the fields below it, and a dropdown opened while they move was once left where they had been.
 */
export async function fillMarkdown(page: Page, label: string, markdown: string): Promise<void> {
  await page.getByRole('button', { name: 'Quelltext', pressed: false }).click();
  const field = page.getByRole('textbox', { name: label, exact: true });
  await expect(field).toHaveJSProperty('tagName', 'TEXTAREA');
  await field.fill(markdown);
  await page.getByRole('button', { name: 'Quelltext', pressed: true }).click();
  await expect(field).toHaveAttribute('contenteditable', 'true');
  await waitForSettledPage(page);
}

/** Sets an image field's picture, uploaded without cropping, and waits until it is shown. */
export async function uploadImage(page: Page, label: string, name: string, png: Buffer): Promise<void> {
  await page.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType: 'image/png', buffer: png });
  const cropper = page.getByRole('dialog', { name: 'Bild zuschneiden' });
  await cropper.getByRole('button', { name: 'Ohne Zuschneiden hochladen' }).click();
  await expect(cropper).toBeHidden();
  await expect(page.getByRole('img', { name: `${label}: ${name}` })).toBeVisible();
}

/**
 * Fills every field of an article ("Artikel"), each through its widget, with `text` as its body,
 * and leaves it unsaved: title, lead, text, category, source, fact check, cover image, keywords,
 * topics, contact e-mail, word count, publication day and an attachment.
 */
export async function fillEveryArticleField(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Neue Velowege im Quartier');
  await page.getByRole('textbox', { name: 'Lead', exact: true }).fill('Die Stadt plant drei neue Velowege.');
  await fillMarkdown(page, 'Text', text);
  await page.getByRole('combobox', { name: 'Rubrik' }).click();
  await page.getByRole('option', { name: 'Lokales' }).click();
  await page.getByRole('textbox', { name: 'Quelle', exact: true }).fill('https://example.org/velowege');
  await page.getByLabel('Fakten geprüft').check();
  await uploadImage(page, 'Titelbild', 'velowege.png', gradientPng(120, 80));
  const keywords = page.getByRole('combobox', { name: 'Schlagwörter', exact: true });
  await keywords.fill('Velo');
  await keywords.press('Enter');
  await keywords.fill('Quartier');
  await keywords.press('Enter');
  await page.getByRole('combobox', { name: 'Themen', exact: true }).fill('mob');
  await page.getByRole('option', { name: 'Mobilität' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('E-Mail für Rückfragen', { exact: true }).fill('redaktion@example.org');
  await page.getByLabel('Anzahl Wörter', { exact: true }).fill('420');
  await page.getByRole('button', { name: 'Erscheinen am', exact: true }).click();
  await page.locator('table tbody button:not([data-outside])').nth(10).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Anhänge: Dateien auswählen' }).click();
  await (
    await chooser
  ).setFiles({ name: 'velowege.txt', mimeType: 'text/plain', buffer: Buffer.from('Drei neue Wege.\n') });
  await expect(page.getByRole('link', { name: 'velowege.txt', exact: true })).toBeVisible();
}

/**
 * Fills every field of an event ("Veranstaltung"), each through its widget, and saves: title, place,
 * description, start, programme (two lines), free entry, doors, last day, flyer, audience, phone,
 * keywords, access code, first day, end, expected load and calendar colour.
 */
export async function fillEveryEventField(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Quartierfest');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Schulhausplatz');
  await fillMarkdown(page, 'Beschreibung', 'Musik, Essen und **Spiele**.');
  await page.getByRole('button', { name: 'Beginn: Datum' }).click();
  await page.locator('table tbody button:not([data-outside])').nth(14).click();
  await page.getByRole('textbox', { name: 'Beginn: Uhrzeit (UTC)' }).fill('18:30');
  await page.getByRole('textbox', { name: 'Programm', exact: true }).fill('18:30 Apéro\n20:00 Konzert');
  await page.getByLabel('Eintritt frei').check();
  await page.getByLabel('Türöffnung', { exact: true }).fill('18:00');
  await page.getByRole('button', { name: 'Letzter Tag', exact: true }).click();
  await page.locator('table tbody button:not([data-outside])').nth(16).click();
  await uploadImage(page, 'Flyer', 'flyer.png', gradientPng(80, 120));
  await page.getByRole('combobox', { name: 'Publikum' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Erwachsene' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Telefon', { exact: true }).fill('+41 31 123 45 67');
  await page.getByLabel('Suchbegriffe', { exact: true }).fill('Fest Musik');
  await page.getByLabel('Zugangscode für Online-Teilnahme', { exact: true }).fill('fest-2026');
  await page.getByLabel('Erster Tag', { exact: true }).fill('2026-12-05');
  await page.getByLabel('Ende', { exact: true }).fill('23:30');
  await page.getByLabel('Erwartete Auslastung in Prozent', { exact: true }).fill('75');
  await page.getByLabel('Farbe im Kalender', { exact: true }).fill('#336699');
  await save(page);
}

/** A PNG of `width` × `height` pixels with a colour gradient, written without an image library. */
export function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows.set([(x * 255) / width, (y * 255) / height, 160], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
