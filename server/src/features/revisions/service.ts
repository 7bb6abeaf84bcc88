import {
  TIMELINE_PAGE_SIZE,
  type Entry,
  type EntryDecision,
  type EntryRevision,
  type EntryRevisionItem,
  type EntryRevisionList,
  type EntryState,
  type PageQuery,
} from '@einwurf/contract';
import { AppError } from '../../errors.ts';
import { badParam, pageParams, paginate } from '../../list-params.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { moderateEntry } from '../entries/moderation-service.ts';
import { EntryConflictError, findEntryRow, type Db, type EntryChanger } from '../entries/service.ts';
import { toEntry } from '../entries/presenter.ts';
import * as repo from './repository.ts';
import { isoDateTime } from '../../time.ts';

// Moderation's view of an entry's revisions: the list, one revision whole, and restoring one.

function toItem(row: repo.RevisionWithUser): EntryRevisionItem {
  return {
    revision: row.revision,
    saved_at: isoDateTime(row.saved_at),
    actor: row.actor,
    username: row.username,
    state: row.state,
    title: row.title,
  };
}

/** The revision number of a path, 1 or more (400 naming `revision` otherwise). */
function revisionNumber(raw: string): number {
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw badParam('revision', 'must be a whole number from 1');
  return value;
}

async function findRevisionRow(db: Db, id: string, raw: string): Promise<repo.RevisionWithUser> {
  await findEntryRow(db, id, { includeDeleted: true });
  const row = await repo.findRevision(db, id, revisionNumber(raw));
  if (!row) throw new AppError('NOT_FOUND', `the entry has no revision ${raw}`);
  return row;
}

/** The latest state change by moderation and the revision it left, when revisions were kept then. */
async function lastDecision(db: Db, id: string): Promise<EntryDecision | null> {
  const event = await repo.findLastDecision(db, id);
  if (!event || event.to_state === null) return null;
  // A decision noted before events carried revisions saw the newest revision saved by then.
  const revision = event.revision ?? (await repo.findRevisionAt(db, id, event.created_at));
  if (revision === undefined) return null;
  return {
    revision,
    from_state: event.from_state,
    to_state: event.to_state as EntryState,
    actor: event.actor,
    user_id: event.user_id,
    username: event.username,
    decided_at: isoDateTime(event.created_at),
  };
}

/**
 * One page of an entry's revisions, newest first (deleted entries too; 404 for none), with the latest
 * moderation decision, whose revision a diff starts from by default.
 */
export async function listRevisions(db: Db, id: string, query: PageQuery = {}): Promise<EntryRevisionList> {
  await findEntryRow(db, id, { includeDeleted: true });
  const page = pageParams(query, TIMELINE_PAGE_SIZE);
  const { rows, total } = await repo.listRevisions(db, id, page);
  return {
    meta: {
      pagination: paginate(page.current, page.size, total),
      last_decision: await lastDecision(db, id),
    },
    data: rows.map(toItem),
  };
}

/** The entry as one save left it: title, Markdown content and the type's other fields. */
export async function getRevision(db: Db, id: string, revision: string): Promise<EntryRevision> {
  const row = await findRevisionRow(db, id, revision);
  const { content, ...fields } = JSON.parse(row.data) as Record<string, unknown>;
  return {
    data: { ...toItem(row), content: typeof content === 'string' ? content : '', fields },
  };
}

/**
 * Saves an older revision's title and fields again as moderation's save of the entry, in its current
 * state: a new revision, checked and refused like any save (a deleted entry, invalid fields, a stale
 * `expected` current revision answering 409 with the stored entry).
 */
export async function restoreRevision(
  db: Db,
  contentTypes: ContentTypes,
  input: { id: string; revision: string; expected?: number | undefined },
  by: EntryChanger,
  now: number = Date.now(),
): Promise<Entry> {
  const snapshot = await findRevisionRow(db, input.id, input.revision);
  const current = await findEntryRow(db, input.id, { includeDeleted: true });
  if (input.expected !== undefined && input.expected !== current.revision) {
    throw new EntryConflictError(toEntry(current));
  }
  const fields = JSON.parse(snapshot.data) as Record<string, unknown>;
  return moderateEntry(
    db,
    contentTypes,
    input.id,
    { data: { ...fields, title: snapshot.title, revision: input.expected ?? current.revision } },
    by,
    now,
  );
}
