import { COMMENT_PAGE_SIZE, type CommentList, type PageQuery } from '@einwurf/contract';
import type { Kysely } from 'kysely';
import type { Comment, CommentInput, CommentOrigin } from '@einwurf/contract';
import type { CommentRow, Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { pageParams, paginate } from '../../list-params.ts';
import { getEntryForModeration } from '../entries/moderation-service.ts';
import { getEntry, recordEntryEvent, type EntryChanger } from '../entries/service.ts';
import { enqueueEvent } from '../outbox/service.ts';
import * as repo from './repository.ts';
import { isoDateTime } from '../../time.ts';

type Db = Kysely<Database>;

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    origin: row.origin,
    created_at: isoDateTime(row.created_at),
  };
}

/**
 * One page of the comments of an entry that is not deleted (or any, for moderation), oldest first,
 * COMMENT_PAGE_SIZE to a page unless asked otherwise; 404 otherwise, 400 naming a bad page parameter.
 * The author reading them (`byAuthor`) has then seen every comment of moderation so far.
 */
export async function listComments(
  db: Db,
  entryId: string,
  options: { includeDeleted?: boolean; page?: PageQuery; byAuthor?: boolean } = {},
): Promise<CommentList> {
  if (options.includeDeleted) await getEntryForModeration(db, entryId);
  else await getEntry(db, entryId);
  const page = pageParams(options.page ?? {}, COMMENT_PAGE_SIZE);
  const { rows, total } = await repo.listComments(db, entryId, page);
  if (options.byAuthor) await repo.markSeenByAuthor(db, entryId);
  return { meta: { pagination: paginate(page.current, page.size, total) }, data: rows.map(toComment) };
}

const HOUR_MS = 3_600_000;

/**
 * 429 RATE_LIMITED when the author wrote `perHour` comments to the entry in the last hour, with
 * Retry-After the seconds until the oldest of them is an hour old (0: no limit).
 */
async function assertAuthorCommentQuota(
  trx: Db,
  entryId: string,
  perHour: number,
  now: number,
): Promise<void> {
  if (perHour === 0) return;
  const times = await repo.recentCommentTimes(trx, entryId, 'contributor', now - HOUR_MS, perHour);
  if (times.length < perHour) return;
  const retryAfter = Math.max(1, Math.ceil((times[perHour - 1]! + HOUR_MS - now) / 1000));
  throw new AppError(
    'RATE_LIMITED',
    `at most ${perHour} comments an hour from the author, try again later`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

/**
 * Adds a comment to an entry that is not deleted; its badge comes from who wrote it (the author:
 * contributor, an account: moderation), and the timeline and the outbox (`comment.created`) record it
 * in the same transaction. The author may write `authorCommentsPerHour` comments to it in any hour
 * (counted in the same transaction, so parallel comments cannot pass it).
 */
export async function addComment(
  db: Db,
  entryId: string,
  input: CommentInput,
  by: EntryChanger,
  quota: { authorCommentsPerHour: number } = { authorCommentsPerHour: 0 },
  now = Date.now(),
): Promise<Comment> {
  const entry = await getEntry(db, entryId);
  const origin: CommentOrigin = by.actor === 'author' ? 'contributor' : 'moderation';
  const row = await db.transaction().execute(async (trx) => {
    if (origin === 'contributor') {
      await repo.lockEntry(trx, entryId);
      await assertAuthorCommentQuota(trx, entryId, quota.authorCommentsPerHour, now);
    }
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
