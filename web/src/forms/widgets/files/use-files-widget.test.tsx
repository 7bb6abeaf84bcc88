import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { PropertySchema } from '@einwurf/contract';
import { errorResponse, mockApi } from '../../../test/mock-api';
import { FormsTestProviders, createFormsI18n } from '../../test-utils';
import { StaticUploadProvider } from '../../upload-context';
import { FakeXhr, LIMITS, TARGET, fileOf, storedFile, stubXhr } from './test-support';
import { useFilesWidget } from './use-files-widget';

const PDF = '/api/v1/files/f1/bericht.pdf';
const TXT = '/api/v1/files/f2/notizen.txt';
const PNG = '/api/v1/files/f3/plan.png';

function Providers({ children }: { children: ReactNode }) {
  return (
    <FormsTestProviders i18n={createFormsI18n()}>
      <StaticUploadProvider value={{ target: TARGET, limits: LIMITS }}>{children}</StaticUploadProvider>
    </FormsTestProviders>
  );
}

/** The hook as the form uses it: the value it emits comes back as its next value. */
function renderFilesHook(
  initial: string[],
  schema: PropertySchema = { type: 'array', items: { type: 'string' }, maxItems: 20 },
) {
  const onChange = vi.fn<(value: unknown) => void>();
  const view = renderHook(
    () => {
      const [value, setValue] = useState<unknown>(initial);
      return useFilesWidget({
        value,
        onChange: (next) => {
          onChange(next);
          setValue(next);
        },
        disabled: false,
        schema,
      });
    },
    { wrapper: Providers },
  );
  return { ...view, onChange };
}

let toasts: MockInstance<typeof notifications.show>;

beforeEach(() => {
  stubXhr();
  toasts = vi.spyOn(notifications, 'show');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useFilesWidget', () => {
  it('counts uploads already running against maxItems when files are added twice in one go', () => {
    const { result } = renderFilesHook([PDF], { type: 'array', items: { type: 'string' }, maxItems: 3 });
    act(() => {
      const { addFiles } = result.current;
      addFiles([fileOf('a.txt')]);
      addFiles([fileOf('b.txt'), fileOf('c.txt')]);
    });
    expect(FakeXhr.sent.map((xhr) => xhr.fileName)).toEqual(['a.txt', 'b.txt']);
    expect(result.current.notices).toEqual([
      '1 Datei wurde nicht hochgeladen, weil die Liste höchstens 3 Dateien fasst.',
    ]);
    expect(result.current.canUpload).toBe(false);
    expect(result.current.status).toBe('Die Liste ist voll: Es passen höchstens 3 Dateien hinein.');
  });

  it('announces a removal, and a refused one puts the file back at its place in the newest list', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'DELETE files/f1/bericht.pdf': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { result, onChange } = renderFilesHook([TXT, PDF, PNG]);
    act(() => result.current.remove(PDF));
    expect(result.current.files).toEqual([TXT, PNG]);
    expect(result.current.announcement).toBe('bericht.pdf wurde entfernt.');

    // An upload finishes while the removal waits for the server.
    act(() => result.current.addFiles([fileOf('neu.txt')]));
    await act(async () => FakeXhr.sent[0]!.respond(201, storedFile('f9', 'neu.txt')));
    // The upload's answer reaches the hook a few promise turns after the request's.
    await waitFor(() => expect(result.current.files).toEqual([TXT, PNG, '/api/v1/files/f9/neu.txt']));

    await act(async () => answer(errorResponse(403, 'FORBIDDEN')));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([TXT, PDF, PNG, '/api/v1/files/f9/neu.txt']),
    );
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ title: 'Entfernen fehlgeschlagen' }));
  });

  it('sends one DELETE when the same file is removed twice (a double click)', async () => {
    const { sent } = mockApi({ 'DELETE files/f1/bericht.pdf': new Response(null, { status: 204 }) });
    const { result, onChange } = renderFilesHook([PDF, TXT]);
    act(() => {
      const { remove } = result.current;
      remove(PDF);
      remove(PDF);
    });
    await waitFor(() => expect(sent('DELETE files/f1/bericht.pdf')).toHaveLength(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(result.current.files).toEqual([TXT]);
  });

  it('leaves the value alone when a rename is answered after the widget went away', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'PATCH files/f1/bericht.pdf': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { result, unmount, onChange } = renderFilesHook([PDF]);
    let renamed: Promise<boolean> = Promise.resolve(false);
    act(() => {
      renamed = result.current.rename(PDF, 'neu');
    });
    unmount();
    answer(Response.json(storedFile('f1', 'neu.pdf')));
    await expect(renamed).resolves.toBe(true);
    expect(onChange).not.toHaveBeenCalled();
    expect(toasts).not.toHaveBeenCalled();
  });
});
