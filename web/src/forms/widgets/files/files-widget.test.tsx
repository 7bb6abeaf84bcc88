import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { errorResponse, mockApi } from '../../../test/mock-api';
import { FakeXhr, LIMITS, fileOf, renderFilesField, storedFile, stubXhr } from './test-support';

const PDF = '/api/v1/files/f1/bericht.pdf';
const TXT = '/api/v1/files/f2/notizen.txt';
const PNG = '/api/v1/files/f3/plan%20neu.png';

beforeEach(() => stubXhr());
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function attachedNames() {
  const list = screen.getByRole('list', { name: 'Anhänge' });
  return within(list)
    .queryAllByRole('link')
    .map((link) => link.textContent);
}

/** The bordered area that takes dropped files, found by the words it shows. */
function dropZone(): HTMLElement {
  const zone = screen
    .getByText('Ziehe Dateien hierher oder wähle sie aus.')
    .closest<HTMLElement>('.mantine-Paper-root');
  if (!zone) throw new Error('no drop zone');
  return zone;
}

function lastUpload(): FakeXhr {
  const xhr = FakeXhr.sent.at(-1);
  if (!xhr) throw new Error('nothing was uploaded');
  return xhr;
}

describe('files widget: the list', () => {
  it('shows each file by the decoded text after its last slash, as a link that opens it', () => {
    renderFilesField({ value: [PDF, PNG] });
    expect(attachedNames()).toEqual(['bericht.pdf', 'plan neu.png']);
    const link = screen.getByRole('link', { name: 'plan neu.png' });
    expect(link).toHaveAttribute('href', PNG);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleDescription('Öffnet die Datei in einem neuen Tab.');
    expect(screen.getByRole('button', { name: 'plan neu.png umbenennen' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'plan neu.png entfernen' })).toBeEnabled();
  });

  it('says when no file is attached, and which files it takes up to which size', () => {
    const { container, fileInput } = renderFilesField();
    expect(screen.getByText('Keine Dateien angehängt.')).toBeVisible();
    expect(screen.getByText('Erlaubt: .pdf, .txt, .png; höchstens 1,00 MB pro Datei.')).toBeVisible();
    expect(fileInput()).toHaveAttribute('accept', '.pdf,.txt,.png');
    expect(fileInput()).toHaveAttribute('multiple');
    expect(screen.getByRole('button', { name: 'Anhänge: Dateien auswählen' })).toHaveAccessibleDescription(
      'Erlaubt: .pdf, .txt, .png; höchstens 1,00 MB pro Datei.',
    );
    expect(container.querySelector('[data-field="attachments"]')).toHaveAttribute('data-state', 'neutral');
  });

  it('shows the schema errors under the field and is marked invalid', () => {
    const { container } = renderFilesField({
      value: [PDF],
      errors: [
        { field: 'attachments', keyword: 'minItems', message: 'validation.minItems', params: { limit: 2 } },
      ],
    });
    expect(container.querySelector('[data-field="attachments"]')).toHaveAttribute('data-state', 'invalid');
    const group = screen.getByRole('group', { name: 'Anhänge' });
    expect(group).toHaveAccessibleDescription(/mindestens 2/);
  });

  it('without an entry to upload to, says files come once the entry is saved', () => {
    renderFilesField({ target: null, value: [PDF] });
    expect(screen.getByText('Dateien kannst du anhängen, sobald der Beitrag gespeichert ist.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Dateien auswählen/ })).not.toBeInTheDocument();
    expect(attachedNames()).toEqual(['bericht.pdf']);
  });

  it('waits for the limits before it takes files', () => {
    renderFilesField({ limits: undefined });
    expect(screen.getByText('Die erlaubten Dateitypen werden geladen …')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Anhänge: Dateien auswählen' })).toBeDisabled();
  });

  it('disables every control when the form is disabled', () => {
    renderFilesField({ value: [PDF], disabled: true });
    expect(screen.getByRole('button', { name: 'Anhänge: Dateien auswählen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'bericht.pdf umbenennen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'bericht.pdf entfernen' })).toBeDisabled();
  });
  it("is usable by keyboard: each file's link, rename and remove, then the file picker", async () => {
    const user = userEvent.setup();
    renderFilesField({ value: [PDF] });
    await user.tab();
    expect(screen.getByRole('link', { name: 'bericht.pdf' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'bericht.pdf umbenennen' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'bericht.pdf entfernen' })).toHaveFocus();
    await user.tab();
    const pick = screen.getByRole('button', { name: 'Anhänge: Dateien auswählen' });
    expect(pick).toHaveFocus();
    const opened = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.contexts[0]).toHaveAttribute('type', 'file');
    opened.mockRestore();
  });
});

describe('files widget: uploading', () => {
  it('uploads each picked file with its own progress and adds its URL when stored', async () => {
    const user = userEvent.setup();
    const { attachments, fileInput, container } = renderFilesField({ value: [PDF] });
    await user.upload(fileInput(), [fileOf('notizen.txt'), fileOf('plan.png')]);

    expect(FakeXhr.sent.map((xhr) => [xhr.method, xhr.url, xhr.fileName])).toEqual([
      ['POST', '/api/v1/anon/e1/files', 'notizen.txt'],
      ['POST', '/api/v1/anon/e1/files', 'plan.png'],
    ]);
    const uploads = screen.getByRole('list', { name: 'Laufende Uploads' });
    expect(within(uploads).getAllByRole('listitem')).toHaveLength(2);
    act(() => FakeXhr.sent[1]!.progress(30, 100));
    expect(screen.getByText('Wird hochgeladen: 30 %')).toBeVisible();
    expect(
      screen.getByRole('progressbar', { name: 'Fortschritt beim Hochladen von plan.png' }),
    ).toHaveAttribute('aria-valuenow', '30');
    expect(
      screen.getByRole('progressbar', { name: 'Fortschritt beim Hochladen von notizen.txt' }),
    ).toHaveAttribute('aria-valuenow', '0');

    // Both answer in the same moment, the second first: each joins the list, in the order they finished.
    await act(async () => {
      FakeXhr.sent[1]!.respond(201, storedFile('f3', 'plan.png'), { Location: '/api/v1/files/f3/plan.png' });
      FakeXhr.sent[0]!.respond(201, storedFile('f2', 'notizen.txt'));
    });
    await waitFor(() => expect(attachments()).toEqual([PDF, '/api/v1/files/f3/plan.png', TXT]));
    expect(attachedNames()).toEqual(['bericht.pdf', 'plan.png', 'notizen.txt']);
    expect(screen.queryByRole('list', { name: 'Laufende Uploads' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('notizen.txt wurde angehängt.');
    expect(container.querySelector('[data-field="attachments"]')).toHaveAttribute('data-state', 'valid');
  });

  it('uploads through the moderation endpoint in a moderation form', async () => {
    const user = userEvent.setup();
    const { fileInput } = renderFilesField({ target: { role: 'mod', entryId: 'e7' } });
    await user.upload(fileInput(), fileOf('bericht.pdf'));
    expect(lastUpload().url).toBe('/api/v1/admin/collection/entry/e7/files');
  });

  it('takes files dropped on it', async () => {
    const { attachments } = renderFilesField();
    const zone = dropZone();
    const dataTransfer = { files: [fileOf('notizen.txt')], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragOver(zone, { dataTransfer });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    // jsdom has no DragEvent; a MouseEvent carries the relatedTarget a browser's dragleave has.
    const leaveTo = (to: Element) =>
      fireEvent(zone, new MouseEvent('dragleave', { bubbles: true, relatedTarget: to }));
    leaveTo(screen.getByText('Ziehe Dateien hierher oder wähle sie aus.'));
    expect(zone).toHaveAttribute('data-dragging', 'true');
    leaveTo(document.body);
    expect(zone).not.toHaveAttribute('data-dragging');
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    expect(zone).not.toHaveAttribute('data-dragging');
    expect(lastUpload().fileName).toBe('notizen.txt');
    act(() => lastUpload().respond(201, storedFile('f2', 'notizen.txt')));
    await waitFor(() => expect(attachments()).toEqual([TXT]));
  });

  it('refuses a type that is not configured with a message, and uploads the others', async () => {
    renderFilesField();
    const zone = dropZone();
    const files = [fileOf('setup.exe'), fileOf('README'), fileOf('bericht.pdf')];
    fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } });
    expect(FakeXhr.sent.map((xhr) => xhr.fileName)).toEqual(['bericht.pdf']);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(
      '„setup.exe“ wurde nicht hochgeladen: Dateien mit der Endung „.exe“ sind nicht erlaubt.',
    );
    expect(notice).toHaveTextContent(
      '„README“ wurde nicht hochgeladen: Dateien ohne Endung sind nicht erlaubt.',
    );
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Hinweise schließen' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a file past the size limit with the warning toast, resets the input and sends nothing', async () => {
    const user = userEvent.setup();
    const { fileInput, attachments } = renderFilesField();
    await user.upload(fileInput(), fileOf('gross.pdf', LIMITS.maxFileSize + 1));
    expect(await screen.findByText('Datei zu groß')).toBeVisible();
    expect(screen.getByText('Die Datei hat 1,00 MB, erlaubt sind höchstens 1,00 MB.')).toBeVisible();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(fileInput().value).toBe('');
    expect(attachments()).toBeUndefined();
  });

  it('cancels one upload and keeps the list as it was', async () => {
    const user = userEvent.setup();
    const { fileInput, attachments } = renderFilesField({ value: [PDF] });
    await user.upload(fileInput(), fileOf('notizen.txt'));
    act(() => lastUpload().progress(50, 100));
    await user.click(screen.getByRole('button', { name: 'Hochladen von notizen.txt abbrechen' }));
    expect(lastUpload().aborted).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Laufende Uploads' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Hochladen von notizen.txt abgebrochen.');
    expect(attachments()).toBeUndefined();
    expect(attachedNames()).toEqual(['bericht.pdf']);
    expect(screen.queryByText('Datei nicht hochgeladen')).not.toBeInTheDocument();
  });

  it('shows a danger toast when the server refuses the file, naming why when it can', async () => {
    const user = userEvent.setup();
    const { fileInput, attachments } = renderFilesField();
    await user.upload(fileInput(), [fileOf('bericht.pdf'), fileOf('notizen.txt')]);
    act(() =>
      FakeXhr.sent[0]!.respond(415, {
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'content is no pdf' },
      }),
    );
    expect(
      await screen.findByText('Der Inhalt von „bericht.pdf“ passt nicht zu einem erlaubten Dateityp.'),
    ).toBeVisible();
    act(() => FakeXhr.sent[1]!.respond(400, { error: { code: 'BAD_REQUEST', message: 'nope' } }));
    expect(await screen.findByText('Der Server hat „notizen.txt“ nicht angenommen.')).toBeVisible();
    expect(screen.getAllByText('Datei nicht hochgeladen')).toHaveLength(2);
    expect(attachments()).toBeUndefined();
    expect(screen.getByText('Keine Dateien angehängt.')).toBeVisible();
  });

  it('says so when the connection breaks during an upload', async () => {
    const user = userEvent.setup();
    const { fileInput, attachments } = renderFilesField();
    await user.upload(fileInput(), fileOf('bericht.pdf'));
    act(() => lastUpload().fail());
    expect(await screen.findByText('Die Verbindung brach während des Hochladens ab.')).toBeVisible();
    expect(screen.getByText('Datei nicht hochgeladen')).toBeVisible();
    expect(attachments()).toBeUndefined();
  });

  it('leaves a failure the app already reported (413) to that report', async () => {
    const user = userEvent.setup();
    const { fileInput } = renderFilesField();
    await user.upload(fileInput(), fileOf('bericht.pdf'));
    act(() => lastUpload().respond(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'too large' } }));
    expect(await screen.findByText('Deine Anfrage ist zu gross!')).toBeVisible();
    expect(screen.queryByText('Datei nicht hochgeladen')).not.toBeInTheDocument();
  });

  it("says the entry's file quota is spent (409) and stays on the screen when uploads come too fast (429)", async () => {
    const user = userEvent.setup();
    const { fileInput, attachments } = renderFilesField();
    await user.upload(fileInput(), [fileOf('bericht.pdf'), fileOf('notizen.txt')]);
    act(() =>
      FakeXhr.sent[0]!.respond(409, {
        error: { code: 'FILE_QUOTA_EXCEEDED', message: 'the most it may hold is 50' },
      }),
    );
    expect(await screen.findByText('Kein Platz für weitere Dateien.')).toBeVisible();
    act(() => FakeXhr.sent[1]!.respond(429, { error: { code: 'RATE_LIMITED', message: 'slow' } }));
    expect(await screen.findByText(/zu viele Anfragen gesendet/)).toBeVisible();
    expect(attachments()).toBeUndefined();
  });

  it('cancels uploads still running when it goes away', async () => {
    const user = userEvent.setup();
    const { fileInput, unmount } = renderFilesField();
    await user.upload(fileInput(), fileOf('bericht.pdf'));
    unmount();
    expect(lastUpload().aborted).toBe(true);
  });

  it('respects maxItems: uploads what fits, says what did not, and says when the list is full', async () => {
    const user = userEvent.setup();
    const { fileInput, attachments } = renderFilesField({
      value: [PDF],
      property: { type: 'array', items: { type: 'string' }, maxItems: 2 },
    });
    await user.upload(fileInput(), [fileOf('a.txt'), fileOf('b.txt'), fileOf('c.txt')]);
    expect(FakeXhr.sent.map((xhr) => xhr.fileName)).toEqual(['a.txt']);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '2 Dateien wurden nicht hochgeladen, weil die Liste höchstens 2 Dateien fasst.',
    );
    const pick = screen.getByRole('button', { name: 'Anhänge: Dateien auswählen' });
    expect(pick).toBeDisabled();
    expect(screen.getByText('Die Liste ist voll: Es passen höchstens 2 Dateien hinein.')).toBeVisible();
    act(() => lastUpload().respond(201, storedFile('f9', 'a.txt')));
    await waitFor(() => expect(attachments()).toEqual([PDF, '/api/v1/files/f9/a.txt']));
    expect(pick).toBeDisabled();

    mockApi({ 'DELETE files/f1/bericht.pdf': new Response(null, { status: 204 }) });
    await user.click(screen.getByRole('button', { name: 'bericht.pdf entfernen' }));
    expect(pick).toBeEnabled();
    await waitFor(() => expect(pick).toHaveFocus());
  });
});

describe('files widget: rename', () => {
  it('edits the name without its extension by keyboard and replaces the URL with the new one', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'PATCH files/f1/bericht.pdf': storedFile('f1', 'Jahresbericht 2026.pdf'),
    });
    const { attachments } = renderFilesField({ value: [PNG, PDF, TXT] });
    const rename = screen.getByRole('button', { name: 'bericht.pdf umbenennen' });
    rename.focus();
    await user.keyboard('{Enter}');
    const input = screen.getByRole('textbox', { name: 'Neuer Name für bericht.pdf' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveValue('bericht');
    expect(input).toHaveAccessibleDescription('Die Endung „.pdf“ bleibt erhalten.');
    await user.clear(input);
    await user.type(input, 'Jahresbericht 2026{Enter}');

    await waitFor(() =>
      expect(attachments()).toEqual([PNG, '/api/v1/files/f1/Jahresbericht%202026.pdf', TXT]),
    );
    expect(sent('PATCH files/f1/bericht.pdf').map((request) => request.body)).toEqual([
      { name: 'Jahresbericht 2026' },
    ]);
    expect(attachedNames()).toEqual(['plan neu.png', 'Jahresbericht 2026.pdf', 'notizen.txt']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Jahresbericht 2026.pdf umbenennen' })).toHaveFocus(),
    );
    expect(screen.getByRole('status')).toHaveTextContent('bericht.pdf heißt jetzt Jahresbericht 2026.pdf.');
  });

  it('asks for a name instead of sending an empty one, and Escape leaves the name as it was', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({});
    const { attachments } = renderFilesField({ value: [PDF] });
    await user.click(screen.getByRole('button', { name: 'bericht.pdf umbenennen' }));
    const input = screen.getByRole('textbox', { name: 'Neuer Name für bericht.pdf' });
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Neuen Namen für bericht.pdf speichern' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Bitte gib einen Namen ein.'));
    await user.type(input, 'anders{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'bericht.pdf umbenennen' })).toHaveFocus());
    expect(requests).toHaveLength(0);
    expect(attachments()).toBeUndefined();
  });

  it('keeps the old name and shows a danger toast when the server refuses', async () => {
    const user = userEvent.setup();
    mockApi({ 'PATCH files/f1/bericht.pdf': () => errorResponse(400, 'BAD_REQUEST') });
    const { attachments } = renderFilesField({ value: [PDF] });
    await user.click(screen.getByRole('button', { name: 'bericht.pdf umbenennen' }));
    await user.type(screen.getByRole('textbox', { name: 'Neuer Name für bericht.pdf' }), '-neu{Enter}');
    expect(await screen.findByText('Umbenennen fehlgeschlagen')).toBeVisible();
    expect(
      screen.getByText('„bericht.pdf“ konnte nicht umbenannt werden und behält seinen Namen.'),
    ).toBeVisible();
    expect(attachedNames()).toEqual(['bericht.pdf']);
    expect(attachments()).toBeUndefined();
  });
});

describe('files widget: remove', () => {
  it('takes the file off the list before the server answers, and keeps it off', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const { sent } = mockApi({
      'DELETE files/f1/bericht.pdf': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { attachments } = renderFilesField({ value: [PNG, PDF, TXT] });
    await user.click(screen.getByRole('button', { name: 'bericht.pdf entfernen' }));
    expect(attachments()).toEqual([PNG, TXT]);
    expect(attachedNames()).toEqual(['plan neu.png', 'notizen.txt']);
    expect(sent('DELETE files/f1/bericht.pdf')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Anhänge: Dateien auswählen' })).toHaveFocus(),
    );
    await act(async () => answer(new Response(null, { status: 204 })));
    expect(attachments()).toEqual([PNG, TXT]);
    expect(screen.queryByText('Entfernen fehlgeschlagen')).not.toBeInTheDocument();
  });

  it('puts the file back at its place with a danger toast when the server refuses', async () => {
    const user = userEvent.setup();
    mockApi({ 'DELETE files/f1/bericht.pdf': () => errorResponse(403, 'FORBIDDEN') });
    const { attachments } = renderFilesField({ value: [PNG, PDF, TXT] });
    await user.click(screen.getByRole('button', { name: 'bericht.pdf entfernen' }));
    expect(await screen.findByText('Entfernen fehlgeschlagen')).toBeVisible();
    expect(
      screen.getByText('„bericht.pdf“ konnte nicht entfernt werden und bleibt in der Liste.'),
    ).toBeVisible();
    expect(attachments()).toEqual([PNG, PDF, TXT]);
    expect(attachedNames()).toEqual(['plan neu.png', 'bericht.pdf', 'notizen.txt']);
  });

  it('leaves a file off the list that the server no longer has', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({ 'DELETE files/f1/bericht.pdf': () => errorResponse(404, 'NOT_FOUND') });
    const { attachments } = renderFilesField({ value: [PDF, TXT] });
    await user.click(screen.getByRole('button', { name: 'bericht.pdf entfernen' }));
    await waitFor(() => expect(sent('DELETE files/f1/bericht.pdf')).toHaveLength(1));
    // Past the answer: a wrongly restored file would be back by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(attachments()).toEqual([TXT]);
    expect(screen.queryByText('Entfernen fehlgeschlagen')).not.toBeInTheDocument();
  });
});
