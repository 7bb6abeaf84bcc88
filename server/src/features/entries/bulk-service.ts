import {
  DEFAULT_LOCALE,
  type Locale,
  type EntryBulkAnswer,
  type EntryBulkRequest,
  type EntryBulkResult,
  type EntryState,
} from '@einwurf/contract';
import { AppError } from '../../errors.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { assignEntry, resolveAssignee, type Assignee, type StaffChanger } from './assignment-service.ts';
import { deleteEntryAsModeration, moderateEntry } from './moderation-service.ts';
import { toEntry } from './presenter.ts';
import { findEntryRow, type Db } from './service.ts';

// Moderation's bulk actions: one action on many entries, each checked and changed in its own
// transaction by the use-case its single action runs, so each succeeds or fails as that would.

/** Publishes or rejects an entry as moderation's save does, with its stored fields and time. */
async function moveTo(
  db: Db,
  contentTypes: ContentTypes,
  id: string,
  to: EntryState,
  by: StaffChanger,
  now: number,
): Promise<void> {
  const row = await findEntryRow(db, id, { includeDeleted: true });
  // Already there: nothing to do, as deleting a deleted entry does nothing.
  if (row.state === to) return;
  // Without publish_at the stored publication time is kept: now for an entry that was not public.
  const { publish_at: _kept, ...data } = toEntry(row).data;
  await moderateEntry(db, contentTypes, id, { data: { ...data, state: to } }, by, now);
}

async function applyTo(
  db: Db,
  contentTypes: ContentTypes,
  id: string,
  action: EntryBulkRequest['action'],
  assignee: Assignee,
  by: StaffChanger,
  now: number,
): Promise<void> {
  switch (action) {
    case 'publish':
      return moveTo(db, contentTypes, id, 'published', by, now);
    case 'reject':
      return moveTo(db, contentTypes, id, 'rejected', by, now);
    case 'delete':
      return deleteEntryAsModeration(db, id, by, now);
    case 'assign':
      await assignEntry(db, id, assignee, by, now);
  }
}

/** A refusal as the result of one entry: the status, code and message its single action answers. */
function refusal(id: string, error: AppError, locale: Locale): EntryBulkResult {
  const { message } = error.inLanguage(locale);
  return { id, ok: false, status: error.statusCode, code: error.code, message };
}

/**
 * Runs one action on each entry named, in the order sent, each in its own transaction: publish and
 * reject as moderation's save with the new state (the lifecycle's transitions, strict checks of a
 * published entry, the stored publication time kept), delete as moderation's delete, assign as the
 * assignment (`assignee` required: a staff username, or null to release). A refused entry does not
 * stop the others; the answer names each one's result. The request itself is refused (400) when
 * `assignee` is missing for assign, or sent for another action, or names no staff account.
 */
export async function runBulkAction(
  db: Db,
  contentTypes: ContentTypes,
  request: EntryBulkRequest,
  by: StaffChanger,
  now: number = Date.now(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<EntryBulkAnswer> {
  const sent = Object.hasOwn(request, 'assignee') && request.assignee !== undefined;
  if (request.action === 'assign' && !sent) {
    throw new AppError('VALIDATION_FAILED', 'assignee: required for action assign (null releases)', [
      { field: 'assignee', keyword: 'required', message: 'required for action assign (null releases)' },
    ]);
  }
  if (request.action !== 'assign' && sent) {
    throw new AppError('VALIDATION_FAILED', 'assignee: only for action assign', [
      { field: 'assignee', keyword: 'unexpected', message: 'only for action assign' },
    ]);
  }
  const assignee =
    request.action === 'assign' ? await resolveAssignee(db, request.assignee ?? null, 'assignee') : null;
  const results: EntryBulkResult[] = [];
  for (const id of request.ids) {
    try {
      await applyTo(db, contentTypes, id, request.action, assignee, by, now);
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push(refusal(id, error, locale));
    }
  }
  const succeeded = results.filter((result) => result.ok).length;
  return { data: { results, succeeded, failed: results.length - succeeded } };
}
