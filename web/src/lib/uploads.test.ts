import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './contract';
import { ApiError } from './api-client';
import { writeString } from './storage';
import {
  UploadCancelled,
  acceptOf,
  extensionOf,
  imageExtensions,
  refuseTooLarge,
  uploadFile,
  uploadPath,
} from './uploads';

type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown };

/** A scripted XMLHttpRequest: each send takes the next answer, after reporting upload progress. */
function fakeXhr(answers: { status: number; body?: unknown; headers?: Record<string, string> }[]) {
  const sent: Sent[] = [];
  const pending: FakeXhr[] = [];
  class FakeXhr {
    upload = new EventTarget();
    private listeners = new EventTarget();
    private request: Sent = { method: '', url: '', headers: {}, body: null };
    private answer: (typeof answers)[number] | undefined;
    status = 0;
    responseText = '';
    withCredentials = false;
    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      return this.answer?.headers?.[name] ?? null;
    }
    addEventListener(type: string, listener: EventListener) {
      this.listeners.addEventListener(type, listener);
    }
    send(body: unknown) {
      sent.push({ ...this.request, body });
      this.answer = answers.shift();
      pending.push(this);
      const progress = Object.assign(new Event('progress'), {
        lengthComputable: true,
        loaded: 50,
        total: 100,
      });
      queueMicrotask(() => {
        this.upload.dispatchEvent(progress);
        if (!this.answer) return; // stays open until abort()
        this.status = this.answer.status;
        this.responseText = this.answer.body === undefined ? '' : JSON.stringify(this.answer.body);
        this.listeners.dispatchEvent(new Event('load'));
      });
    }
    abort() {
      this.listeners.dispatchEvent(new Event('abort'));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, pending };
}

const file = { id: 'x', name: 'a.pdf', url: '/api/v1/files/x/a.pdf' };
const target = { role: 'anon' as const, entryId: 'e1' };

describe('upload client', () => {
  beforeEach(() => {
    writeString(STORAGE_KEYS.csrfToken, 'token-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the file as multipart with the CSRF token, reports progress and answers the stored file', async () => {
    const { sent } = fakeXhr([{ status: 201, body: file }]);
    const progress = vi.fn();
    const handle = uploadFile(target, new Blob(['%PDF-']), 'a.pdf', progress);
    await expect(handle.promise).resolves.toEqual(file);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/v1/anon/e1/files' });
    expect(sent[0]?.headers['x-csrf-token']).toBe('token-1');
    const form = sent[0]?.body as FormData;
    expect((form.get('file') as File).name).toBe('a.pdf');
    expect(progress).toHaveBeenCalledWith(0.5);
  });

  it('fetches a fresh CSRF token once and sends again when the token was refused', async () => {
    const { sent } = fakeXhr([
      { status: 403, body: { error: { code: 'FORBIDDEN', message: 'CSRF token invalid' } } },
      { status: 201, body: file },
    ]);
    const fetchMock = vi.fn(
      async () => new Response(null, { status: 200, headers: { 'x-csrf-token': 'token-2' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(uploadFile(target, new Blob(['x']), 'a.txt').promise).resolves.toEqual(file);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(sent[1]?.headers['x-csrf-token']).toBe('token-2');
  });

  it("rejects with the server's error code", async () => {
    fakeXhr([{ status: 415, body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'nope' } } }]);
    const error = await uploadFile(target, new Blob(['x']), 'a.exe').promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', handled: false });
  });

  it('cancels an upload in flight', async () => {
    fakeXhr([]);
    const handle = uploadFile(target, new Blob(['x']), 'a.txt');
    await Promise.resolve();
    handle.cancel();
    await expect(handle.promise).rejects.toBeInstanceOf(UploadCancelled);
  });

  it('uses the moderation endpoint for moderators', () => {
    expect(uploadPath({ role: 'mod', entryId: 'a b' })).toBe('admin/collection/entry/a%20b/files');
  });
});

describe('file helpers', () => {
  it('keeps only image types for the image field and builds accept lists', () => {
    const limits = { maxFileSize: 10, allowedExtensions: ['pdf', 'png', 'jpg', 'txt'] };
    expect(imageExtensions(limits)).toEqual(['png', 'jpg']);
    expect(acceptOf(['png', 'jpg'])).toBe('.png,.jpg');
    expect(extensionOf('/api/v1/files/x/Bild.Final.JPG')).toBe('jpg');
    expect(extensionOf('README')).toBe('');
  });

  it('refuses a file past the limit with the warning toast, sizes in the interface language', () => {
    const show = vi.spyOn(notifications, 'show');
    const limits = { maxFileSize: 1_000_000, allowedExtensions: ['txt'] };
    expect(refuseTooLarge(new Blob(['x']), limits)).toBe(false);
    expect(show).not.toHaveBeenCalled();
    expect(refuseTooLarge(new Blob([new Uint8Array(1_200_000)]), limits)).toBe(true);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'yellow',
        message: 'Die Datei hat 1,20 MB, erlaubt sind höchstens 1,00 MB.',
      }),
    );
  });
});
