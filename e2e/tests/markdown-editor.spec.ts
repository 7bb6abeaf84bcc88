import { expect, test, type Locator, type Page } from '@playwright/test';
import { createEntry } from '../support/author.ts';
import { expectSuccess } from '../support/announce.ts';
import { expectNoAxeViolations, waitForSettledPage } from '../support/axe.ts';

// The Markdown editor on an author's article: a body written with every toolbar action, an image
// uploaded into the text and resized to 50 %, an embedded video, an emoji and a special character;
// the source view and back loses nothing; after saving and a reload the body is all there, and the
// preview renders it through the sanitizing pipeline. German UI, as a person would use it.

const PASSWORD = 'Editor-im-Quartier-2026';

/** A 1×1 PNG; the server checks the magic bytes and re-encodes images. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The editor's text area (a contenteditable named by the field's label). */
function editorArea(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Text', exact: true });
}

/** Back into the text, with the cursor at its end. */
async function toEnd(page: Page) {
  await editorArea(page).focus();
  await page.keyboard.press('Control+End');
}

/**
 * Selects `word` in the last paragraph (whose text is `line`) by keyboard: formatting a word typed
 * earlier keeps what is typed after it plain.
 */
async function selectWord(page: Page, line: string, word: string) {
  await toEnd(page);
  await page.keyboard.press('Home');
  const start = line.indexOf(word);
  for (let i = 0; i < start; i += 1) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < word.length; i += 1) await page.keyboard.press('Shift+ArrowRight');
}

/** Applies a toolbar toggle (bold, italic, …) to `word` of the last paragraph. */
async function formatWord(page: Page, line: string, word: string, toggle: string) {
  await selectWord(page, line, word);
  await page.getByRole('radio', { name: toggle, exact: true }).click();
}

async function chooseBlockType(page: Page, type: string) {
  await page.getByRole('combobox', { name: 'Absatzart' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await toEnd(page);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expectSuccess(page, 'Deine Änderungen sind gespeichert.');
}

/** The stored Markdown, as the source view shows it. */
async function sourceText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Quelltext', pressed: false }).click();
  const source = page.getByRole('textbox', { name: 'Text', exact: true });
  await expect(source).toHaveJSProperty('tagName', 'TEXTAREA');
  const text = await source.inputValue();
  await page.getByRole('button', { name: 'Quelltext', pressed: true }).click();
  await expect(editorArea(page)).toHaveAttribute('contenteditable', 'true');
  return text;
}

test('an author writes a rich body with every toolbar action and finds it again', async ({ page }) => {
  test.setTimeout(120_000);
  await createEntry(page, 'Artikel', PASSWORD);
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Velowege mit Bildern');
  await page.getByRole('textbox', { name: 'Lead', exact: true }).fill('Alles über die neuen Wege.');
  await page.getByRole('combobox', { name: 'Rubrik' }).click();
  await page.getByRole('option', { name: 'Lokales' }).click();

  const area = editorArea(page);
  await expect(area).toHaveAttribute('contenteditable', 'true');
  await expectNoAxeViolations(page);

  // Heading, then a paragraph with every inline format and a link.
  await area.click();
  await page.keyboard.type('Worum es geht');
  await chooseBlockType(page, 'Überschrift 2');
  await page.keyboard.press('Enter');
  const line = 'Drei neue und breite statt schmale Wege mit npm und einer Quelle';
  await page.keyboard.type(line);
  await formatWord(page, line, 'neue', 'Fett');
  await formatWord(page, line, 'breite', 'Kursiv');
  await formatWord(page, line, 'schmale', 'Durchgestrichen');
  await formatWord(page, line, 'npm', 'Code im Text');
  await selectWord(page, line, 'Quelle');
  await page.getByRole('button', { name: 'Link einfügen' }).click();
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill('https://example.org/velo');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Link übernehmen' }).click();
  await expect(area.getByRole('link', { name: 'Quelle' })).toBeVisible();
  await toEnd(page);

  // A bulleted list, a numbered list and a quote.
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Aufzählung' }).click();
  await toEnd(page);
  await page.keyboard.type('Erster Punkt');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Zweiter Punkt');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Nummerierte Liste' }).click();
  await toEnd(page);
  await page.keyboard.type('Schritt eins');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ein kluger Satz');
  await chooseBlockType(page, 'Zitat');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  // A special character and an emoji, by keyboard-reachable pickers.
  await page.keyboard.type('Zeichen: ');
  await page.getByRole('button', { name: 'Sonderzeichen einfügen' }).click();
  // The menu grows in and is taller than the room below its button: the item is scrolled to and
  // the menu left to settle first, or the click lands where the item was a frame earlier (once on
  // the page behind, which closed the menu).
  const dash = page.getByRole('menuitem', { name: /Geviertstrich/ });
  await dash.scrollIntoViewIfNeeded();
  await waitForSettledPage(page);
  await dash.click();
  await toEnd(page);
  await page.keyboard.type(' und ');
  await page.getByRole('button', { name: 'Emoji einfügen' }).click();
  const picker = page.getByRole('dialog', { name: 'Emoji einfügen' });
  await picker.getByRole('textbox', { name: 'Emoji suchen' }).fill('daumen hoch');
  await expect(picker.getByRole('button', { name: 'Daumen hoch' })).toBeVisible();
  await expectNoAxeViolations(page);
  await picker.getByRole('combobox', { name: 'Hautton' }).selectOption({ label: 'Mittel' });
  await picker.getByRole('button', { name: 'Daumen hoch' }).click();
  await expect(picker).toBeHidden();
  await toEnd(page);
  await page.keyboard.press('Enter');

  // An image uploaded into the text, then resized to 50 %.
  await page.getByRole('button', { name: 'Bild einfügen' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Bild einfügen' });
  await imageDialog.locator('input[type="file"]').setInputFiles({
    name: 'velo.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await imageDialog.getByRole('textbox', { name: 'Alternativtext (beschreibt das Bild)' }).fill('Ein Velo');
  await expectNoAxeViolations(page);
  await imageDialog.getByRole('button', { name: 'Einfügen' }).click();
  await expect(imageDialog).toBeHidden();
  const image = area.getByRole('img', { name: 'Ein Velo' });
  await expect(image).toBeVisible();
  await image.click();
  const imageTools = page.getByRole('group', { name: 'Bild «Ein Velo»' });
  await imageTools.getByRole('button', { name: '50 %' }).click();
  await expect(
    page.getByRole('group', { name: 'Bild «Ein Velo»' }).getByRole('button', { name: '50 %' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // An embedded video.
  await page.getByRole('button', { name: 'Video einbetten' }).click();
  const embedDialog = page.getByRole('dialog', { name: 'Video einbetten' });
  await embedDialog.getByRole('textbox', { name: 'Adresse des Videos' }).fill('https://youtu.be/dQw4w9WgXcQ');
  await expectNoAxeViolations(page);
  await embedDialog.getByRole('button', { name: 'Einbetten' }).click();
  await expect(embedDialog).toBeHidden();
  await expect(area.locator('iframe[src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toHaveCount(
    1,
  );

  // Everything is in the stored Markdown, and the source view and back changes nothing.
  const markdown = await sourceText(page);
  for (const part of [
    '## Worum es geht',
    '**neue**',
    '*breite*',
    '~~schmale~~',
    '`npm`',
    '[Quelle](https://example.org/velo)',
    '* Erster Punkt',
    '1. Schritt eins',
    '> Ein kluger Satz',
    'Zeichen: — und 👍🏽',
    'alt="Ein Velo" width="50%"',
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube-Video"',
  ]) {
    expect(markdown, part).toContain(part);
  }
  expect(markdown).toMatch(/<img src="\/api\/v1\/files\/[^"]+\/velo\.png"/);
  expect(await sourceText(page)).toBe(markdown);
  await expectNoAxeViolations(page);

  await save(page);
  await page.reload();
  await expect(editorArea(page)).toHaveAttribute('contenteditable', 'true');
  await expect(editorArea(page).getByRole('heading', { level: 2, name: 'Worum es geht' })).toBeVisible();
  expect(await sourceText(page)).toBe(markdown);

  await page.getByRole('button', { name: 'Vorschau' }).click();
  const preview = page.getByRole('dialog', { name: 'Vorschau' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Worum es geht' })).toBeVisible();
  await expect(preview.locator('img[alt="Ein Velo"]')).toHaveAttribute('width', '50%');
  await expect(preview.locator('iframe')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  );
  await expect(preview.locator('blockquote')).toContainText('Ein kluger Satz');
});

test('the editor works with the keyboard alone: Tab leaves it, lists indent by keys, the caret comes back after dialogs', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createEntry(page, 'Artikel', PASSWORD);
  const area = editorArea(page);
  await expect(area).toHaveAttribute('contenteditable', 'true');

  // Tab moves on to the next control and Shift+Tab back to the toolbar; neither types or indents.
  await area.focus();
  await page.keyboard.press('Tab');
  await expect(area).not.toBeFocused();
  await area.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Quelltext' })).toBeFocused();

  // A list: Alt+Shift+→ nests an item, the toolbar's button takes it back, Enter on an empty item
  // leaves the list.
  await area.focus();
  await page.keyboard.type('Vorweg');
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Aufzählung' }).click();
  await toEnd(page);
  await page.keyboard.type('Oben');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Darunter');
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect(area.locator('li li')).toHaveText('Darunter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Auch darunter');
  await page.getByRole('button', { name: /^Einzug verkleinern/ }).click();
  await expect(area).toBeFocused();
  await expect(area.locator('li li')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Danach');
  await expect(area.locator('p').last()).toHaveText('Danach');

  // The link dialog and the special characters menu, closed with Escape, give the caret back to the
  // text where it was.
  await page.getByRole('button', { name: 'Link einfügen' }).click();
  await expect(page.getByRole('dialog', { name: 'Link' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(area).toBeFocused();
  await page.keyboard.type(' und');
  await page.getByRole('button', { name: 'Sonderzeichen einfügen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(area).toBeFocused();
  await page.keyboard.type(' fertig');
  await expect(area.locator('p').last()).toHaveText('Danach und fertig');

  const markdown = await sourceText(page);
  expect(markdown).toContain('* Oben\n  * Darunter\n* Auch darunter');
  expect(markdown).toContain('Danach und fertig');
  expect(markdown).not.toContain('\t');
  await expectNoAxeViolations(page);
});
