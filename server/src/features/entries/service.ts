import { setTimeout } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  createEntryValidator,
  DEFAULT_LOCALE,
  describeEntryErrors,
  type Locale,
  type MessageElement,
  ENTRY_LIFECYCLE,
  ENTRY_SYSTEM_FIELDS,
  isDeletedState,
  isPublicState,
  type Entry,
  type EntryActor,
  type EntryEventKind,
  type EntryState,
  type FieldError,
  type ValidationMode,
  TIMELINE_PAGE_SIZE,
  type EntryEventList,
  type PageQuery,
} from '@einwurf/contract';
import type { Database, EntryRevisionRow, EntryRow, NewEntryEventRow } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { pageParams, paginate } from '../../list-params.ts';
import { recordAuditAs, SYSTEM_AUDIT, type AuditContext } from '../audit/service.ts';
import type { ContentType, ContentTypes } from '../content-types/service.ts';
import { assertOwnFileUrls } from '../files/references.ts';
import { enqueueEntryStateEvents } from '../outbox/service.ts';
import { keepPublicHtml, rememberPurgedPublicEntries } from '../public/service.ts';
import {
  reindexEntry,
  searchChangeOf,
  searchVectorOf,
  unindexEntries,
  writeSearchChange,
} from '../search/service.ts';
import { verifyDummyPassword, verifyPassword } from '../users/passwords.ts';
import { assertTransition } from './lifecycle.ts';
import { toEntry, toEntryEvent, toModerationEntryEvent } from './presenter.ts';
import * as repo from './repository.ts';

// What the author's and moderation's use-cases share: finding entries, writing an edit or a state
// change with its events, timelines, the password check and the purge.

export type Db = Kysely<Database>;

/**
 * Who makes a change: the entry's author, or a moderation account; for moderation, who acts and from
 * where for the audit log (without it, the account by its id).
 */
export type EntryChanger = { actor: EntryActor; userId: string | null; audit?: AuditContext };
export const AUTHOR: EntryChanger = Object.freeze({ actor: 'author', userId: null });

/**
 * Records a state change by moderation in the audit log, in the change's transaction; authors'
 * changes are their entry's own timeline, not staff's actions.
 */
async function auditStateChange(
  trx: Db,
  by: EntryChanger,
  entry: { id: string; type: string },
  states: { from: EntryState; to: EntryState },
  at: number,
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (by.actor === 'author') return;
  const audit: AuditContext =
    by.audit ??
    (by.userId === null
      ? SYSTEM_AUDIT
      : { actor: { type: 'user', id: by.userId, username: null }, clientAddress: null });
  await recordAuditAs(trx, audit, {
    kind: isDeletedState(states.to) ? 'entry.deleted' : 'entry.state_changed',
    target: { type: 'entry', id: entry.id },
    details: { type: entry.type, from: states.from, to: states.to, ...extra },
    at,
  });
}

/** A 409 of a stale save: besides the error, the body carries the stored entry to merge with. */
export class EntryConflictError extends AppError {
  constructor(readonly entry: Entry) {
    super(
      'CONFLICT',
      `the entry was saved meanwhile (revision ${entry.data.revision}); merge and save again`,
    );
  }

  override toBody(locale?: Locale) {
    return { ...super.toBody(locale), ...this.entry };
  }
}

const notFound = () => new AppError('NOT_FOUND', 'no such entry');
const SYSTEM_FIELDS = new Set<string>(ENTRY_SYSTEM_FIELDS);

/** A new unguessable entry id: 128 random bits, base64url (22 characters). */
export function newEntryId(): string {
  return randomBytes(16).toString('base64url');
}

/** The stored entry; 404 NOT_FOUND when there is none, or when it is deleted and `includeDeleted` is not set. */
export async function findEntryRow(
  db: Db,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<EntryRow> {
  return foundEntry(await repo.findEntry(db, id), options);
}

/** The row read for an entry: 404 NOT_FOUND when there is none, or it is deleted and not asked for. */
export function foundEntry(row: EntryRow | undefined, options: { includeDeleted?: boolean } = {}): EntryRow {
  if (!row || (!options.includeDeleted && isDeletedState(row.state))) throw notFound();
  return row;
}

/** An entry that is not deleted (404 NOT_FOUND otherwise). */
export async function getEntry(db: Db, id: string): Promise<Entry> {
  return toEntry(await findEntryRow(db, id));
}

/** The entry's type; a type folder removed while entries of it remain is an operator's error, not the client's. */
export function typeOf(contentTypes: ContentTypes, row: EntryRow): ContentType {
  const type = contentTypes.types.get(row.type);
  if (!type) throw new Error(`entry ${row.id} has type "${row.type}", which is no longer installed`);
  return type;
}

const inData = (errors: readonly FieldError[]): FieldError[] =>
  errors.map((e) => ({ ...e, field: e.field ? `data/${e.field}` : 'data' }));

/**
 * A 400 VALIDATION_FAILED for an entry's fields, in the request's language: the message names the
 * fields by their UI labels, each field error says in plain words what to do (the contract's
 * forms/messages, as the web app words it) and names choices by their texts. `field`, `keyword` and
 * `params` are the validator's, fields named `data/<field>`.
 */
export class EntryValidationError extends AppError {
  readonly #errors: FieldError[];
  readonly #uiSchema: readonly MessageElement[];

  constructor(errors: FieldError[], uiSchema: readonly MessageElement[]) {
    const described = describeEntryErrors(errors, DEFAULT_LOCALE, uiSchema);
    super('VALIDATION_FAILED', described.message, inData(described.errors));
    this.#errors = errors;
    this.#uiSchema = uiSchema;
  }

  override inLanguage(locale: Locale): { message: string; fields: FieldError[] } {
    const described = describeEntryErrors(this.#errors, locale, this.#uiSchema);
    return { message: described.message, fields: inData(described.errors) };
  }
}

/** Validates an entry's fields with its type's validator; failing fields are named `data/<field>`. */
export function assertValid(type: ContentType, fields: Record<string, unknown>, mode: ValidationMode): void {
  // Compiled when the types loaded (in their shared Ajv instance); this finds it by the schema object.
  const errors = createEntryValidator(type.schema).validate(fields, mode);
  if (errors.length === 0) return;
  throw new EntryValidationError(errors, type.uischema as MessageElement[]);
}

/** The fields of a sent entry that its type defines; server fields and unknown keys are dropped. */
function editableFields(type: ContentType, data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(type.schema.properties)
      .filter((name) => !SYSTEM_FIELDS.has(name) && Object.hasOwn(data, name))
      .map((name) => [name, data[name]]),
  );
}

/** When an entry moving from `row`'s state to `to` at `now` was published: kept while it stays public. */
function publishedAtAfter(row: EntryRow, to: EntryState, now: number): number | null {
  if (!isPublicState(to)) return null;
  return isPublicState(row.state) ? (row.published_at ?? now) : now;
}

/** Writes one line of an entry's timeline; call it inside the transaction of the change. */
export async function recordEntryEvent(
  db: Db,
  entryId: string,
  kind: EntryEventKind,
  by: EntryChanger,
  states: EventStates = {},
  now = Date.now(),
  publishAt: number | null = null,
): Promise<void> {
  await repo.insertEntryEvent(db, entryEventRow(entryId, kind, by, states, now, publishAt));
}

type EventStates = { from?: EntryState; to?: EntryState; revision?: number; assignee?: string | null };

/** The row of an event recordEntryEvent writes. */
function entryEventRow(
  entryId: string,
  kind: EntryEventKind,
  by: EntryChanger,
  states: EventStates,
  now: number,
  publishAt: number | null,
): NewEntryEventRow {
  return {
    entry_id: entryId,
    kind,
    actor: by.actor,
    user_id: by.userId,
    from_state: states.from ?? null,
    to_state: states.to ?? null,
    created_at: now,
    publish_at: publishAt,
    revision: states.revision ?? null,
    assignee: states.assignee ?? null,
  };
}

/**
 * Keeps the entry as its creation left it; call it inside the transaction of the creation (a save
 * keeps its revision with its edit, writeEntryEdit).
 */
export async function recordEntryRevision(db: Db, row: EntryRow, by: EntryChanger): Promise<void> {
  await repo.insertRevision(db, revisionRowOf(row, by));
}

/** The revision keeping the entry as a save (or its creation) by `by` left it. */
function revisionRowOf(row: EntryRow, by: EntryChanger): EntryRevisionRow {
  return {
    entry_id: row.id,
    revision: row.revision,
    title: row.title,
    data: row.data,
    state: row.state,
    actor: by.actor,
    user_id: by.userId,
    saved_at: row.updated_at,
  };
}

/** An edit of an entry: its fields, its new state, how strictly to check them. */
export type EntryEdit = {
  data: Record<string, unknown> & { revision: number };
  state: EntryState;
  mode: ValidationMode;
  /**
   * When readers see the entry from, as moderation decided it (a scheduled publication); absent, the
   * time it became public is kept while it stays public, and is now when it becomes public.
   */
  publishedAt?: number | null;
};

/**
 * Writes an edit of a live entry read in `trx`, with its new state: a save from an older revision is
 * refused with the stored entry (409), the fields are checked in `mode`, and fields, state, index and
 * events change together. The caller has checked the transition and who may edit. `clock` is the
 * time of the change (the app's clock, which tests move).
 */
export async function writeEntryEdit(
  trx: Db,
  contentTypes: ContentTypes,
  row: EntryRow,
  edit: EntryEdit,
  by: EntryChanger,
  clock: number = Date.now(),
): Promise<Entry> {
  if (edit.data.revision !== row.revision) throw new EntryConflictError(toEntry(row));
  const type = typeOf(contentTypes, row);
  const { title, ...fields } = editableFields(type, edit.data);
  assertValid(type, { title, ...fields }, edit.mode);
  await assertOwnFileUrls(trx, type, row.id, fields);
  const now = Math.max(clock, row.updated_at);
  const saved: EntryRow = {
    ...row,
    title: typeof title === 'string' ? title : '',
    data: JSON.stringify({ content: '', ...fields }),
    state: edit.state,
    revision: row.revision + 1,
    updated_at: now,
    deleted_at: null,
    published_at:
      edit.publishedAt !== undefined && isPublicState(edit.state)
        ? edit.publishedAt
        : publishedAtAfter(row, edit.state, now),
  };
  const search = searchChangeOf(trx, row, saved);
  const searchVector = searchVectorOf(trx, search);
  const changesState = saved.state !== row.state;
  const publishAt = scheduleNoted(row, saved, now);
  // A new time for a scheduled publication is a save of the entry, noted with that time.
  const reschedules = !changesState && publishAt !== null;
  const savedEvent =
    !changesState || saved.title !== row.title || saved.data !== row.data
      ? entryEventRow(
          row.id,
          'saved',
          by,
          { from: row.state, to: row.state, revision: saved.revision },
          now,
          reschedules ? publishAt : null,
        )
      : undefined;
  // The revision and the event are written with the edit, when it is (on PostgreSQL by its statement).
  const written = await repo.updateEntryAtRevision(
    trx,
    row.id,
    row,
    {
      title: saved.title,
      data: saved.data,
      state: saved.state,
      revision: saved.revision,
      updated_at: now,
      deleted_at: null,
      published_at: saved.published_at,
      ...(searchVector === undefined ? {} : { searchVector }),
    },
    { revision: revisionRowOf(saved, by), event: savedEvent },
  );
  if (!written) {
    // Moderation merges with whatever is stored; an author's entry deleted meanwhile is gone (404).
    const stored = await findEntryRow(trx, row.id, { includeDeleted: by.actor !== 'author' });
    throw new EntryConflictError(toEntry(stored));
  }
  if (search !== undefined && searchVector === undefined) await writeSearchChange(trx, search);
  if (isPublicState(saved.state) || isPublicState(row.state)) await keepPublicHtml(trx, saved);
  if (changesState) {
    await recordEntryEvent(
      trx,
      row.id,
      'state_changed',
      by,
      { from: row.state, to: saved.state, revision: saved.revision },
      now,
      publishAt,
    );
    // A scheduled publication is heard of when readers can see it.
    const visibleAt =
      saved.published_at !== null && saved.published_at > now ? saved.published_at : undefined;
    await auditStateChange(
      trx,
      by,
      row,
      { from: row.state, to: saved.state },
      now,
      visibleAt !== undefined ? { publish_at: new Date(visibleAt).toISOString() } : {},
    );
    await enqueueEntryStateEvents(
      trx,
      saved,
      { from: row.state, to: saved.state },
      { now, ...(visibleAt !== undefined ? { publishAt: visibleAt } : {}) },
    );
  }
  return toEntry(saved);
}

/**
 * The publication time an entry's timeline notes for a change from `before` to `after` at `now`: the
 * new time when the change schedules a publication, or moves a scheduled one (to now, too); else null.
 */
function scheduleNoted(before: EntryRow, after: EntryRow, now: number): number | null {
  if (after.published_at === null || after.published_at === before.published_at) return null;
  const wasScheduled = before.published_at !== null && before.published_at > now;
  return after.published_at > now || wasScheduled ? after.published_at : null;
}

/** What a state change may be told: the time of the change, and what to write with it in its transaction. */
export type StateChangeOptions = {
  /** The time of the change (the app's clock). */
  clock?: number;
  /** Called in the change's transaction with the row before and after, and the change's time. */
  onChanged?: (trx: Db, before: EntryRow, after: EntryRow, now: number) => Promise<void>;
};

/**
 * Moves an entry to another state as the lifecycle allows (409 INVALID_TRANSITION otherwise) and
 * records it; proposing and deleting use it, and tests that need an entry in a state.
 */
export async function changeEntryState(
  db: Db,
  id: string,
  to: EntryState,
  by: EntryChanger,
  kind: EntryEventKind = 'state_changed',
  options: StateChangeOptions = {},
): Promise<Entry> {
  const { clock = Date.now(), onChanged } = options;
  return db.transaction().execute(async (trx) => {
    const row = await findEntryRow(trx, id, { includeDeleted: true });
    assertTransition(by.actor, row.state, to);
    const now = Math.max(clock, row.updated_at);
    const changed: EntryRow = {
      ...row,
      state: to,
      updated_at: now,
      deleted_at: isDeletedState(to) ? now : null,
      published_at: publishedAtAfter(row, to, now),
    };
    const written = await repo.updateEntryState(trx, id, row.state, {
      state: changed.state,
      updated_at: changed.updated_at,
      deleted_at: changed.deleted_at,
      published_at: changed.published_at,
    });
    if (!written) throw new AppError('CONFLICT', 'the entry changed meanwhile; load it and try again');
    await reindexEntry(trx, row, changed);
    if (isPublicState(row.state) !== isPublicState(to)) await keepPublicHtml(trx, changed);
    await recordEntryEvent(trx, id, kind, by, { from: row.state, to, revision: row.revision }, now);
    await auditStateChange(trx, by, row, { from: row.state, to }, now);
    await enqueueEntryStateEvents(trx, changed, { from: row.state, to }, { now });
    await onChanged?.(trx, row, changed, now);
    return toEntry(changed);
  });
}

/** Soft-deletes an entry as the lifecycle lets `by` (409 INVALID_TRANSITION otherwise). */
export async function softDeleteEntry(
  db: Db,
  id: string,
  by: EntryChanger,
  options: StateChangeOptions = {},
): Promise<Entry> {
  return changeEntryState(db, id, ENTRY_LIFECYCLE.deleted, by, 'deleted', options);
}

/** Timeline kinds that are moderation's business alone: the author's timeline leaves them out. */
const MODERATION_KINDS: readonly EntryEventKind[] = ['assigned'];

/**
 * One page of an entry's timeline, oldest first, TIMELINE_PAGE_SIZE to a page unless asked otherwise
 * (404 when the entry is deleted, unless moderation asks; 400 naming a bad page parameter).
 * Moderation's timeline names the accounts and has the assignments; the author's has neither.
 */
export async function listEntryEvents(
  db: Db,
  id: string,
  options: { moderation?: boolean; page?: PageQuery } = {},
): Promise<EntryEventList> {
  const moderation = options.moderation ?? false;
  await findEntryRow(db, id, { includeDeleted: moderation });
  const page = pageParams(options.page ?? {}, TIMELINE_PAGE_SIZE);
  const { rows, total } = await repo.listEntryEvents(db, id, page, moderation ? [] : MODERATION_KINDS);
  const present = moderation ? toModerationEntryEvent : toEntryEvent;
  return { meta: { pagination: paginate(page.current, page.size, total) }, data: rows.map(present) };
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
  if (!row || isDeletedState(row.state) || row.type !== input.type) {
    return verifyDummyPassword(input.password);
  }
  return verifyPassword(row.password_hash, input.password);
}

/** Entries created since the given time (epoch ms), deleted ones included; drives the pow difficulty. */
export function countEntriesCreatedSince(db: Db, since: number): Promise<number> {
  return repo.countEntriesCreatedSince(db, since);
}

/** Entries purged in one transaction: short ones, so other requests never wait long for the writer. */
export const PURGE_BATCH = 100;
/** The longest rest between two batches of a purge. */
const PURGE_REST_MAX_MS = 250;

/**
 * Removes entries soft-deleted before `olderThan` (epoch ms) with their events, revisions, comments,
 * file rows and index, a batch per transaction, leaving a tombstone of those once public for the public list's
 * mirrors; answers their ids, so the caller can remove the files' content.
 */
export async function purgeDeletedEntries(db: Db, olderThan: number, now = Date.now()): Promise<string[]> {
  const purged: string[] = [];
  for (;;) {
    const began = performance.now();
    const ids = await db.transaction().execute(async (trx) => {
      const batch = await repo.listEntriesDeletedBefore(trx, olderThan, PURGE_BATCH);
      await rememberPurgedPublicEntries(trx, batch, now);
      await unindexEntries(trx, batch);
      await repo.deleteEntries(trx, batch);
      for (const id of batch) {
        await recordAuditAs(trx, SYSTEM_AUDIT, {
          kind: 'entry.purged',
          target: { type: 'entry', id },
          at: now,
        });
      }
      return batch;
    });
    purged.push(...ids);
    if (ids.length < PURGE_BATCH) return purged;
    // SQLite on the server's thread answers without I/O, so a batch holds the event loop. The purge
    // rests as long as its batch took: requests waiting meanwhile get at least half of the time, not
    // one turn of the loop per batch (a request needs many), so they are not served after the purge.
    await setTimeout(Math.min(performance.now() - began, PURGE_REST_MAX_MS));
  }
}
