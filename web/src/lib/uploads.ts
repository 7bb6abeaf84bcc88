import { CSRF_HEADER, IMAGE_EXTENSIONS, STORAGE_KEYS, type StoredFile } from './contract';
import {
  ApiError,
  apiFetch,
  apiRequest,
  apiUrl,
  failureOf,
  isCsrfRefusal,
  jsonBody,
  parseBody,
  refreshCsrfToken,
  requestLanguage,
} from './api-client';
import { formatMegabytes } from './format-number';
import { i18n } from './i18n';
import { showWarningToast } from './notify';
import { readString, writeString } from './storage';

/** Where an entry's uploads go: the author's anonymous endpoint or moderation's (section 7). */
export type UploadTarget = { role: 'anon' | 'mod'; entryId: string };

/** The file limits that apply to an entry: the server's, narrowed by its type's config.json. */
export type FileLimits = { maxFileSize: number; allowedExtensions: readonly string[] };

export { IMAGE_EXTENSIONS, formatMegabytes };

export function uploadPath(target: UploadTarget): string {
  const id = encodeURIComponent(target.entryId);
  return target.role === 'anon' ? `anon/${id}/files` : `admin/collection/entry/${id}/files`;
}

/**
 * The part of a stored file (as the server answers an upload or a rename) the uploaders read; `url`,
 * `/api/v1/files/<id>/<name>`, is its identity.
 */
export type UploadedFile = Pick<
  StoredFile,
  'id' | 'name' | 'extension' | 'content_type' | 'size' | 'is_image' | 'has_preview' | 'url'
>;

export type UploadHandle = {
  /** Resolves with the stored file; rejects with an ApiError, or an UploadCancelled after cancel(). */
  promise: Promise<UploadedFile>;
  cancel: () => void;
};

/** The connection broke before the server answered: the message says so, in the reader's language. */
export class UploadConnectionLost extends ApiError {
  constructor() {
    super(0, 'UNKNOWN', i18n.t('uploads.connectionLost'));
  }
}

export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

type XhrResult = { status: number; text: string; location: string | null };

function sendOnce(
  url: string,
  form: () => FormData,
  onProgress: ((fraction: number) => void) | undefined,
  signal: AbortSignal,
): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', requestLanguage());
    const token = readString(STORAGE_KEYS.csrfToken);
    if (token) xhr.setRequestHeader('X-Csrf-Token', token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => {
      const fresh = xhr.getResponseHeader(CSRF_HEADER);
      if (fresh) writeString(STORAGE_KEYS.csrfToken, fresh);
      resolve({ status: xhr.status, text: xhr.responseText, location: xhr.getResponseHeader('Location') });
    });
    // The server may close the connection on a refused upload (413) before reading it whole.
    xhr.addEventListener('error', () => resolve({ status: 0, text: '', location: null }));
    xhr.addEventListener('abort', () => reject(new UploadCancelled()));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form());
  });
}

/**
 * Uploads one file to an entry with progress and cancel (section 7: multipart; 201 with Location).
 * Failures get the app-wide reactions of section 8 (session expiry, 429/500 pages) like any call.
 */
export function uploadFile(
  target: UploadTarget,
  file: Blob,
  filename: string,
  onProgress?: (fraction: number) => void,
): UploadHandle {
  const controller = new AbortController();
  const url = apiUrl(uploadPath(target));
  const form = () => {
    const data = new FormData();
    data.append('file', file, filename);
    return data;
  };
  const promise = (async () => {
    let result = await sendOnce(url, form, onProgress, controller.signal);
    if (isCsrfRefusal(result.status, result.text)) {
      await refreshCsrfToken();
      result = await sendOnce(url, form, onProgress, controller.signal);
    }
    if (result.status === 201) return parseBody(result.text) as UploadedFile;
    if (result.status === 0) throw new UploadConnectionLost();
    throw failureOf(url, result.status, parseBody(result.text), '', 'POST');
  })();
  return { promise, cancel: () => controller.abort() };
}

/** Removes a file by its URL. */
export async function deleteUploadedFile(url: string): Promise<void> {
  await apiRequest(url, { method: 'DELETE' });
}

/** Renames a file: `name` without extension; the server keeps the extension and answers the new URL. */
export function renameUploadedFile(url: string, name: string): Promise<UploadedFile> {
  return apiFetch<UploadedFile>(url, { method: 'PATCH', body: jsonBody({ name }) });
}

/** The lower-case extension of a file name, '' when it has none. */
export function extensionOf(name: string): string {
  const last = name.slice(name.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/** The extensions an image field takes: the configured ones that are image types (section 5). */
export function imageExtensions(limits: FileLimits): string[] {
  return limits.allowedExtensions.filter((ext) => (IMAGE_EXTENSIONS as readonly string[]).includes(ext));
}

/** An `accept` attribute for a file input: `.jpg,.png,…`. */
export function acceptOf(extensions: readonly string[]): string {
  return extensions.map((ext) => `.${ext}`).join(',');
}

/**
 * The too-large check every uploader makes before sending (section 5): true and the warning toast
 * (title and the size in MB) when the file is past the limit.
 */
export function refuseTooLarge(file: Blob, limits: FileLimits): boolean {
  if (file.size <= limits.maxFileSize) return false;
  showWarningToast(
    i18n.t('uploads.tooLarge.title'),
    i18n.t('uploads.tooLarge.text', {
      size: formatMegabytes(file.size, i18n.language),
      max: formatMegabytes(limits.maxFileSize, i18n.language),
    }),
  );
  return true;
}
