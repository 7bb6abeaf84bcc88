import { expect, test, type Page } from '@playwright/test';
import { createEntry } from '../support/author.ts';
import { expectSuccess } from '../support/announce.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

// The file uploader on an author's article: upload two files, open one, rename one, remove one, save
// and find the list again after a reload; a file past the server's size limit is refused in the
// browser with the warning. German UI, as a person would use it.

const PASSWORD = 'Anhang-im-Quartier-2026';
/** The server's default EINWURF_MAX_FILE_SIZE (server/src/config.ts); the journeys' server keeps it. */
const DEFAULT_MAX_FILE_SIZE = 10_000_000;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);
const TXT = Buffer.from('Notizen zu den Velowegen im Quartier.\n');

/** Picks files through the uploader's button and the browser's file chooser. */
async function pickFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Anhänge: Dateien auswählen' }).click();
  await (await chooser).setFiles(files);
}

function attachments(page: Page) {
  return page.getByRole('list', { name: 'Anhänge' });
}

test('an author uploads, opens, renames and removes attachments, and finds them after a reload', async ({
  page,
}) => {
  await createEntry(page, 'Artikel', PASSWORD);
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Velowege mit Anhang');
  await expect(attachments(page)).toContainText('Keine Dateien angehängt.');

  await pickFiles(page, [
    { name: 'velowege.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'notizen.txt', mimeType: 'text/plain', buffer: TXT },
  ]);
  const pdfLink = attachments(page).getByRole('link', { name: 'velowege.pdf', exact: true });
  const txtLink = attachments(page).getByRole('link', { name: 'notizen.txt', exact: true });
  await expect(pdfLink).toBeVisible();
  await expect(txtLink).toBeVisible();
  await expect(page.getByRole('list', { name: 'Laufende Uploads' })).toHaveCount(0);
  await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();
  await expectNoAxeViolations(page);

  // Each name is a link that opens the stored file, byte for byte.
  const pdfUrl = await pdfLink.getAttribute('href');
  const opened = await page.request.get(new URL(pdfUrl!, page.url()).href);
  expect(opened.status()).toBe(200);
  expect(Buffer.from(await opened.body()).equals(PDF)).toBe(true);

  // A type the server does not take is refused in the browser with a message.
  await pickFiles(page, [{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: TXT }]);
  await expect(
    page.getByRole('alert').filter({ hasText: '„setup.exe“ wurde nicht hochgeladen' }),
  ).toBeVisible();

  // Rename: the name without its extension; the extension stays.
  await page.getByRole('button', { name: 'notizen.txt umbenennen' }).click();
  const newName = page.getByRole('textbox', { name: 'Neuer Name für notizen.txt' });
  await expect(newName).toHaveValue('notizen');
  await expect(page.getByText('Die Endung „.txt“ bleibt erhalten.')).toBeVisible();
  await expectNoAxeViolations(page);
  await newName.fill('Notizen zum Quartier');
  await newName.press('Enter');
  const renamed = attachments(page).getByRole('link', { name: 'Notizen zum Quartier.txt', exact: true });
  await expect(renamed).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notizen zum Quartier.txt umbenennen' })).toBeFocused();

  // Remove: off the list at once, and gone on the server.
  await page.getByRole('button', { name: 'velowege.pdf entfernen' }).click();
  await expect(pdfLink).toHaveCount(0);
  await expect
    .poll(async () => (await page.request.get(new URL(pdfUrl!, page.url()).href)).status())
    .toBe(404);

  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expectSuccess(page, 'Deine Änderungen sind gespeichert.');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Titel', exact: true })).toHaveValue('Velowege mit Anhang');
  await expect(attachments(page).getByRole('link')).toHaveText(['Notizen zum Quartier.txt']);
  const kept = await renamed.getAttribute('href');
  const reopened = await page.request.get(new URL(kept!, page.url()).href);
  expect(reopened.status()).toBe(200);
  expect(await reopened.text()).toBe(TXT.toString());
  await expectNoAxeViolations(page);
});

test('a file past the size limit shows the warning and is not uploaded', async ({ page }) => {
  await createEntry(page, 'Artikel', PASSWORD);
  let uploads = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/files')) uploads += 1;
  });
  await pickFiles(page, [
    { name: 'gross.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(DEFAULT_MAX_FILE_SIZE + 500_000) },
  ]);
  const warning = page.getByRole('alert').filter({ hasText: 'Datei zu groß' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Die Datei hat 10,50 MB, erlaubt sind höchstens 10,00 MB.');
  await expectNoAxeViolations(page);
  await expect(attachments(page)).toContainText('Keine Dateien angehängt.');
  expect(uploads).toBe(0);
});
