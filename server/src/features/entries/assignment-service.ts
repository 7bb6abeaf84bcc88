import { ENTRY_ASSIGNED_EVENT, isDeletedState, type Entry } from '@einwurf/contract';
import type { EntryRow } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { enqueueEvent } from '../outbox/service.ts';
import { findStaffAccount } from '../users/service.ts';
import { toEntry } from './presenter.ts';
import * as repo from './repository.ts';
import { findEntryRow, recordEntryEvent, type Db, type EntryChanger } from './service.ts';

// Moderation's assignments: a moderator takes an entry, gives it to a colleague, or releases it.

/** A staff account acting: how the timeline records it, and its name for the outbox. */
export type StaffChanger = EntryChanger & { username: string | null };

/** The staff account an assignment names; null releases the entry. */
export type Assignee = { id: string; username: string } | null;

/**
 * The staff account named `username` (regardless of case), null for null; 400 VALIDATION_FAILED
 * naming `field` when no mod or admin has that name.
 */
export async function resolveAssignee(db: Db, username: string | null, field: string): Promise<Assignee> {
  if (username === null) return null;
  const user = await findStaffAccount(db, username, field);
  return { id: user.id, username: user.username };
}

/** The username of the account that has the entry; null when nobody has it. */
export async function assigneeOf(db: Db, row: EntryRow): Promise<string | null> {
  if (row.assignee_id === null) return null;
  return (await repo.findUsernameById(db, row.assignee_id)) ?? null;
}

/** Moderation's view of an entry: the author's, plus who has it. */
export async function toModerationEntry(db: Db, row: EntryRow): Promise<Entry> {
  const entry = toEntry(row);
  entry.data.assignee = await assigneeOf(db, row);
  return entry;
}

/**
 * Gives the entry to `to` (null: nobody) in one transaction with its timeline line (kind
 * `assigned`) and the outbox event `entry.assigned`. Giving it to the account that has it changes
 * nothing. Taking an entry someone else has is allowed: the screens ask first. A deleted entry is
 * given to nobody (409 CONFLICT); an unknown one is 404.
 */
export async function assignEntry(
  db: Db,
  id: string,
  to: Assignee,
  by: StaffChanger,
  now: number = Date.now(),
): Promise<Entry> {
  return db.transaction().execute(async (trx) => {
    const row = await findEntryRow(trx, id, { includeDeleted: true });
    if (isDeletedState(row.state)) {
      throw new AppError('CONFLICT', 'a deleted entry cannot be assigned; restore it first');
    }
    const toId = to?.id ?? null;
    if (row.assignee_id === toId) return toModerationEntry(trx, row);
    const previous = await assigneeOf(trx, row);
    if (!(await repo.updateEntryAssignee(trx, id, row.assignee_id, toId))) {
      throw new AppError('CONFLICT', 'the entry was assigned meanwhile; load it and try again');
    }
    const assignee = to?.username ?? null;
    await recordEntryEvent(trx, id, 'assigned', by, { assignee }, now);
    await enqueueEvent(trx, {
      type: ENTRY_ASSIGNED_EVENT,
      entryId: id,
      data: {
        id,
        type: row.type,
        title: row.title,
        state: row.state,
        assignee,
        previous_assignee: previous,
        by: by.username,
      },
      now,
    });
    return toModerationEntry(trx, { ...row, assignee_id: toId });
  });
}
