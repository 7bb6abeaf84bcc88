import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  createEntryValidator,
  ENTRY_LICENCE,
  ENTRY_STATES,
  ENTRY_SYSTEM_FIELDS,
  type Entry,
  type EntryActor,
  type EntryData,
  type EntryEvent,
  type EntryEventKind,
  type EntryState,
  type EntryUpdate,
  type FieldError,
  type ModerationEntryUpdate,
  type ValidationMode,
} from '@einwurf/contract';
import type { Database, EntryRow } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { VERSION } from '../../version.ts';
import type { ContentType, ContentTypes } from '../content-types/service.ts';
import { indexEntries, unindexEntries } from '../search/service.ts';
import { verifyDummyPassword, verifyPassword } from '../users/passwords.ts';
import * as repo from './repository.ts';

type Db = Kysely<Database>;

/** Who makes a change: the entry's author, or a moderation account. */
export type EntryChanger = { actor: EntryActor; userId: string | null };
export const AUTHOR: EntryChanger = Object.freeze({ actor: 'author', userId: null });

type Transition = { actors: readonly EntryActor[]; from: readonly EntryState[]; to: readonly EntryState[] };

const MODERATION: readonly EntryActor[] = ['mod', 'admin'];
const UNDELETED = ENTRY_STATES.filter((s) => s !== 'deleted');

/** DESIGN's state table. Saves keep the state and are not transitions; published is read-only for authors. */
export const TRANSITIONS: readonly Transition[] = [
  { actors: ['author'], from: ['draft', 'rejected'], to: ['proposed'] },
  { actors: ['author'], from: ['draft', 'proposed', 'rejected'], to: ['deleted'] },
  { actors: MODERATION, from: UNDELETED, to: ['published', 'rejected', 'proposed', 'draft'] },
  { actors: MODERATION, from: ENTRY_STATES, to: ['deleted'] },
];

/** Whether the transition table lets this actor move an entry from one state to another. */
export function canTransition(actor: EntryActor, from: EntryState, to: EntryState): boolean {
  return TRANSITIONS.some((t) => t.actors.includes(actor) && t.from.includes(from) && t.to.includes(to));
}

/** Throws 409 INVALID_TRANSITION, naming both states, unless the table allows the change. */
export function assertTransition(actor: EntryActor, from: EntryState, to: EntryState): void {
  if (!canTransition(actor, from, to)) {
    throw new AppError('INVALID_TRANSITION', `an entry cannot go from ${from} to ${to} (${actor})`);
  }
}

/** A 409 of a stale save: besides the error, the body carries the stored entry to merge with. */
export class EntryConflictError extends AppError {
  constructor(readonly entry: Entry) {
    super(
      'CONFLICT',
      `the entry was saved meanwhile (revision ${entry.data.revision}); merge and save again`,
    );
  }

  override toBody() {
    return { ...super.toBody(), ...this.entry };
  }
}

const notFound = () => new AppError('NOT_FOUND', 'no such entry');
const readOnly = () => new AppError('ENTRY_READ_ONLY', 'the entry is published and can no longer be changed');
const SYSTEM_FIELDS = new Set<string>(ENTRY_SYSTEM_FIELDS);

/** A new unguessable entry id: 128 random bits, base64url (22 characters). */
export function newEntryId(): string {
  return randomBytes(16).toString('base64url');
}

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

function storedFields(row: EntryRow): Record<string, unknown> {
  return JSON.parse(row.data) as Record<string, unknown>;
}

/** The API's view of a stored entry: meta plus data with timestamps as ISO strings. */
export function toEntry(row: EntryRow): Entry {
  const fields = storedFields(row);
  const data: EntryData = {
    ...fields,
    content: typeof fields['content'] === 'string' ? fields['content'] : '',
    id: row.id,
    type: row.type,
    state: row.state,
    title: row.title,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    revision: row.revision,
  };
  return { meta: { version: VERSION, licence: ENTRY_LICENCE }, data };
}

function typeOf(contentTypes: ContentTypes, row: EntryRow): ContentType {
  const type = contentTypes.types.get(row.type);
  // A type folder removed while entries of it remain is an operator's error, not the client's.
  if (!type) throw new Error(`entry ${row.id} has type "${row.type}", which is no longer installed`);
  return type;
}

/** Validates an entry's fields with its type's validator; failing fields are named `data/<field>`. */
function assertValid(type: ContentType, fields: Record<string, unknown>, mode: ValidationMode): void {
  const errors = createEntryValidator(type.schema).validate(fields, mode);
  if (errors.length === 0) return;
  const prefixed: FieldError[] = errors.map((e) => ({ ...e, field: e.field ? `data/${e.field}` : 'data' }));
  const names = [...new Set(prefixed.map((e) => e.field))].join(', ');
  throw new AppError('VALIDATION_FAILED', `the entry has invalid or missing fields: ${names}`, prefixed);
}

/** The fields of a sent entry that its type defines; server fields and unknown keys are dropped. */
function editableFields(type: ContentType, data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(type.schema.properties)
      .filter((name) => !SYSTEM_FIELDS.has(name) && Object.hasOwn(data, name))
      .map((name) => [name, data[name]]),
  );
}

/** Writes one line of an entry's timeline; call it inside the transaction of the change. */
export async function recordEntryEvent(
  db: Db,
  entryId: string,
  kind: EntryEventKind,
  by: EntryChanger,
  states: { from?: EntryState; to?: EntryState } = {},
  now = Date.now(),
): Promise<void> {
  await repo.insertEntryEvent(db, {
    entry_id: entryId,
    kind,
    actor: by.actor,
    user_id: by.userId,
    from_state: states.from ?? null,
    to_state: states.to ?? null,
    created_at: now,
  });
}

/** Creates an empty draft of a type with the author's password hash, and its `created` event. */
export async function createEntry(db: Db, input: { type: string; passwordHash: string }): Promise<Entry> {
  const now = Date.now();
  const row: EntryRow = {
    id: newEntryId(),
    type: input.type,
    state: 'draft',
    title: '',
    data: JSON.stringify({ content: '' }),
    password_hash: input.passwordHash,
    revision: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await repo.insertEntry(trx, row);
    await recordEntryEvent(trx, row.id, 'created', AUTHOR, { to: 'draft' }, now);
  });
  return toEntry(row);
}

async function findLiveEntry(db: Db, id: string): Promise<EntryRow> {
  const row = await repo.findEntry(db, id);
  if (!row || row.state === 'deleted') throw notFound();
  return row;
}

/** An entry that is not deleted (404 NOT_FOUND otherwise). */
export async function getEntry(db: Db, id: string): Promise<Entry> {
  return toEntry(await findLiveEntry(db, id));
}

/**
 * Saves an author's edit: published entries are read-only (409), a save from an older revision is
 * refused with the stored entry (409), fields are checked in draft mode, the state stays as it is.
 */
export async function saveEntry(
  db: Db,
  contentTypes: ContentTypes,
  id: string,
  update: EntryUpdate,
  by: EntryChanger = AUTHOR,
): Promise<Entry> {
  return db.transaction().execute(async (trx) => {
    const row = await findLiveEntry(trx, id);
    if (row.state === 'published' && by.actor === 'author') throw readOnly();
    if (update.data.revision !== row.revision) throw new EntryConflictError(toEntry(row));
    const type = typeOf(contentTypes, row);
    const { title, ...fields } = editableFields(type, update.data);
    assertValid(type, { title, ...fields }, 'draft');
    const now = Math.max(Date.now(), row.updated_at);
    const saved: EntryRow = {
      ...row,
      title: typeof title === 'string' ? title : '',
      data: JSON.stringify({ content: '', ...fields }),
      revision: row.revision + 1,
      updated_at: now,
    };
    const written = await repo.updateEntryAtRevision(trx, id, row.revision, {
      title: saved.title,
      data: saved.data,
      revision: saved.revision,
      updated_at: now,
    });
    if (!written) throw new EntryConflictError(toEntry(await findLiveEntry(trx, id)));
    await indexEntries(trx, [saved]);
    await recordEntryEvent(trx, id, 'saved', by, { from: row.state, to: row.state }, now);
    return toEntry(saved);
  });
}

/**
 * Moves an entry to another state as the transition table allows (409 INVALID_TRANSITION
 * otherwise) and records it; moderation uses it for publish, reject, reopen and delete.
 */
export async function changeEntryState(
  db: Db,
  id: string,
  to: EntryState,
  by: EntryChanger,
  kind: EntryEventKind = 'state_changed',
): Promise<Entry> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.findEntry(trx, id);
    if (!row) throw notFound();
    assertTransition(by.actor, row.state, to);
    const now = Math.max(Date.now(), row.updated_at);
    const changed: EntryRow = {
      ...row,
      state: to,
      updated_at: now,
      deleted_at: to === 'deleted' ? now : null,
    };
    const written = await repo.updateEntryState(trx, id, row.state, {
      state: changed.state,
      updated_at: changed.updated_at,
      deleted_at: changed.deleted_at,
    });
    if (!written) throw new AppError('CONFLICT', 'the entry changed meanwhile; load it and try again');
    await indexEntries(trx, [changed]);
    await recordEntryEvent(trx, id, kind, by, { from: row.state, to }, now);
    return toEntry(changed);
  });
}

/**
 * The author's "submit": the stored entry must pass the whole schema (400 naming the fields);
 * draft and rejected become proposed, proposed stays proposed, published is read-only (409).
 */
export async function proposeEntry(db: Db, contentTypes: ContentTypes, id: string): Promise<Entry> {
  const row = await findLiveEntry(db, id);
  if (row.state === 'published') throw readOnly();
  assertValid(typeOf(contentTypes, row), { title: row.title, ...storedFields(row) }, 'strict');
  if (row.state === 'proposed') return toEntry(row);
  return changeEntryState(db, id, 'proposed', AUTHOR, 'proposed');
}

/** The author's soft delete: 404 when already deleted, 409 ENTRY_READ_ONLY once published. */
export async function deleteEntryAsAuthor(db: Db, id: string): Promise<void> {
  const row = await findLiveEntry(db, id);
  if (row.state === 'published') throw readOnly();
  await changeEntryState(db, id, 'deleted', AUTHOR, 'deleted');
}

/** An entry's timeline, oldest first (404 when the entry is deleted, unless moderation asks). */
export async function listEntryEvents(
  db: Db,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<EntryEvent[]> {
  if (options.includeDeleted) await getEntryForModeration(db, id);
  else await findLiveEntry(db, id);
  return (await repo.listEntryEvents(db, id)).map((e) => ({
    kind: e.kind,
    actor: e.actor,
    from_state: e.from_state,
    to_state: e.to_state,
    created_at: iso(e.created_at),
  }));
}

/**
 * Checks an author's password for an entry of the given type; a missing, deleted or other-typed
 * entry costs the same hashing work as a wrong password and gives the same answer.
 */
export async function verifyEntryPassword(
  db: Db,
  input: { id: string; type: string; password: string },
): Promise<boolean> {
  const row = await repo.findEntry(db, input.id);
  if (!row || row.state === 'deleted' || row.type !== input.type) return verifyDummyPassword(input.password);
  return verifyPassword(row.password_hash, input.password);
}

/** Entries created since the given time (epoch ms), deleted ones included; drives the pow difficulty. */
export function countEntriesCreatedSince(db: Db, since: number): Promise<number> {
  return repo.countEntriesCreatedSince(db, since);
}

/** Entries purged in one transaction: short ones, so other requests never wait long for the writer. */
const PURGE_BATCH = 500;

/**
 * Removes entries soft-deleted before `olderThan` (epoch ms) with their events, comments, file rows
 * and index, a batch per transaction; answers their ids, so the caller can remove the files' content.
 */
export async function purgeDeletedEntries(db: Db, olderThan: number): Promise<string[]> {
  const purged: string[] = [];
  for (;;) {
    const ids = await db.transaction().execute(async (trx) => {
      const batch = await repo.listEntriesDeletedBefore(trx, olderThan, PURGE_BATCH);
      await unindexEntries(trx, batch);
      await repo.deleteEntries(trx, batch);
      return batch;
    });
    purged.push(...ids);
    if (ids.length < PURGE_BATCH) return purged;
  }
}

/** Any entry, deleted ones included (state deleted), for moderation; 404 when there is none. */
export async function getEntryForModeration(db: Db, id: string): Promise<Entry> {
  const row = await repo.findEntry(db, id);
  if (!row) throw notFound();
  return toEntry(row);
}

const STRICT_STATES: readonly EntryState[] = ['published', 'proposed'];

/**
 * Moderation's save: the fields and, when `data.state` differs, the state change in one
 * transaction with their events. A stale revision answers 409 with the stored entry; the state
 * change must be in the transition table (409 INVALID_TRANSITION naming both states); fields are
 * checked strictly when the entry ends up published or proposed, in draft mode otherwise.
 */
export async function moderateEntry(
  db: Db,
  contentTypes: ContentTypes,
  id: string,
  update: ModerationEntryUpdate,
  by: EntryChanger,
): Promise<Entry> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.findEntry(trx, id);
    if (!row) throw notFound();
    const to = update.data.state ?? row.state;
    if (row.state === 'deleted') {
      if (to !== 'deleted') assertTransition(by.actor, row.state, to);
      throw new AppError('INVALID_TRANSITION', 'a deleted entry cannot be edited (deleted to deleted)');
    }
    if (to === 'deleted') {
      throw new AppError('VALIDATION_FAILED', 'data/state: delete the entry with DELETE', [
        { field: 'data/state', keyword: 'enum', message: 'delete the entry with DELETE' },
      ]);
    }
    if (to !== row.state) assertTransition(by.actor, row.state, to);
    if (update.data.revision !== row.revision) throw new EntryConflictError(toEntry(row));
    const type = typeOf(contentTypes, row);
    const { title, ...fields } = editableFields(type, update.data);
    assertValid(type, { title, ...fields }, STRICT_STATES.includes(to) ? 'strict' : 'draft');
    const now = Math.max(Date.now(), row.updated_at);
    const saved: EntryRow = {
      ...row,
      title: typeof title === 'string' ? title : '',
      data: JSON.stringify({ content: '', ...fields }),
      state: to,
      revision: row.revision + 1,
      updated_at: now,
      deleted_at: null,
    };
    const written = await repo.updateEntryAsModeration(trx, id, row, {
      title: saved.title,
      data: saved.data,
      state: saved.state,
      revision: saved.revision,
      updated_at: now,
      deleted_at: null,
    });
    if (!written) {
      const stored = await repo.findEntry(trx, id);
      if (!stored) throw notFound();
      throw new EntryConflictError(toEntry(stored));
    }
    await indexEntries(trx, [saved]);
    const edited = saved.title !== row.title || saved.data !== row.data;
    if (edited || to === row.state) {
      await recordEntryEvent(trx, id, 'saved', by, { from: row.state, to: row.state }, now);
    }
    if (to !== row.state) await recordEntryEvent(trx, id, 'state_changed', by, { from: row.state, to }, now);
    return toEntry(saved);
  });
}

/** Moderation's soft delete of any entry; deleting a deleted entry again changes nothing. */
export async function deleteEntryAsModeration(db: Db, id: string, by: EntryChanger): Promise<void> {
  const row = await repo.findEntry(db, id);
  if (!row) throw notFound();
  if (row.state === 'deleted') return;
  await changeEntryState(db, id, 'deleted', by, 'deleted');
}
