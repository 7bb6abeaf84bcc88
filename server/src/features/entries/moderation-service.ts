import {
  isDeletedState,
  isPublicState,
  validationModeOf,
  type Entry,
  type EntryState,
  type ModerationEntryUpdate,
} from '@einwurf/contract';
import type { EntryRow } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { parseIsoDateTime } from '../../time.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { cancelPendingEvents, enqueueEvent } from '../outbox/service.ts';
import { assertTransition } from './lifecycle.ts';
import { assigneeOf, toModerationEntry } from './assignment-service.ts';
import { findEntryRow, softDeleteEntry, writeEntryEdit, type Db, type EntryChanger } from './service.ts';

// Moderation's use-cases over any entry: read, save with a state (and, publishing, a time), delete.

/** Any entry, deleted ones included (state deleted), for moderation; 404 when there is none. */
export async function getEntryForModeration(db: Db, id: string): Promise<Entry> {
  return toModerationEntry(db, await findEntryRow(db, id, { includeDeleted: true }));
}

const PUBLISH_AT = 'data/publish_at';

function badPublishAt(message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${PUBLISH_AT}: ${message}`, [
    { field: PUBLISH_AT, keyword: 'format', message },
  ]);
}

/**
 * When readers see an entry that moderation saves in state `to` at `now`, from the `data.publish_at`
 * it sent: an ISO date-time in the future schedules the publication (or gives a scheduled one a new
 * time), null publishes now, and absent or as GET answered it keeps the stored time (now for an
 * entry that was not public). Null when `to` is not public: leaving publication cancels a schedule.
 * A bad, past or (for an entry readers already see) new time is refused with 400 naming the field.
 */
export function publicationTimeOf(row: EntryRow, to: EntryState, sent: unknown, now: number): number | null {
  let asked: number | null | undefined;
  if (sent === undefined || sent === null) asked = sent;
  else {
    asked = typeof sent === 'string' ? parseIsoDateTime(sent) : undefined;
    if (asked === undefined) {
      throw badPublishAt('must be an ISO UTC date-time such as 2026-12-01T08:00:00Z, or null to publish now');
    }
  }
  if (!isPublicState(to)) return null;
  const current = isPublicState(row.state) ? (row.published_at ?? now) : null;
  const isScheduled = current !== null && current > now;
  if (asked === undefined || asked === current) return current ?? now;
  if (asked === null) return isScheduled ? now : (current ?? now);
  if (asked <= now) throw badPublishAt('must be in the future, or null to publish now');
  if (current !== null && !isScheduled) {
    throw badPublishAt('the entry is public already; unpublish it before scheduling its publication');
  }
  return asked;
}

/**
 * Where moderation's changes announce publications that a state change alone does not tell (the
 * state change's own events are written by writeEntryEdit and changeEntryState, `entry.published`
 * at the time readers see the entry): called in the change's transaction with when readers saw the
 * entry from before it and after it (null: not public) and the change's time.
 * - A schedule called off before its time: readers never saw the entry, so the pending
 *   `entry.published` and the `entry.unpublished` just written are withdrawn.
 * - A published entry given another time (rescheduled, or published now): its pending
 *   `entry.published` is withdrawn and one written for the new time.
 */
async function announcePublication(
  trx: Db,
  change: {
    entry: { id: string; type: string; title: string };
    before: number | null;
    after: number | null;
    now: number;
  },
): Promise<void> {
  const { entry, before, after, now } = change;
  if (after === null) {
    if (before !== null && before > now) {
      await cancelPendingEvents(trx, entry.id, ['entry.published', 'entry.unpublished']);
    }
    return;
  }
  if (before === null) return;
  await cancelPendingEvents(trx, entry.id, ['entry.published']);
  await enqueueEvent(trx, {
    type: 'entry.published',
    entryId: entry.id,
    data: {
      id: entry.id,
      type: entry.type,
      title: entry.title,
      state: 'published',
      previous_state: 'published',
    },
    now,
    availableAt: after,
  });
}

const visibleFrom = (row: EntryRow): number | null => (isPublicState(row.state) ? row.published_at : null);

/**
 * Moderation's save: the fields and, when `data.state` differs, the state change in one transaction
 * with their events. The state change must be one the lifecycle allows (409 INVALID_TRANSITION naming
 * both states); fields are checked as strictly as the resulting state asks; `data.publish_at` sets
 * when a published entry appears (see publicationTimeOf). `now` is the app's clock.
 */
export async function moderateEntry(
  db: Db,
  contentTypes: ContentTypes,
  id: string,
  update: ModerationEntryUpdate,
  by: EntryChanger,
  now: number = Date.now(),
): Promise<Entry> {
  return db.transaction().execute(async (trx) => {
    const row = await findEntryRow(trx, id, { includeDeleted: true });
    const to = update.data.state ?? row.state;
    if (isDeletedState(row.state)) {
      if (!isDeletedState(to)) assertTransition(by.actor, row.state, to);
      throw new AppError(
        'INVALID_TRANSITION',
        `a deleted entry cannot be edited (${row.state} to ${row.state})`,
      );
    }
    // DESIGN's state table deletes through DELETE alone.
    if (isDeletedState(to)) {
      throw new AppError('VALIDATION_FAILED', 'data/state: delete the entry with DELETE', [
        { field: 'data/state', keyword: 'enum', message: 'delete the entry with DELETE' },
      ]);
    }
    if (to !== row.state) assertTransition(by.actor, row.state, to);
    const publishedAt = publicationTimeOf(row, to, update.data.publish_at, now);
    const saved = await writeEntryEdit(
      trx,
      contentTypes,
      row,
      { data: update.data, state: to, mode: validationModeOf(to), publishedAt },
      by,
      now,
    );
    const after = isPublicState(to) ? publishedAt : null;
    if (after !== visibleFrom(row)) {
      const entry = { id, type: row.type, title: saved.data.title };
      await announcePublication(trx, { entry, before: visibleFrom(row), after, now });
    }
    saved.data.assignee = await assigneeOf(trx, row);
    return saved;
  });
}

/** Moderation's soft delete of any entry; deleting a deleted entry again changes nothing. */
export async function deleteEntryAsModeration(
  db: Db,
  id: string,
  by: EntryChanger,
  now: number = Date.now(),
): Promise<void> {
  const row = await findEntryRow(db, id, { includeDeleted: true });
  if (isDeletedState(row.state)) return;
  await softDeleteEntry(db, id, by, {
    clock: now,
    onChanged: async (trx, before) => {
      const from = visibleFrom(before);
      if (from === null) return;
      const entry = { id, type: before.type, title: before.title };
      await announcePublication(trx, { entry, before: from, after: null, now });
    },
  });
}
