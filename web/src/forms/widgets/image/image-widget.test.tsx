import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { Locale, UiElement } from '@einwurf/contract';
import { ApiError } from '../../../lib/api-client';
import { UploadCancelled, uploadFile, type UploadedFile } from '../../../lib/uploads';
import type * as UploadsModule from '../../../lib/uploads';
import { errorResponse, mockApi } from '../../../test/mock-api';
import type { FieldState } from '../../types';
import { renderWithForms, text } from '../../test-utils';
import { StaticUploadProvider, type UploadContextValue } from '../../upload-context';
import { ImageWidget } from './image-widget';
import { gifBytes, stubCanvas, stubImageLoading, stubNoCanvas, stubObjectUrls } from './test-support';

vi.mock('../../../lib/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof UploadsModule>()),
  uploadFile: vi.fn(),
}));

// The cropper measures a laid-out image, which jsdom cannot; this one reports a fixed section at once.
vi.mock('react-easy-crop', async () => {
  const { createElement, useEffect } = await import('react');
  function CropperStub(props: {
    onCropComplete?: (area: object, pixels: object) => void;
    cropperProps?: object;
  }) {
    const { onCropComplete } = props;
    // Once, as the real one reports the first section after the image loaded.
    useEffect(() => {
      onCropComplete?.({ x: 0, y: 0, width: 50, height: 50 }, { x: 10, y: 20, width: 300, height: 200 });
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return createElement('div', { ...props.cropperProps, tabIndex: 0 });
  }
  return { default: CropperStub };
});

const uploadMock = vi.mocked(uploadFile);
const FILE_URL = '/api/v1/files/f1/titel.png';
const CONTEXT: UploadContextValue = {
  target: { role: 'anon', entryId: 'e1' },
  limits: { maxFileSize: 1_000_000, allowedExtensions: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf'] },
};
const ELEMENT = { scope: 'image', widget: 'image', label: text('Titelbild') } as UiElement;

function stored(overrides: Partial<UploadedFile> = {}): UploadedFile {
  return {
    id: 'f1',
    name: 'titel',
    extension: 'png',
    content_type: 'image/png',
    size: 7,
    is_image: true,
    has_preview: true,
    url: FILE_URL,
    ...overrides,
  };
}

/** An upload the test settles by hand; cancel() rejects it as the real one does. */
function pendingUpload() {
  let resolve!: (file: UploadedFile) => void;
  let reject!: (error: unknown) => void;
  let report: ((fraction: number) => void) | undefined;
  const promise = new Promise<UploadedFile>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  const cancel = vi.fn(() => reject(new UploadCancelled()));
  uploadMock.mockImplementation((_target, _blob, _name, onProgress) => {
    report = onProgress;
    return { promise, cancel };
  });
  return { resolve, reject, cancel, progress: (fraction: number) => report?.(fraction) };
}

type Options = {
  value?: string;
  context?: UploadContextValue;
  state?: FieldState;
  errors?: string[];
  help?: string;
  disabled?: boolean;
  required?: boolean;
  language?: Locale;
};

function renderImage({
  value = '',
  context = CONTEXT,
  state = 'neutral',
  errors = [],
  help,
  disabled = false,
  required,
  language,
}: Options = {}) {
  const onChange = vi.fn<(value: unknown) => void>();
  function Host() {
    const [current, setCurrent] = useState<unknown>(value);
    return (
      <StaticUploadProvider value={context}>
        <ImageWidget
          id="entry-image"
          value={current}
          onChange={(next) => {
            onChange(next);
            setCurrent(next);
          }}
          label="Titelbild"
          help={help}
          errors={errors}
          state={state}
          disabled={disabled}
          required={required}
          element={ELEMENT}
          schema={{ type: 'string' }}
        />
      </StaticUploadProvider>
    );
  }
  const view = renderWithForms(<Host />, { language });
  return { ...view, onChange };
}

const png = (name = 'titel.png', size = 7) =>
  new File([new Uint8Array(size)], name, { type: name.endsWith('.gif') ? 'image/gif' : 'image/png' });

const input = () => screen.getByLabelText<HTMLInputElement>('Titelbild');

let toasts: MockInstance<typeof notifications.show>;

beforeEach(() => {
  toasts = vi.spyOn(notifications, 'show');
  stubObjectUrls();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  uploadMock.mockReset();
});

function toastTitles(color: string) {
  return toasts.mock.calls
    .map(([data]) => data as { color?: string; title?: string; message?: string })
    .filter((data) => data.color === color);
}

/** Chooses a file and waits for the lazily loaded crop dialog. */
async function chooseAndCrop(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(input(), file);
  return screen.findByRole('dialog', { name: 'Bild zuschneiden' });
}

describe('image widget', () => {
  it('offers only the configured image types and links its hint to the input', () => {
    renderImage();
    expect(input()).toHaveAttribute('type', 'file');
    expect(input()).toHaveAttribute('accept', '.jpg,.jpeg,.png,.gif,.webp');
    expect(input()).toBeEnabled();
    expect(input()).toHaveAccessibleDescription('Erlaubt: JPG, JPEG, PNG, GIF, WEBP; höchstens 1,00 MB.');
  });

  it('marks a required field with the asterisk and its file input with aria-required', () => {
    const { container, unmount } = renderImage({ required: true });
    expect(screen.getByLabelText('Titelbild *')).toHaveAttribute('aria-required', 'true');
    expect(container.querySelector('label')).toHaveTextContent('Titelbild *');
    unmount();
    renderImage();
    expect(input()).not.toHaveAttribute('aria-required');
  });

  it('lets nothing be chosen or removed while the form is disabled', () => {
    const { unmount } = renderImage({ disabled: true });
    expect(input()).toBeDisabled();
    unmount();
    renderImage({ disabled: true, value: FILE_URL });
    expect(screen.getByRole('button', { name: 'Bild entfernen' })).toBeDisabled();
  });

  it('asks to save the entry first when there is nowhere to upload to', () => {
    renderImage({ context: { ...CONTEXT, target: null } });
    expect(input()).toBeDisabled();
    expect(input()).toHaveAccessibleDescription(
      'Bilder kannst du hochladen, sobald der Beitrag gespeichert ist.',
    );
  });

  it('crops, uploads with progress and cancel, then shows the preview of the stored image', async () => {
    const user = userEvent.setup();
    stubCanvas();
    stubImageLoading();
    const upload = pendingUpload();
    const { onChange } = renderImage();

    const dialog = await chooseAndCrop(user, png('Titel Bild.png'));
    expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toBeInTheDocument();
    // The dialog takes focus, on its main action.
    const uploadButton = within(dialog).getByRole('button', { name: 'Hochladen' });
    await waitFor(() => expect(uploadButton).toHaveFocus());
    // It takes the focus at once but acts only once the cropper has measured the section.
    await waitFor(() => expect(uploadButton).not.toHaveAttribute('aria-disabled'));
    await user.click(uploadButton);

    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(1));
    const [target, blob, name] = uploadMock.mock.calls[0]!;
    expect(target).toEqual(CONTEXT.target);
    expect(name).toBe('Titel Bild.png');
    expect((blob as File).type).toBe('image/png');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(input()).toBeDisabled();
    act(() => upload.progress(0.5));
    expect(screen.getByRole('progressbar', { name: 'Fortschritt beim Hochladen' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByRole('button', { name: 'Hochladen abbrechen' })).toBeEnabled();

    await act(async () => upload.resolve(stored()));
    const image = await screen.findByRole('img', { name: 'Titelbild: titel.png' });
    expect(image).toHaveAttribute('src', `${FILE_URL}?variant=preview`);
    expect(onChange).toHaveBeenLastCalledWith(FILE_URL);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bild entfernen' })).toBeEnabled();
  });

  it('shows the file itself when the server has no preview of it', async () => {
    const user = userEvent.setup();
    stubCanvas();
    stubImageLoading();
    const upload = pendingUpload();
    renderImage();
    const dialog = await chooseAndCrop(user, png());
    await user.click(within(dialog).getByRole('button', { name: 'Ohne Zuschneiden hochladen' }));
    await act(async () => upload.resolve(stored({ has_preview: false })));
    expect(await screen.findByRole('img', { name: 'Titelbild: titel.png' })).toHaveAttribute('src', FILE_URL);
  });

  it('uploads the original file when the author skips cropping', async () => {
    const user = userEvent.setup();
    stubCanvas();
    pendingUpload();
    renderImage();
    const original = png('roh.png');
    const dialog = await chooseAndCrop(user, original);
    await user.click(within(dialog).getByRole('button', { name: 'Ohne Zuschneiden hochladen' }));
    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(1));
    expect(uploadMock.mock.calls[0]![1]).toBe(original);
    expect(uploadMock.mock.calls[0]![2]).toBe('roh.png');
  });

  it('keeps focus in the field through the steps: the cropper, Cancel while uploading, then Remove', async () => {
    const user = userEvent.setup();
    stubCanvas();
    const upload = pendingUpload();
    renderImage();
    const dialog = await chooseAndCrop(user, png());
    await user.click(within(dialog).getByRole('button', { name: 'Ohne Zuschneiden hochladen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hochladen abbrechen' })).toHaveFocus());
    await act(async () => upload.resolve(stored()));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bild entfernen' })).toHaveFocus());
  });

  it('goes back to no image without a toast when the upload is cancelled', async () => {
    const user = userEvent.setup();
    stubNoCanvas();
    const upload = pendingUpload();
    const { onChange } = renderImage();
    await user.upload(input(), png());
    await user.click(await screen.findByRole('button', { name: 'Hochladen abbrechen' }));
    expect(upload.cancel).toHaveBeenCalled();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(toasts).not.toHaveBeenCalled();
  });

  it('clears the image and says so when the server refuses the upload', async () => {
    const user = userEvent.setup();
    stubNoCanvas();
    const upload = pendingUpload();
    const { onChange } = renderImage();
    await user.upload(input(), png());
    expect(await screen.findByText('titel.png wird hochgeladen …')).toBeInTheDocument();
    await act(async () => upload.reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'no')));
    await waitFor(() => expect(input()).toBeEnabled());
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('titel.png wird hochgeladen …')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(toastTitles('red')).toEqual([
      expect.objectContaining({
        title: 'Dein Bild wurde nicht akzeptiert',
        message: 'Der Inhalt der Datei entspricht keinem erlaubten Bildformat.',
      }),
    ]);
  });

  it('does not repeat a failure the app already told the user about', async () => {
    const user = userEvent.setup();
    stubNoCanvas();
    const upload = pendingUpload();
    renderImage();
    await user.upload(input(), png());
    await act(async () => upload.reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'big', undefined, true)));
    await waitFor(() => expect(input()).toBeEnabled());
    expect(toasts).not.toHaveBeenCalled();
  });

  it('names the refusal in English', async () => {
    const user = userEvent.setup();
    stubNoCanvas();
    const upload = pendingUpload();
    renderImage({ language: 'en' });
    await user.upload(screen.getByLabelText('Titelbild'), png());
    await act(async () => upload.reject(new ApiError(400, 'BAD_REQUEST', 'no')));
    await waitFor(() => expect(toastTitles('red')).toHaveLength(1));
    expect(toastTitles('red')[0]).toMatchObject({ title: 'Your image was not accepted' });
  });

  it('warns about a file past the size limit and uploads nothing', async () => {
    const user = userEvent.setup();
    stubCanvas();
    renderImage({ context: { ...CONTEXT, limits: { ...CONTEXT.limits!, maxFileSize: 5 } } });
    await user.upload(input(), png('gross.png', 2_500_000));
    expect(toastTitles('yellow')).toEqual([
      expect.objectContaining({ title: 'Datei zu groß', message: expect.stringContaining('2,50 MB') }),
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('refuses a file whose extension is not an allowed image type, with a message on the input', async () => {
    // applyAccept off: a drop or a picker set to "all files" gets past the accept attribute.
    const user = userEvent.setup({ applyAccept: false });
    renderImage();
    await user.upload(input(), new File(['%PDF'], 'bericht.pdf', { type: 'application/pdf' }));
    const message = '«bericht.pdf» ist kein erlaubtes Bild. Erlaubt sind: JPG, JPEG, PNG, GIF, WEBP.';
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(input()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('uploads uncropped with a notice when the browser has no canvas', async () => {
    const user = userEvent.setup();
    stubNoCanvas();
    pendingUpload();
    renderImage();
    const original = png();
    await user.upload(input(), original);
    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(1));
    expect(uploadMock.mock.calls[0]![1]).toBe(original);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByText(/Dein Browser kann keine Bilder zuschneiden \(ihm fehlt die Canvas-Unterstützung\)/),
    ).toBeInTheDocument();
  });

  it('uploads an animated GIF uncropped and says why', async () => {
    const user = userEvent.setup();
    stubCanvas();
    pendingUpload();
    renderImage();
    const animation = new File([gifBytes(3)], 'tanz.gif', { type: 'image/gif' });
    await user.upload(input(), animation);
    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(1));
    expect(uploadMock.mock.calls[0]![1]).toBe(animation);
    expect(screen.getByText(/Animierte GIFs werden unverändert hochgeladen/)).toBeInTheDocument();
  });

  it('crops a still GIF like any other image', async () => {
    const user = userEvent.setup();
    stubCanvas();
    renderImage();
    await chooseAndCrop(user, new File([gifBytes(1)], 'still.gif', { type: 'image/gif' }));
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('takes a file dropped onto the zone', async () => {
    stubCanvas();
    renderImage();
    const zone = input().parentElement!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    expect(await screen.findByRole('dialog', { name: 'Bild zuschneiden' })).toBeInTheDocument();
    expect(zone).not.toHaveAttribute('data-dragging');
  });

  it('shows a spinner while removing, then no image', async () => {
    const user = userEvent.setup();
    let answer!: (response: Response) => void;
    const { sent } = mockApi({
      'DELETE files/f1/titel.png': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { onChange } = renderImage({ value: FILE_URL });
    await user.click(screen.getByRole('button', { name: 'Bild entfernen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Bild wird entfernt …');
    expect(screen.getByRole('button', { name: 'Bild entfernen' })).toBeDisabled();
    await act(async () => answer(new Response(null, { status: 204 })));
    await waitFor(() => expect(screen.queryByRole('img')).not.toBeInTheDocument());
    expect(input()).toBeEnabled();
    // The removed image's button is gone; focus goes to the file field that took its place (in an
    // effect, which may run after the paint).
    await waitFor(() => expect(input()).toHaveFocus());
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(sent('DELETE files/f1/titel.png')).toHaveLength(1);
  });

  it('keeps the image and says so when removing fails', async () => {
    const user = userEvent.setup();
    mockApi({ 'DELETE files/f1/titel.png': () => errorResponse(403, 'FORBIDDEN') });
    const { onChange } = renderImage({ value: FILE_URL });
    await user.click(screen.getByRole('button', { name: 'Bild entfernen' }));
    await waitFor(() => expect(toastTitles('red')).toHaveLength(1));
    expect(toastTitles('red')[0]).toMatchObject({ title: 'Das Bild konnte nicht entfernt werden' });
    expect(screen.getByRole('img', { name: 'Titelbild: titel.png' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bild entfernen' })).toBeEnabled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('tries the preview of a stored image and falls back to the file when there is none', () => {
    renderImage({ value: FILE_URL });
    const image = screen.getByRole('img', { name: 'Titelbild: titel.png' });
    expect(image).toHaveAttribute('src', `${FILE_URL}?variant=preview`);
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', FILE_URL);
  });

  it('stays neutral without an image even when the form calls it valid', () => {
    const { container } = renderImage({ state: 'valid' });
    expect(container.querySelector('[data-state]')).toHaveAttribute('data-state', 'neutral');
  });

  it('marks an invalid field and describes the input with its errors and help', () => {
    renderImage({ state: 'invalid', errors: ['Bitte wähle ein Bild.'], help: 'Querformat wirkt am besten.' });
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(expect.stringContaining('Bitte wähle ein Bild.'));
    expect(input()).toHaveAccessibleDescription(expect.stringContaining('Querformat wirkt am besten.'));
  });
});
