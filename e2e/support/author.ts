// Steps the author journeys share: creating an entry from home, saving, and pictures to upload.
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { expectArrivedAt, expectSuccess } from './announce.ts';
import { expectNoAxeViolations } from './axe.ts';

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

/** Writes Markdown into a Markdown field through its source view (the page has one such field). */
export async function fillMarkdown(page: Page, label: string, markdown: string): Promise<void> {
  await page.getByRole('button', { name: 'Quelltext', pressed: false }).click();
  const source = page.getByRole('textbox', { name: label, exact: true });
  await expect(source).toHaveJSProperty('tagName', 'TEXTAREA');
  await source.fill(markdown);
  await page.getByRole('button', { name: 'Quelltext', pressed: true }).click();
}

/** Sets an image field's picture, uploaded without cropping, and waits until it is shown. */
export async function uploadImage(page: Page, label: string, name: string, png: Buffer): Promise<void> {
  await page.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType: 'image/png', buffer: png });
  const cropper = page.getByRole('dialog', { name: 'Bild zuschneiden' });
  await cropper.getByRole('button', { name: 'Ohne Zuschneiden hochladen' }).click();
  await expect(cropper).toBeHidden();
  await expect(page.getByRole('img', { name: `${label}: ${name}` })).toBeVisible();
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
