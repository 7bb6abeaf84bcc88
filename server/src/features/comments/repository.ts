import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database.ts';
import type { CommentRow, Database, NewCommentRow } from '../../db/types.ts';

type Db = Kysely<Database>;

export async function insertComment(db: Db, row: NewCommentRow): Promise<CommentRow> {
  return db.insertInto('comments').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Locks the entry's row on PostgreSQL inside a transaction, so parallel comments to one entry count
 * one after the other; SQLite's single writer serializes them already.
 */
export async function lockEntry(trx: Db, entryId: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    await trx.selectFrom('entries').select('id').where('id', '=', entryId).forUpdate().execute();
  }
}

/** When the entry's newest `limit` comments of one origin since `since` were written, newest first. */
export async function recentCommentTimes(
  db: Db,
  entryId: string,
  origin: CommentRow['origin'],
  since: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('comments')
    .select('created_at')
    .where('entry_id', '=', entryId)
    .where('origin', '=', origin)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.created_at));
}

/** One page of an entry's comments, oldest first, and how many it has in all. */
export async function listComments(
  db: Db,
  entryId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: CommentRow[]; total: number }> {
  const rows = await db
    .selectFrom('comments')
    .selectAll()
    .where('entry_id', '=', entryId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { count } = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('entry_id', '=', entryId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

/**
 * Notes that the author has read the entry's comments: its `author_seen_at` becomes the time of
 * moderation's newest comment (never earlier than it was), so only later ones count as unread.
 */
export async function markSeenByAuthor(db: Db, entryId: string): Promise<void> {
  const newest = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.max('created_at').as('newest'))
    .where('entry_id', '=', entryId)
    .where('origin', '=', 'moderation')
    .executeTakeFirst();
  if (newest?.newest === null || newest?.newest === undefined) return;
  const seen = Number(newest.newest);
  await db
    .updateTable('entries')
    .set({ author_seen_at: seen })
    .where('id', '=', entryId)
    .where((eb) => eb.or([eb('author_seen_at', 'is', null), eb('author_seen_at', '<', seen)]))
    .execute();
}
