import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { UploadCancelled, uploadFile, type UploadedFile } from '../../../lib/uploads';
import type * as UploadsModule from '../../../lib/uploads';
import { errorResponse, mockApi } from '../../../test/mock-api';
import { FormsTestProviders, createFormsI18n } from '../../test-utils';
import { StaticUploadProvider, type UploadContextValue } from '../../upload-context';
import { stubCanvas, stubNoCanvas, stubObjectUrls } from './test-support';
import { useImageWidget } from './use-image-widget';

vi.mock('../../../lib/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof UploadsModule>()),
  uploadFile: vi.fn(),
}));

const uploadMock = vi.mocked(uploadFile);
const FILE_URL = '/api/v1/files/f1/titel.png';
const CONTEXT: UploadContextValue = {
  target: { role: 'anon', entryId: 'e1' },
  limits: { maxFileSize: 1_000_000, allowedExtensions: ['jpg', 'png'] },
};

function Providers({ children }: { children: ReactNode }) {
  return (
    <FormsTestProviders i18n={createFormsI18n()}>
      <StaticUploadProvider value={CONTEXT}>{children}</StaticUploadProvider>
    </FormsTestProviders>
  );
}

/** The hook as the form uses it: the value it emits comes back as its next value. */
function renderImageHook(initial = '') {
  const onChange = vi.fn<(value: unknown) => void>();
  const view = renderHook(
    () => {
      const [value, setValue] = useState<unknown>(initial);
      return useImageWidget({
        value,
        onChange: (next) => {
          onChange(next);
          setValue(next);
        },
        disabled: false,
        state: 'neutral',
      });
    },
    { wrapper: Providers },
  );
  return { ...view, onChange };
}

/** An upload that never settles unless cancelled; cancel() rejects it as the real one does. */
function pendingUpload() {
  let reject!: (error: unknown) => void;
  const promise = new Promise<UploadedFile>((_, fail) => (reject = fail));
  const cancel = vi.fn(() => reject(new UploadCancelled()));
  uploadMock.mockReturnValue({ promise, cancel });
  return { cancel };
}

const png = (name = 'titel.png') => new File([new Uint8Array(7)], name, { type: 'image/png' });

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

describe('useImageWidget', () => {
  it('forgets an image the app does not store, without asking the server to delete it', async () => {
    const { requests } = mockApi({});
    const outside = 'https://example.org/bild.png';
    const { result, onChange } = renderImageHook(outside);
    expect(result.current.imageSrc).toBe(outside);
    await act(() => result.current.remove());
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(requests).toHaveLength(0);
    expect(result.current.phase).toEqual({ kind: 'idle' });
  });

  it('lets go of an image the server no longer has, without a toast', async () => {
    const { sent } = mockApi({ 'DELETE files/f1/titel.png': () => errorResponse(404, 'NOT_FOUND') });
    const { result, onChange } = renderImageHook(FILE_URL);
    await act(() => result.current.remove());
    expect(sent('DELETE files/f1/titel.png')).toHaveLength(1);
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(result.current.url).toBe('');
    expect(toasts).not.toHaveBeenCalled();
  });

  it('ignores a second image while the first uploads, and cancels the upload when it goes away', async () => {
    stubNoCanvas();
    const upload = pendingUpload();
    const { result, unmount } = renderImageHook();
    await act(() => result.current.chooseFile(png('erstes.png')));
    expect(result.current.phase).toMatchObject({ kind: 'uploading', name: 'erstes.png' });
    expect(result.current.isInputDisabled).toBe(true);

    await act(() => result.current.chooseFile(png('zweites.png')));
    expect(uploadMock).toHaveBeenCalledTimes(1);
    expect(result.current.phase).toMatchObject({ kind: 'uploading', name: 'erstes.png' });

    unmount();
    expect(upload.cancel).toHaveBeenCalled();
  });

  it('uploads the original with a notice when cropping failed', async () => {
    stubCanvas();
    pendingUpload();
    const { result } = renderImageHook();
    const original = png();
    await act(() => result.current.chooseFile(original));
    expect(result.current.phase).toEqual({ kind: 'cropping', file: original });
    act(() => result.current.uploadCropped(original, true));
    expect(result.current.notice).toBe('cropFailed');
    await waitFor(() => expect(result.current.phase.kind).toBe('uploading'));
    expect(uploadMock.mock.calls[0]![1]).toBe(original);
  });
});
