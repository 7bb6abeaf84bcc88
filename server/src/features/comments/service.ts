import type { Kysely } from 'kysely';
import type { Comment, CommentInput, CommentOrigin } from '@einwurf/contract';
import type { CommentRow, Database } from '../../db/types.ts';
import { getEntryForModeration } from '../entries/moderation-service.ts';
import { getEntry, recordEntryEvent, type EntryChanger } from '../entries/service.ts';
import { enqueueEvent } from '../outbox/service.ts';
import * as repo from './repository.ts';

type Db = Kysely<Database>;

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    origin: row.origin,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The comments of an entry that is not deleted (or any, for moderation), oldest first; 404 otherwise. */
export async function listComments(
  db: Db,
  entryId: string,
  options: { includeDeleted?: boolean } = {},
): Promise<Comment[]> {
  if (options.includeDeleted) await getEntryForModeration(db, entryId);
  else await getEntry(db, entryId);
  return (await repo.listComments(db, entryId)).map(toComment);
}

/**
 * Adds a comment to an entry that is not deleted; its badge comes from who wrote it (the author:
 * contributor, an account: moderation), and the timeline and the outbox (`comment.created`) record it
 * in the same transaction.
 */
export async function addComment(
  db: Db,
  entryId: string,
  input: CommentInput,
  by: EntryChanger,
): Promise<Comment> {
  const entry = await getEntry(db, entryId);
  const origin: CommentOrigin = by.actor === 'author' ? 'contributor' : 'moderation';
  const now = Date.now();
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await repo.insertComment(trx, {
      entry_id: entryId,
      origin,
      user_id: by.userId,
      title: input.title,
      content: input.content,
      created_at: now,
    });
    await recordEntryEvent(trx, entryId, 'comment_added', by, {}, now);
    await enqueueEvent(trx, {
      type: 'comment.created',
      entryId,
      data: {
        entry: { id: entryId, type: entry.data.type, title: entry.data.title, state: entry.data.state },
        comment: toComment(inserted),
      },
      now,
    });
    return inserted;
  });
  return toComment(row);
}
