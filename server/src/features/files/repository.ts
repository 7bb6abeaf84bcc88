import { sql, type Kysely } from 'kysely';
import { ENTRY_LIFECYCLE } from '@einwurf/contract';
import { dialectOf } from '../../db/database.ts';
import type { Database, FileRow, NewFileRow } from '../../db/types.ts';

type Db = Kysely<Database>;

const FILE_COLUMNS = [
  'id',
  'entry_id',
  'key',
  'preview_key',
  'name',
  'extension',
  'content_type',
  'size',
  'sha256',
  'is_image',
  'created_at',
] as const;

export async function insertFile(db: Db, row: NewFileRow): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').select(FILE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** An entry's files, oldest first. */
export async function listEntryFiles(db: Db, entryId: string): Promise<FileRow[]> {
  return db
    .selectFrom('files')
    .select(FILE_COLUMNS)
    .where('entry_id', '=', entryId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function updateFileName(db: Db, id: string, name: string): Promise<boolean> {
  const result = await db.updateTable('files').set({ name }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes a file's row and answers it, so the caller can remove its content. */
export async function deleteFile(db: Db, id: string): Promise<FileRow | undefined> {
  return db.deleteFrom('files').where('id', '=', id).returning(FILE_COLUMNS).executeTakeFirst();
}

/**
 * Whether the entry exists and is not soft-deleted: only such an entry takes new files. With `lock`
 * (inside a transaction) its row is locked on PostgreSQL, so parallel uploads to one entry count its
 * files one after the other; SQLite's single writer serializes them already.
 */
export async function isEntryOpen(
  db: Db,
  entryId: string,
  options: { lock?: boolean } = {},
): Promise<boolean> {
  let query = db
    .selectFrom('entries')
    .select('id')
    .where('id', '=', entryId)
    .where('state', '!=', ENTRY_LIFECYCLE.deleted);
  if (options.lock && dialectOf(db) === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

/** How many files an entry holds and their bytes together (originals, as uploaded). */
export async function entryFileTotals(db: Db, entryId: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('files')
    .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number | null>('size').as('bytes')])
    .where('entry_id', '=', entryId)
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes ?? 0) };
}

// file_chunks: the content of the database storage driver.

export async function insertChunk(
  db: Db,
  row: { key: string; seq: number; bytes: Uint8Array; content_type: string | null },
): Promise<void> {
  await db.insertInto('file_chunks').values(row).execute();
}

/** Moves the chunks written under a staging key to their real key in one transaction, replacing any. */
export async function renameChunks(db: Db, from: string, to: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('file_chunks').where('key', '=', to).execute();
    await trx.updateTable('file_chunks').set({ key: to }).where('key', '=', from).execute();
  });
}

export async function deleteChunks(db: Db, key: string): Promise<void> {
  await db.deleteFrom('file_chunks').where('key', '=', key).execute();
}

// substr, not LIKE: base64url keys contain `_`, LIKE's one-character wildcard.
const startsWith = (prefix: string) => sql<boolean>`substr(key, 1, ${prefix.length}) = ${prefix}`;

export async function deleteChunksByPrefix(db: Db, prefix: string): Promise<void> {
  await db.deleteFrom('file_chunks').where(startsWith(prefix)).execute();
}

/** Distinct keys starting with `prefix` (the staging keys a sweep looks at). */
export async function listChunkKeys(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('file_chunks')
    .select('key')
    .distinct()
    .where(startsWith(prefix))
    .execute();
  return rows.map((r) => r.key);
}

/** Chunk count, total bytes and content type of one key; count 0 when there is no such object. */
export async function chunkSummary(
  db: Db,
  key: string,
): Promise<{ count: number; size: number; contentType: string | null }> {
  const row = await db
    .selectFrom('file_chunks')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      sql<number | null>`sum(length(bytes))`.as('size'),
      eb.fn.max('content_type').as('content_type'),
    ])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), size: Number(row.size ?? 0), contentType: row.content_type };
}

export async function readChunk(db: Db, key: string, seq: number): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('file_chunks')
    .select('bytes')
    .where('key', '=', key)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.bytes;
}

export async function totalChunkBytes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('file_chunks')
    .select(sql<number | null>`sum(length(bytes))`.as('size'))
    .executeTakeFirstOrThrow();
  return Number(row.size ?? 0);
}

/** The state and type of a file's entry, for the access rules; undefined when the entry is gone. */
export async function findEntryOfFile(
  db: Db,
  entryId: string,
): Promise<{ id: string; state: string; type: string } | undefined> {
  return db
    .selectFrom('entries')
    .select(['id', 'state', 'type'])
    .where('id', '=', entryId)
    .executeTakeFirst();
}

/**
 * Files older than `before` whose entry's data does not mention their id: uploaded but never saved
 * into the entry, or taken out of it. LIKE's `_` may match any character, which can only keep a
 * file, never remove a referenced one.
 */
export async function listUnreferencedFiles(db: Db, before: number, limit: number): Promise<FileRow[]> {
  return db
    .selectFrom('files as f')
    .innerJoin('entries as e', 'e.id', 'f.entry_id')
    .select(FILE_COLUMNS.map((column) => `f.${column}` as const))
    .where('f.created_at', '<', before)
    .where(sql<boolean>`e.data not like '%' || f.id || '%'`)
    .limit(limit)
    .execute();
}

export async function deleteFiles(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('files').where('id', 'in', ids).execute();
}

/** Which of `ids` are files of the entry. */
export async function findFileIdsOfEntry(
  db: Db,
  entryId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('entry_id', '=', entryId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}
