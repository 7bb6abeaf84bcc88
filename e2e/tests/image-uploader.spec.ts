import { expect, test, type Page } from '@playwright/test';
import { createEntry, gradientPng, save } from '../support/author.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

// The cover image of an author's article: choose a picture, crop it to a square in the cropper, see
// it, save, find it again after a reload (served to its author), and remove it. German UI.

const PASSWORD = 'Titelbild-am-Rhein-2026';

/** The natural size of a shown image, once the browser has decoded it. */
async function naturalSizeOf(page: Page, name: string) {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

test('an author crops a cover image, keeps it across a reload and removes it', async ({ page }) => {
  await createEntry(page, 'Artikel', PASSWORD);
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Der Rhein im Abendlicht');

  const input = page.getByLabel('Titelbild', { exact: true });
  await expect(input).toHaveAttribute('accept', /\.png/);
  // The zone's file input is its one keyboard stop: Space opens the browser's file chooser.
  await input.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (
    await chooser
  ).setFiles({ name: 'abendlicht.png', mimeType: 'image/png', buffer: gradientPng(240, 160) });

  const cropper = page.getByRole('dialog', { name: 'Bild zuschneiden' });
  await expect(cropper.getByRole('group', { name: /Bildausschnitt/ })).toBeVisible();
  await cropper.getByText('1:1', { exact: true }).click();
  // Zoom by keyboard, as someone without a mouse would.
  await cropper.getByRole('slider', { name: 'Zoom' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(cropper.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuenow', '1.2');
  await expectNoAxeViolations(page);
  await cropper.getByRole('button', { name: 'Hochladen', exact: true }).click();
  await expect(cropper).toBeHidden();

  // The square section of the 240 × 160 picture, zoomed: at most 160 / 1.2 pixels a side.
  const shown = await naturalSizeOf(page, 'Titelbild: abendlicht.png');
  expect(shown.width).toBe(shown.height);
  expect(shown.width).toBeLessThanOrEqual(134);
  await expect(page.getByRole('button', { name: 'Bild entfernen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await save(page);

  await page.reload();
  const image = page.getByRole('img', { name: 'Titelbild: abendlicht.png' });
  const again = await naturalSizeOf(page, 'Titelbild: abendlicht.png');
  expect(again).toEqual(shown);
  const src = (await image.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/api\/v1\/files\/.+\/abendlicht\.png\?variant=preview$/);
  const fileUrl = src.replace(/\?variant=preview$/, '');

  // Served to its author (this browser's session): the preview and the stored PNG itself.
  const preview = await page.request.get(src);
  expect(preview.status()).toBe(200);
  expect(preview.headers()['content-type']).toMatch(/^image\//);
  const original = await page.request.get(fileUrl);
  expect(original.status()).toBe(200);
  expect(original.headers()['content-type']).toBe('image/png');

  await page.getByRole('button', { name: 'Bild entfernen' }).click();
  await expect(image).toBeHidden();
  await expect(page.getByLabel('Titelbild', { exact: true })).toBeEnabled();
  expect((await page.request.get(fileUrl)).status()).toBe(404);
  await save(page);
  await page.reload();
  await expect(page.getByLabel('Titelbild', { exact: true })).toBeEnabled();
  await expect(page.getByRole('img', { name: /^Titelbild/ })).toHaveCount(0);
});
