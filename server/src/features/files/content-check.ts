import { Readable } from 'node:stream';
import { AppError } from '../../errors.ts';

/** Enough of the head for file-type to tell the Office and OpenDocument zip containers apart. */
export const HEAD_BYTES = 64 * 1024;

/** The content type each extension must have, and is served with. */
const EXPECTED_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

/** Plain text has no magic bytes; these are accepted when their head is UTF-8 without NULs. */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Extensions whose content is an image (the spec's image extensions). */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'tif',
  'tiff',
]);

export type CheckedType = { contentType: string; isImage: boolean };

function refuse(message: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', message);
}

function isUtf8Text(head: Buffer, complete: boolean): boolean {
  if (head.includes(0)) return false;
  try {
    // stream: true lets a character cut in two at the end of a partial head pass.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/**
 * Accepts a file only when its extension is allowed and its first bytes are what the extension
 * says (magic bytes), so an executable renamed to `.png` is refused with 415. `complete` tells
 * whether `head` is the whole file. Answers the content type to store and serve.
 */
export async function checkContent(
  head: Buffer,
  extension: string,
  allowedExtensions: readonly string[],
  complete: boolean,
): Promise<CheckedType> {
  const ext = extension.toLowerCase();
  if (!allowedExtensions.includes(ext)) throw refuse(`Files ending in .${ext} are not accepted`);
  const textType = TEXT_TYPES[ext];
  if (textType !== undefined) {
    if (!isUtf8Text(head, complete)) throw refuse(`The file is not UTF-8 text, as .${ext} must be`);
    return { contentType: textType, isImage: false };
  }
  // file-type and its many detectors load at the first upload that needs them, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  const expected = EXPECTED_TYPES[ext];
  const matches =
    detected !== undefined && (expected !== undefined ? detected.mime === expected : detected.ext === ext);
  if (!matches || detected === undefined) {
    throw refuse(`The file's content does not match its extension .${ext}`);
  }
  return { contentType: detected.mime, isImage: IMAGE_EXTENSIONS.has(ext) };
}

/**
 * Reads the first `bytes` of a stream and answers them with a stream that yields the whole content
 * again (the head, then the rest as it arrives), so checks can look before storage writes.
 */
export async function peekHead(
  source: Readable,
  bytes = HEAD_BYTES,
): Promise<{ head: Buffer; complete: boolean; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let complete = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      complete = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const start = Buffer.concat(chunks);
  async function* replay(): AsyncGenerator<Buffer> {
    let finished = complete;
    try {
      if (start.length > 0) yield start;
      while (!finished) {
        const next = await iterator.next();
        if (next.done) finished = true;
        else yield next.value;
      }
    } finally {
      // The consumer stopped early (a failed write): stop reading the upload too.
      if (!finished) await iterator.return?.();
    }
  }
  return { head: start.subarray(0, bytes), complete, stream: Readable.from(replay(), { objectMode: false }) };
}
