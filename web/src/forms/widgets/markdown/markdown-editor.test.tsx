import { useState } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@einwurf/contract';
import { showDangerToast, showWarningToast } from '../../../lib/notify';
import { renderWithForms } from '../../test-utils';
import type { FieldState } from '../../types';
import { StaticUploadProvider, type UploadContextValue } from '../../upload-context';
import MarkdownEditor from './markdown-editor';

vi.mock('../../../lib/notify', () => ({
  showDangerToast: vi.fn(),
  showWarningToast: vi.fn(),
  showSuccessToast: vi.fn(),
}));

const UPLOADS: UploadContextValue = {
  target: { role: 'anon', entryId: 'e1' },
  limits: { maxFileSize: 1_500_000, allowedExtensions: ['png', 'jpg', 'pdf'] },
};

type Options = {
  value?: string;
  uploads?: UploadContextValue;
  state?: FieldState;
  errors?: string[];
  language?: Locale;
};

function renderEditor({
  value = '',
  uploads = UPLOADS,
  state = 'neutral',
  errors = [],
  language,
}: Options = {}) {
  const onChange = vi.fn<(value: unknown) => void>();
  function Host() {
    const [current, setCurrent] = useState<unknown>(value);
    return (
      <StaticUploadProvider value={uploads}>
        <MarkdownEditor
          id="entry-body"
          value={current}
          onChange={(next) => {
            onChange(next);
            setCurrent(next);
          }}
          label="Text"
          help="Der Haupttext"
          errors={errors}
          state={state}
          disabled={false}
          element={{ scope: 'body', widget: 'markdown', label: { de: 'Text', 'de-CH': 'Text', en: 'Text' } }}
          schema={{ type: 'string' }}
        />
      </StaticUploadProvider>
    );
  }
  const view = renderWithForms(<Host />, { language });
  return { ...view, onChange, lastValue: () => onChange.mock.lastCall?.[0] };
}

type XhrAnswer = { status: number; body: unknown; location?: string };

/** Stubs XMLHttpRequest (uploads use it for progress) with one answer; records the URLs posted to. */
function stubUpload(answer: XhrAnswer) {
  const posted: string[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { addEventListener: () => {} };
    withCredentials = false;
    private listeners: Record<string, () => void> = {};
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    addEventListener(type: string, listener: () => void) {
      this.listeners[type] = listener;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'location' ? (answer.location ?? null) : null;
    }
    send() {
      posted.push(this.url);
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.listeners['load']?.();
      }, 0);
    }
    abort() {
      this.listeners['abort']?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showDangerToast).mockClear();
  vi.mocked(showWarningToast).mockClear();
});

const PNG = () => new File([new Uint8Array(2000)], 'bild.png', { type: 'image/png' });

/** Opens the image dialog, picks `file` and submits it. */
async function uploadThroughDialog(
  user: ReturnType<typeof userEvent.setup>,
  file: File,
  buttons = { open: 'Bild einfügen', insert: 'Einfügen' },
) {
  await user.click(await screen.findByRole('button', { name: buttons.open }));
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, file);
  await user.click(within(dialog).getByRole('button', { name: buttons.insert }));
  return dialog;
}

// MDXEditor and Lexical are heavy for jsdom on a shared two-core machine; the defaults cut tests short.
describe('markdown editor', { timeout: 30_000 }, () => {
  it('renders the stored Markdown as rich text, named by the label', async () => {
    renderEditor({ value: '## Titel\n\nEin **fetter** Satz.' });
    const area = await screen.findByRole('textbox', { name: 'Text' });
    expect(within(area).getByRole('heading', { level: 2, name: 'Titel' })).toBeInTheDocument();
    expect(within(area).getByText('fetter').tagName).toBe('STRONG');
  });

  it('is neutral, valid or invalid like the other fields, with its errors linked', async () => {
    const neutral = renderEditor({ value: 'x' });
    const area = await screen.findByRole('textbox', { name: 'Text' });
    const frame = neutral.container.querySelector('[data-state]');
    expect(frame).toHaveAttribute('data-state', 'neutral');
    expect(area).not.toHaveAttribute('aria-invalid');
    expect(area).toHaveAttribute('aria-describedby', 'entry-body-description');
    neutral.unmount();

    const valid = renderEditor({ value: 'x', state: 'valid' });
    await screen.findByRole('textbox', { name: 'Text' });
    expect(valid.container.querySelector('[data-state]')).toHaveAttribute('data-state', 'valid');
    valid.unmount();

    const invalid = renderEditor({ value: '', state: 'invalid', errors: ['Pflichtfeld'] });
    const invalidArea = await screen.findByRole('textbox', { name: 'Text' });
    expect(invalid.container.querySelector('[data-state]')).toHaveAttribute('data-state', 'invalid');
    expect(invalidArea).toHaveAttribute('aria-invalid', 'true');
    expect(invalidArea).toHaveAccessibleDescription('Der Haupttext Pflichtfeld');
  });

  it('switches to the source and back without changing the stored Markdown', async () => {
    const user = userEvent.setup();
    const stored =
      '## Titel\n\nMit *Betonung* und <img src="/api/v1/files/f1/a.png" alt="a" width="50%" /> Bild.\n\n<iframe src="https://player.vimeo.com/video/42" title="Video"></iframe>';
    const { onChange } = renderEditor({ value: stored });
    await screen.findByRole('textbox', { name: 'Text' });
    await user.click(screen.getByRole('button', { name: 'Quelltext' }));
    const source = screen.getByRole('textbox', { name: 'Text' });
    expect(source.tagName).toBe('TEXTAREA');
    expect(source).toHaveValue(stored);
    await user.click(screen.getByRole('button', { name: 'Quelltext', pressed: true }));
    const area = await screen.findByRole('textbox', { name: 'Text' });
    expect(area).toHaveAttribute('contenteditable', 'true');
    expect(within(area).getByRole('heading', { name: 'Titel' })).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes edits made in the source and shows them in the rich view', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor({ value: 'Alt' });
    await screen.findByRole('textbox', { name: 'Text' });
    await user.click(screen.getByRole('button', { name: 'Quelltext' }));
    const source = screen.getByRole('textbox', { name: 'Text' });
    await user.clear(source);
    await user.type(source, '### Neu{enter}{enter}- eins');
    expect(lastValue()).toBe('### Neu\n\n- eins');
    await user.click(screen.getByRole('button', { name: 'Quelltext', pressed: true }));
    const area = await screen.findByRole('textbox', { name: 'Text' });
    expect(await within(area).findByRole('heading', { level: 3, name: 'Neu' })).toBeInTheDocument();
    expect(within(area).getByRole('listitem')).toHaveTextContent('eins');
  });

  it('inserts a special character from the menu', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor({ value: 'Von A nach B' });
    await screen.findByRole('textbox', { name: 'Text' });
    await user.click(screen.getByRole('button', { name: 'Sonderzeichen einfügen' }));
    await user.click(await screen.findByRole('menuitem', { name: /Geviertstrich/ }));
    await waitFor(() => expect(lastValue()).toBe('Von A nach B—'));
  });

  it('works by keyboard: the special characters menu and the emoji picker open and insert', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor({ value: 'Preis' });
    await screen.findByRole('textbox', { name: 'Text' });
    screen.getByRole('button', { name: 'Sonderzeichen einfügen' }).focus();
    await user.keyboard('{Enter}');
    // Opened by keyboard, the menu puts focus on its first character.
    const first = await screen.findByRole('menuitem', { name: /^«\s*Guillemet links$/ });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastValue()).toBe('Preis«'));

    screen.getByRole('button', { name: 'Emoji einfügen' }).focus();
    await user.keyboard('{Enter}');
    const picker = await screen.findByRole('dialog', { name: 'Emoji einfügen' });
    const search = await within(picker).findByRole('textbox', { name: 'Emoji suchen' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('grinsendes gesicht mit großen augen');
    // Past the skin tone (the category is off while searching) to the first result.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName(/grinsendes Gesicht mit großen Augen/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastValue()).toBe('Preis«😃'));
  });

  it('finds emoji by their German title and inserts one in the chosen skin tone', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor({ value: 'Hallo' });
    await screen.findByRole('textbox', { name: 'Text' });
    await user.click(screen.getByRole('button', { name: 'Emoji einfügen' }));
    const picker = await screen.findByRole('dialog', { name: 'Emoji einfügen' });
    const category = await within(picker).findByRole('combobox', { name: 'Kategorie' });
    expect(within(category).getByRole('option', { name: 'Tiere und Natur' })).toBeInTheDocument();
    await user.type(within(picker).getByRole('textbox', { name: 'Emoji suchen' }), 'winkende');
    expect(within(picker).getByRole('button', { name: 'winkende Hand' })).toHaveTextContent('👋');
    await user.selectOptions(within(picker).getByRole('combobox', { name: 'Hautton' }), 'Mittel');
    expect(within(picker).getByRole('button', { name: 'winkende Hand' })).toHaveTextContent('👋🏽');
    await user.click(within(picker).getByRole('button', { name: 'winkende Hand' }));
    await waitFor(() => expect(lastValue()).toBe('Hallo👋🏽'));
    expect(screen.queryByRole('dialog', { name: 'Emoji einfügen' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches the emoji search', async () => {
    const user = userEvent.setup();
    renderEditor({ language: 'en' });
    await screen.findByRole('textbox', { name: 'Text' });
    await user.click(screen.getByRole('button', { name: 'Insert emoji' }));
    const picker = await screen.findByRole('dialog', { name: 'Insert emoji' });
    await user.type(await within(picker).findByRole('textbox', { name: 'Search emoji' }), 'qqqzzz');
    expect(within(picker).getByText('No emoji found.')).toBeInTheDocument();
  });

  it('refuses to upload without an entry id', async () => {
    const user = userEvent.setup();
    const posted = stubUpload({ status: 201, body: {} });
    const { onChange } = renderEditor({ uploads: { ...UPLOADS, target: null }, language: 'en' });
    await screen.findByRole('textbox', { name: 'Text' });
    const dialog = await uploadThroughDialog(user, PNG(), { open: 'Insert image', insert: 'Insert' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No cpt defined, unable to upload file',
    );
    expect(showDangerToast).toHaveBeenCalledWith(
      'Image not uploaded',
      'No cpt defined, unable to upload file',
    );
    expect(posted).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file past the size limit with the warning toast', async () => {
    const user = userEvent.setup();
    const posted = stubUpload({ status: 201, body: {} });
    renderEditor({ language: 'en' });
    await screen.findByRole('textbox', { name: 'Text' });
    const big = new File([new Uint8Array(1_500_001)], 'gross.png', { type: 'image/png' });
    const dialog = await uploadThroughDialog(user, big, { open: 'Insert image', insert: 'Insert' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('File too large, max size is 1.50 MB');
    expect(showWarningToast).toHaveBeenCalledTimes(1);
    expect(posted).toEqual([]);
  });

  it.each([
    ['anon', 'Anon, Server did not accept file; The file type is not allowed.', '/api/v1/anon/e1/files'],
    [
      'mod',
      'Mod, Server did not accept file; The file type is not allowed.',
      '/api/v1/admin/collection/entry/e1/files',
    ],
  ] as const)('shows a server refusal to %s as a danger toast', async (role, message, url) => {
    const user = userEvent.setup();
    const posted = stubUpload({
      status: 422,
      body: { error: { code: 'VALIDATION', message: 'The file type is not allowed.' } },
    });
    renderEditor({ uploads: { ...UPLOADS, target: { role, entryId: 'e1' } }, language: 'en' });
    await screen.findByRole('textbox', { name: 'Text' });
    const dialog = await uploadThroughDialog(user, PNG(), { open: 'Insert image', insert: 'Insert' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(showDangerToast).toHaveBeenCalledWith('Image not uploaded', message);
    expect(posted).toEqual([url]);
  });

  it('translates the refusal for German readers', async () => {
    const user = userEvent.setup();
    stubUpload({ status: 422, body: { error: { code: 'VALIDATION', message: 'Falscher Typ' } } });
    renderEditor({ language: 'de-CH', uploads: { ...UPLOADS, target: { role: 'mod', entryId: 'e1' } } });
    await screen.findByRole('textbox', { name: 'Text' });
    await uploadThroughDialog(user, PNG());
    await waitFor(() =>
      expect(showDangerToast).toHaveBeenCalledWith(
        'Bild nicht hochgeladen',
        'Mod, der Server hat die Datei nicht angenommen; Falscher Typ',
      ),
    );
  });

  it('inserts an uploaded image by its file URL at the chosen preset width', async () => {
    const user = userEvent.setup();
    const url = '/api/v1/files/f1/bild.png';
    stubUpload({ status: 201, body: { id: 'f1', name: 'bild.png', url }, location: url });
    const { lastValue } = renderEditor({ value: 'Vorher' });
    await screen.findByRole('textbox', { name: 'Text' });
    await user.click(screen.getByRole('button', { name: 'Bild einfügen' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, PNG());
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Alternativtext (beschreibt das Bild)' }),
      'Ein "Bild"',
    );
    await user.click(within(dialog).getByRole('radio', { name: '50 %' }));
    await user.click(within(dialog).getByRole('button', { name: 'Einfügen' }));
    await waitFor(() =>
      expect(lastValue()).toBe(`Vorher<img src="${url}" alt="Ein &quot;Bild&quot;" width="50%" />`),
    );
  });

  it('embeds a YouTube video as a privacy-friendly player iframe and refuses other addresses', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor({ value: 'Text' });
    await screen.findByRole('textbox', { name: 'Text' });
    await user.click(screen.getByRole('button', { name: 'Video einbetten' }));
    const dialog = await screen.findByRole('dialog');
    const address = within(dialog).getByRole('textbox', { name: 'Adresse des Videos' });
    await user.type(address, 'https://evil.example/watch?v=dQw4w9WgXcQ');
    await user.click(within(dialog).getByRole('button', { name: 'Einbetten' }));
    expect(address).toHaveAccessibleDescription(/keine Video-Adresse/);
    await user.clear(address);
    await user.type(address, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await user.click(within(dialog).getByRole('button', { name: 'Einbetten' }));
    await waitFor(() =>
      expect(lastValue()).toContain(
        '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube-Video" width="560" height="315" />',
      ),
    );
  });

  it('turns the block at the cursor into a heading or a quote by the block type select', async () => {
    // Lexical scrolls the focused editor's cursor into view by its Range's box, which jsdom lacks.
    Range.prototype.getBoundingClientRect = () => new DOMRect();
    onTestFinished(() => {
      delete (Range.prototype as Partial<Range>).getBoundingClientRect;
    });
    const user = userEvent.setup();
    const { lastValue } = renderEditor({ value: 'Worum es geht' });
    const area = await screen.findByRole('textbox', { name: 'Text' });
    await user.click(within(area).getByText('Worum es geht'));
    const select = screen.getByRole('combobox', { name: 'Absatzart' });
    // The toolbar follows the cursor in an effect, which Preact runs after the paint.
    await waitFor(() => expect(select).toHaveValue('Absatz'));
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Überschrift 2' }));
    await waitFor(() => expect(lastValue()).toBe('## Worum es geht'));
    await waitFor(() => expect(select).toHaveValue('Überschrift 2'));
    // By keyboard: the select opens with the arrow keys and takes the highlighted option on Enter.
    select.focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(lastValue()).toBe('> Worum es geht'));
  });

  it('links by its own dialog, opened from the toolbar or by Ctrl+K', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor({ value: 'Text' });
    const area = await screen.findByRole('textbox', { name: 'Text' });
    await user.click(screen.getByRole('button', { name: 'Link einfügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link' });
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://example.org/velo');
    await user.type(within(dialog).getByRole('textbox', { name: 'Titel (optional)' }), 'Velo');
    await user.click(within(dialog).getByRole('button', { name: 'Link übernehmen' }));
    await waitFor(() =>
      expect(lastValue()).toContain('[https://example.org/velo](https://example.org/velo "Velo")'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // With the cursor in the link, the dialog edits it and can remove it.
    await user.click(within(area).getByRole('link'));
    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Link' });
    expect(within(again).getByRole('textbox', { name: 'URL' })).toHaveValue('https://example.org/velo');
    await user.click(within(again).getByRole('button', { name: 'Link entfernen' }));
    await waitFor(() => expect(lastValue()).toBe('Texthttps://example.org/velo'));
  });

  it('lets Tab and Shift+Tab leave the text instead of typing or indenting', async () => {
    const user = userEvent.setup();
    const { onChange } = renderEditor({ value: '- eins\n- zwei' });
    const area = await screen.findByRole('textbox', { name: 'Text' });
    area.focus();
    expect(area).toHaveFocus();
    await user.tab();
    expect(area).not.toHaveFocus();
    area.focus();
    await user.tab({ shift: true });
    expect(area).not.toHaveFocus();
    expect(document.activeElement?.closest('[role="toolbar"]')).not.toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers indentation in the toolbar, with its keys named', async () => {
    renderEditor({ value: '- eins' });
    await screen.findByRole('textbox', { name: 'Text' });
    expect(screen.getByRole('button', { name: 'Einzug vergrößern (Alt+Umschalt+→)' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Alt+Shift+ArrowRight Control+]',
    );
    expect(screen.getByRole('button', { name: 'Einzug verkleinern (Alt+Umschalt+←)' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Alt+Shift+ArrowLeft Control+[',
    );
  });

  it.each([
    ['an event handler', '<div onmouseover="alert(1)">x</div>'],
    ['a script', 'Text <script src="https://evil.example/x.js"></script>'],
    ['an iframe from another host', '<iframe src="javascript:alert(1)" />'],
    ['a link element with a javascript: URL', 'Hier <a href="javascript:alert(1)">klicken</a>'],
  ])('never renders raw HTML with %s, and opens the source view instead', async (_name, stored) => {
    const { onChange } = renderEditor({ value: stored });
    const source = await screen.findByRole('textbox', { name: 'Text' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Text' }).tagName).toBe('TEXTAREA'));
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue(stored);
    expect(screen.getByRole('status')).toHaveTextContent('Markup, das der Editor nicht darstellen kann');
    expect(
      document.querySelector(
        '[contenteditable] script, [contenteditable] [onmouseover], [contenteditable] a[href^="javascript"], [contenteditable] iframe',
      ),
    ).toBeNull();
    expect(source).toBeDefined();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows an allowed player with its safe attributes only', async () => {
    renderEditor({
      value:
        '<iframe src="https://player.vimeo.com/video/42" title="Vimeo-Video" width="560" onload="alert(1)" srcdoc="x" />',
    });
    const area = await screen.findByRole('textbox', { name: 'Text' });
    const frame = await waitFor(() => {
      const found = area.querySelector('iframe');
      if (!found) throw new Error('no iframe yet');
      return found;
    });
    expect(frame.getAttribute('src')).toBe('https://player.vimeo.com/video/42');
    // Lexical adds dir to every block it renders.
    expect(
      frame
        .getAttributeNames()
        .filter((name) => name !== 'dir')
        .sort(),
    ).toEqual(['src', 'title', 'width']);
  });
});
