import { isDeletedState, validationModeOf, type Entry, type ModerationEntryUpdate } from '@einwurf/contract';
import { AppError } from '../../errors.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { assertTransition } from './lifecycle.ts';
import { toEntry } from './presenter.ts';
import { findEntryRow, softDeleteEntry, writeEntryEdit, type Db, type EntryChanger } from './service.ts';

// Moderation's use-cases over any entry: read, save with a state, delete.

/** Any entry, deleted ones included (state deleted), for moderation; 404 when there is none. */
export async function getEntryForModeration(db: Db, id: string): Promise<Entry> {
  return toEntry(await findEntryRow(db, id, { includeDeleted: true }));
}

/**
 * Moderation's save: the fields and, when `data.state` differs, the state change in one transaction
 * with their events. The state change must be one the lifecycle allows (409 INVALID_TRANSITION naming
 * both states); fields are checked as strictly as the resulting state asks.
 */
export async function moderateEntry(
  db: Db,
  contentTypes: ContentTypes,
  id: string,
  update: ModerationEntryUpdate,
  by: EntryChanger,
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
    return writeEntryEdit(
      trx,
      contentTypes,
      row,
      { data: update.data, state: to, mode: validationModeOf(to) },
      by,
    );
  });
}

/** Moderation's soft delete of any entry; deleting a deleted entry again changes nothing. */
export async function deleteEntryAsModeration(db: Db, id: string, by: EntryChanger): Promise<void> {
  const row = await findEntryRow(db, id, { includeDeleted: true });
  if (isDeletedState(row.state)) return;
  await softDeleteEntry(db, id, by);
}
