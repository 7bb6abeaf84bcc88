import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { isDeletedState, isPublicState, type Role } from '@einwurf/contract';
import type { Database, FileRow } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { assertAuthorMayChange } from '../entries/lifecycle.ts';
import { recordEntryEvent, type EntryChanger } from '../entries/service.ts';
import { checkContent, peekHead } from './content-check.ts';
import { storeImage } from './images.ts';
import * as repo from './repository.ts';
import { fileUrl } from './urls.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { fileLimitsFor, type FileLimits } from './limits.ts';
import { ByteMeter } from './storage/meter.ts';
import type { FileStorage, StoredObject } from './storage/types.ts';

type Db = Kysely<Database>;

/** A file as the API shows it: its row, `is_image` as a boolean, and the URL that is its identity. */
export type StoredFile = Omit<FileRow, 'is_image' | 'key' | 'preview_key'> & {
  is_image: boolean;
  has_preview: boolean;
  url: string;
};

const NAME_MAX = 120;

/** Answers a row as the API shows it. */
export function toStoredFile(row: FileRow): StoredFile {
  const { key: _key, preview_key, is_image, ...rest } = row;
  return { ...rest, is_image: is_image === 1, has_preview: preview_key !== null, url: fileUrl(row) };
}

function cleanBaseName(raw: string): string {
  const base = raw
    .normalize('NFC')
    // Control characters and slashes: the name is the last segment of the URL and a download name.
    .replace(/[\p{Cc}\p{Cf}/\\]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return [...base].slice(0, NAME_MAX).join('').trim() || 'file';
}

/** Splits an uploaded file name into a clean display base and its lower-case extension. */
export function splitFileName(filename: string): { base: string; extension: string } {
  const last = filename.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const extension = dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
  if (!/^[a-z0-9]{1,16}$/.test(extension)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file name has no extension');
  }
  return { base: cleanBaseName(last.slice(0, dot)), extension };
}

function newFileId(): string {
  return randomBytes(16).toString('base64url');
}

function isPrematureClose(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ABORT_ERR';
}

export type StoreUploadInput = {
  db: Db;
  storage: FileStorage;
  entryId: string;
  /** The name the client sent; its extension decides what the content must be. */
  filename: string;
  stream: Readable;
  maxBytes: number;
  /** Images with more pixels are refused (413) before they are decoded. */
  maxPixels: number;
  allowedExtensions: readonly string[];
  /** Who uploads, for the entry's timeline. */
  by: EntryChanger;
  /** The most files, and bytes of files, the entry may hold. */
  quota: EntryFileQuota;
  now?: number;
};

/** The most files, and bytes of files together, one entry may hold. */
export type EntryFileQuota = { maxFiles: number; maxBytes: number };

/**
 * 409 FILE_QUOTA_EXCEEDED when the entry, holding `totals`, cannot take `adding` more bytes in one
 * more file. Waiting does not help (so no 429), removing a file does.
 */
function assertFileQuota(
  quota: EntryFileQuota,
  totals: { files: number; bytes: number },
  adding: number,
): void {
  if (totals.files >= quota.maxFiles) {
    throw new AppError(
      'FILE_QUOTA_EXCEEDED',
      `The entry already holds ${totals.files} files, the most it may hold is ${quota.maxFiles}; remove one first`,
    );
  }
  if (totals.bytes + adding > quota.maxBytes) {
    throw new AppError(
      'FILE_QUOTA_EXCEEDED',
      `The entry's files may hold ${quota.maxBytes} bytes together; it holds ${totals.bytes}, and ${adding} more do not fit`,
    );
  }
}

/**
 * Stores one upload: refuses a disallowed extension (415) and a missing or deleted entry (404)
 * before reading, stops at `maxBytes` mid-stream (413), checks the magic bytes against the
 * extension (415), strips image metadata and makes a preview, then writes the row and the entry's
 * `file_added` event in one transaction. On every failure the input is destroyed and nothing is
 * left behind: no object in storage, no row.
 */
export async function storeUpload(input: StoreUploadInput): Promise<StoredFile> {
  const { db, storage, entryId, stream } = input;
  const written: string[] = [];
  const limiter = new ByteMeter(input.maxBytes, { hash: false });
  let streamError: unknown;
  try {
    const { base, extension } = splitFileName(input.filename);
    if (!input.allowedExtensions.includes(extension)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Files ending in .${extension} are not accepted`);
    }
    if (!(await repo.isEntryOpen(db, entryId))) throw new AppError('NOT_FOUND', 'No such entry');

    // The limit counts what the client sends, before any processing.
    const fed = pipeline(stream, limiter).catch((error: unknown) => {
      streamError = error;
    });
    const { head, complete, stream: content } = await peekHead(limiter);
    const checked = await checkContent(head, extension, input.allowedExtensions, complete);

    const id = newFileId();
    const key = `${entryId}/${id}`;
    let stored: { size: number; sha256: string; contentType: string; previewKey: string | null };
    if (checked.isImage) {
      const previewKey = `${key}.preview.webp`;
      written.push(key, previewKey);
      stored = await storeImage(storage, content, { key, previewKey, extension, maxPixels: input.maxPixels });
    } else {
      written.push(key);
      const result = await storage.put(key, content, { contentType: checked.contentType });
      stored = { ...result, contentType: checked.contentType, previewKey: null };
    }
    await fed;
    if (streamError !== undefined) throw streamError;

    const row: FileRow = {
      id,
      entry_id: entryId,
      key,
      preview_key: stored.previewKey,
      name: `${base}.${extension}`,
      extension,
      content_type: stored.contentType,
      size: stored.size,
      sha256: stored.sha256,
      is_image: checked.isImage ? 1 : 0,
      created_at: input.now ?? Date.now(),
    };
    await db.transaction().execute(async (trx) => {
      // The entry may have been deleted while the upload streamed; parallel uploads wait here, so
      // each counts the files of those before it.
      if (!(await repo.isEntryOpen(trx, entryId, { lock: true }))) {
        throw new AppError('NOT_FOUND', 'No such entry');
      }
      assertFileQuota(input.quota, await repo.entryFileTotals(trx, entryId), row.size);
      await repo.insertFile(trx, row);
      await recordEntryEvent(trx, entryId, 'file_added', input.by, {}, row.created_at);
    });
    return toStoredFile(row);
  } catch (error) {
    // Read before destroying: destroying makes the feeding pipeline report a premature close.
    const inputError = streamError ?? limiter.errored ?? stream.errored;
    const inputCut = inputError !== null || (stream.destroyed && !stream.readableEnded);
    stream.destroy();
    limiter.destroy();
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    if (inputError instanceof AppError) throw inputError;
    // A client that goes away mid-upload is no server error.
    if (inputCut || isPrematureClose(error)) {
      throw new AppError('BAD_REQUEST', 'The upload ended before the file was complete');
    }
    throw error;
  }
}

/** A file's row by id; 404 when there is none. */
export async function getFile(db: Db, id: string): Promise<FileRow> {
  const row = await repo.findFile(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such file');
  return row;
}

/** An entry's files as the API shows them, oldest first. */
export async function listEntryFiles(db: Db, entryId: string): Promise<StoredFile[]> {
  return (await repo.listEntryFiles(db, entryId)).map(toStoredFile);
}

/** Opens a file's content, or its WebP preview (the original where there is none). */
export async function openFile(
  storage: FileStorage,
  row: FileRow,
  variant: 'original' | 'preview' = 'original',
): Promise<StoredObject> {
  const object = await storage.get(variant === 'preview' && row.preview_key ? row.preview_key : row.key);
  // The row's type was checked against the content on upload; it wins over what a store kept.
  return variant === 'preview' && row.preview_key ? object : { ...object, contentType: row.content_type };
}

/** Renames a file: `name` is the new name without extension; the extension stays. */
export async function renameFile(db: Db, id: string, name: string): Promise<StoredFile> {
  const row = await getFile(db, id);
  const suffix = `.${row.extension}`;
  const raw = name.toLowerCase().endsWith(suffix) ? name.slice(0, -suffix.length) : name;
  const renamed = `${cleanBaseName(raw)}${suffix}`;
  if (!(await repo.updateFileName(db, id, renamed))) throw new AppError('NOT_FOUND', 'No such file');
  return toStoredFile({ ...row, name: renamed });
}

/** Removes a file: its row and `file_removed` event in one transaction, then its content. */
export async function removeFile(
  db: Db,
  storage: FileStorage,
  id: string,
  by: EntryChanger,
  now = Date.now(),
): Promise<void> {
  const row = await db.transaction().execute(async (trx) => {
    const removed = await repo.deleteFile(trx, id);
    if (!removed) throw new AppError('NOT_FOUND', 'No such file');
    await recordEntryEvent(trx, removed.entry_id, 'file_removed', by, {}, now);
    return removed;
  });
  await storage.delete(row.key);
  if (row.preview_key) await storage.delete(row.preview_key);
}

/** Removes the content of all an entry's files (its rows go with the entry, by cascade). */
export async function removeEntryFiles(storage: FileStorage, entryId: string): Promise<void> {
  await storage.deletePrefix(`${entryId}/`);
}

/** Who asks for a file: the session's role and, for an author, the entry the session is for. */
export type FileViewer = { role: Role; entryId: string | null };

const noSuchFile = () => new AppError('NOT_FOUND', 'No such file');
const isModeration = (viewer: FileViewer) => viewer.role === 'mod' || viewer.role === 'admin';

/**
 * DESIGN's rule for files: those of a published (public) entry are everyone's to read; otherwise only the
 * entry's author session and moderation see them. Renames and deletes are for moderation, and for
 * the author until the entry is published (409). Anyone else gets the 404 of a missing file, so a
 * file's existence is not told. Answers whether the file is public (its entry's state is).
 */
export async function authorizeFile(
  db: Db,
  row: FileRow,
  viewer: FileViewer,
  mode: 'read' | 'change',
): Promise<{ isPublic: boolean }> {
  const entry = await repo.findEntryOfFile(db, row.entry_id);
  if (!entry) throw noSuchFile();
  const answer = { isPublic: isPublicState(entry.state) };
  if (isModeration(viewer)) return answer;
  const isAuthor = viewer.role === 'anon' && viewer.entryId === entry.id && !isDeletedState(entry.state);
  if (mode === 'read' && (answer.isPublic || isAuthor)) return answer;
  if (!isAuthor) throw noSuchFile();
  assertAuthorMayChange(entry.state, 'its files can no longer be changed');
  return answer;
}

/**
 * Checks an upload may start and answers the limits of the entry's type: 404 for a missing or
 * deleted entry, 409 for an author's published entry, 409 FILE_QUOTA_EXCEEDED for an entry whose
 * files are at their quota or that has no room for `declaredBytes` more. Nothing of the body is
 * read before.
 */
export async function prepareUpload(
  db: Db,
  contentTypes: ContentTypes,
  server: FileLimits,
  entryId: string,
  by: EntryChanger,
  quota: EntryFileQuota,
  declaredBytes = 0,
): Promise<FileLimits> {
  const entry = await repo.findEntryOfFile(db, entryId);
  if (!entry || isDeletedState(entry.state)) throw new AppError('NOT_FOUND', 'No such entry');
  if (by.actor === 'author') assertAuthorMayChange(entry.state, 'takes no more files');
  assertFileQuota(quota, await repo.entryFileTotals(db, entryId), declaredBytes);
  return fileLimitsFor(server, contentTypes.types.get(entry.type));
}

/**
 * Removes files their entry no longer mentions (never saved into it, or taken out of it) once they
 * are older than `before`: an author's upload left behind by a closed tab, or a removal not saved.
 * Answers how many it removed.
 */
export async function removeUnreferencedFiles(db: Db, storage: FileStorage, before: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await repo.listUnreferencedFiles(db, before, 200);
    await repo.deleteFiles(
      db,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      await storage.delete(row.key);
      if (row.preview_key) await storage.delete(row.preview_key);
    }
    removed += rows.length;
    if (rows.length < 200) return removed;
  }
}
