import {
  DEFAULT_LOCALE,
  ENTRY_AUTHOR_CHANGED_EVENT,
  ENTRY_LIFECYCLE,
  type Entry,
  type EntryUpdate,
  type Locale,
} from '@einwurf/contract';
import type { EntryRow } from '../../db/types.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { enqueueEvent } from '../outbox/service.ts';
import { assertAuthorMayChange, proposalStates } from './lifecycle.ts';
import { storedFields, toEntry } from './presenter.ts';
import * as repo from './repository.ts';
import {
  AUTHOR,
  assertValid,
  changeEntryState,
  findEntryRow,
  foundEntry,
  newEntryId,
  recordEntryEvent,
  recordEntryRevision,
  softDeleteEntry,
  typeOf,
  writeEntryEdit,
  type Db,
} from './service.ts';

// The author's use-cases for their own entry: create, read, save, propose, delete.

/**
 * Creates an empty entry in the lifecycle's first state with the author's password hash and language
 * (German unless given), and its `created` event.
 */
export async function createEntry(
  db: Db,
  input: { type: string; passwordHash: string; language?: Locale | undefined },
): Promise<Entry> {
  const now = Date.now();
  const row: EntryRow = {
    id: newEntryId(),
    type: input.type,
    state: ENTRY_LIFECYCLE.initial,
    title: '',
    data: JSON.stringify({ content: '' }),
    password_hash: input.passwordHash,
    revision: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    published_at: null,
    assignee_id: null,
    language: input.language ?? DEFAULT_LOCALE,
    author_seen_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await repo.insertEntry(trx, row);
    await recordEntryRevision(trx, row, AUTHOR);
    await recordEntryEvent(trx, row.id, 'created', AUTHOR, { to: row.state, revision: row.revision }, now);
  });
  return toEntry(row);
}

/**
 * The entry as its author reads it: with how many comments moderation wrote since the author last
 * read the comments (404 NOT_FOUND for a deleted one).
 */
export async function getEntryForAuthor(db: Db, id: string): Promise<Entry> {
  const found = await repo.findEntryWithUnreadComments(db, id);
  const entry = toEntry(foundEntry(found?.row));
  entry.meta.unread_moderation_comments = found!.unread;
  return entry;
}

/**
 * Saves an author's edit; the state stays. Fields are checked for their types only, whatever the
 * state: an unfinished edit of a proposed entry may be kept, and proposing checks the whole schema.
 */
export async function saveEntry(
  db: Db,
  contentTypes: ContentTypes,
  id: string,
  update: EntryUpdate,
): Promise<Entry> {
  return db.transaction().execute(async (trx) => {
    const row = await findEntryRow(trx, id);
    assertAuthorMayChange(row.state);
    // Moderation hears of changes to an entry it can act on (not a draft); a burst of saves is one.
    const heard = row.state !== ENTRY_LIFECYCLE.initial;
    const lastSave = heard ? await repo.lastAuthorSaveAt(trx, id) : null;
    const saved = await writeEntryEdit(
      trx,
      contentTypes,
      row,
      { data: update.data, state: row.state, mode: 'draft' },
      AUTHOR,
    );
    if (heard && (lastSave === null || Date.now() - lastSave > AUTHOR_CHANGE_QUIET_MS)) {
      await enqueueEvent(trx, {
        type: ENTRY_AUTHOR_CHANGED_EVENT,
        entryId: id,
        data: { id, type: row.type, title: saved.data.title, state: row.state },
      });
    }
    return saved;
  });
}

/** Saves by the author closer together than this make one `entry.author_changed`. */
const AUTHOR_CHANGE_QUIET_MS = 15 * 60_000;

/**
 * The author's "submit": the stored entry must pass the whole schema (400 naming the fields), then
 * moves to the state the lifecycle lets the author propose it in; an entry already there stays.
 */
export async function proposeEntry(db: Db, contentTypes: ContentTypes, id: string): Promise<Entry> {
  const row = await findEntryRow(db, id);
  assertAuthorMayChange(row.state);
  assertValid(typeOf(contentTypes, row), { title: row.title, ...storedFields(row) }, 'strict');
  const [proposed] = proposalStates();
  if (proposed === undefined || row.state === proposed) return toEntry(row);
  return changeEntryState(db, id, proposed, AUTHOR, 'proposed');
}

/** The author's soft delete: 404 when already deleted, 409 ENTRY_READ_ONLY once read-only for the author. */
export async function deleteEntryAsAuthor(db: Db, id: string): Promise<void> {
  const row = await findEntryRow(db, id);
  assertAuthorMayChange(row.state);
  await softDeleteEntry(db, id, AUTHOR);
}
