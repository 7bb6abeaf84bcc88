import type { Kysely } from 'kysely';
import type { CommentRow, Database, NewCommentRow } from '../../db/types.ts';

type Db = Kysely<Database>;

export async function insertComment(db: Db, row: NewCommentRow): Promise<CommentRow> {
  return db.insertInto('comments').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listComments(db: Db, entryId: string): Promise<CommentRow[]> {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('entry_id', '=', entryId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
