import { sql, type Kysely, type QueryCreator } from 'kysely';
import { ENTRY_LIFECYCLE, type EntryState } from '@einwurf/contract';
import { compiledOnce } from '../../db/compiled-once.ts';
import { dialectOf } from '../../db/database.ts';
import { pgVector } from '../search/vector.ts';
import type {
  Database,
  EntryEventRow,
  EntryRevisionRow,
  EntryRow,
  NewEntryEventRow,
  NewEntryRow,
} from '../../db/types.ts';

type Db = Kysely<Database>;

export type CountChange = { type: string; state: EntryState; delta: number };

/** Which filters a count of entries has: its state (else every state but deleted), its type. */
export type CountedShape = { state: boolean; type: boolean };

/**
 * The state no list shows unless asked, written into the SQL (not a parameter): a statement of an
 * unfiltered list then has no parameters, and PostgreSQL plans it once per connection instead of
 * at each call (with parameters it plans anew for their values whenever that looks cheaper, which
 * took half its time on a moderator's list).
 */
export const NOT_DELETED = sql.lit(ENTRY_LIFECYCLE.deleted);

/** The count of entries in the shape's state and type, summed from entry_counts (also a subquery). */
export function countedEntriesQuery(
  db: Db,
  shape: CountedShape,
  state: EntryState | undefined,
  type: string | undefined,
) {
  let counted = db.selectFrom('entry_counts').select((eb) => eb.fn.sum<number>('count').as('count'));
  counted = shape.state ? counted.where('state', '=', state!) : counted.where('state', '<>', NOT_DELETED);
  return shape.type ? counted.where('type', '=', type!) : counted;
}

const countedEntries = compiledOnce(countedEntriesQuery, (shape) => `${shape.state} ${shape.type}`);

/**
 * How many entries are in the state (or in any but deleted) and of the type, when given: from
 * entry_counts (kept by every write), not by counting rows.
 */
export async function countEntries(
  db: Db,
  filter: { state?: EntryState | undefined; type?: string | undefined },
): Promise<number> {
  const shape = { state: filter.state !== undefined, type: filter.type !== undefined };
  const [row] = await countedEntries(db, shape, filter.state, filter.type);
  return Number(row?.count ?? 0);
}

/**
 * Moves the entries-per-type-and-state counters; every write that adds, moves or removes entries calls
 * it. The counters are written in key order, so two writers moving entries between the same counters
 * (one to a state, one back) lock them in the same order and one waits instead of both deadlocking.
 */
export async function adjustEntryCounts(db: Db, changes: CountChange[]): Promise<void> {
  const byKey = (a: CountChange, b: CountChange) =>
    a.type < b.type ? -1 : a.type > b.type ? 1 : a.state < b.state ? -1 : a.state > b.state ? 1 : 0;
  for (const { type, state, delta } of [...changes].sort(byKey)) {
    if (delta === 0) continue;
    await db
      .insertInto('entry_counts')
      .values({ type, state, count: delta })
      .onConflict((oc) =>
        oc
          .columns(['type', 'state'])
          .doUpdateSet({ count: sql<number>`entry_counts.count + excluded.count` }),
      )
      .execute();
  }
}

export async function insertEntry(db: Db, row: NewEntryRow): Promise<void> {
  await db.insertInto('entries').values(row).execute();
  await adjustEntryCounts(db, [{ type: row.type, state: row.state, delta: 1 }]);
}

const ENTRY_COLUMNS = [
  'id',
  'type',
  'state',
  'title',
  'data',
  'password_hash',
  'revision',
  'created_at',
  'updated_at',
  'deleted_at',
  'published_at',
  'assignee_id',
  'language',
  'author_seen_at',
] as const;

const entryById = compiledOnce((db, _shape: void, id: string) =>
  db.selectFrom('entries').select(ENTRY_COLUMNS).where('id', '=', id),
);

export async function findEntry(db: Db, id: string): Promise<EntryRow | undefined> {
  const [row] = await entryById(db, undefined, id);
  return row;
}

// The comments' origin is written into the SQL: the entry's id is the statement's only parameter,
// and PostgreSQL plans it once (NOT_DELETED says why).
const entryWithUnread = compiledOnce((db, _shape: void, id: string) =>
  db
    .selectFrom('entries')
    .select(ENTRY_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('comments')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('comments.entry_id', '=', 'entries.id')
        .where('comments.origin', '=', sql.lit('moderation'))
        .where((inner) =>
          inner.or([
            inner('entries.author_seen_at', 'is', null),
            inner('comments.created_at', '>', inner.ref('entries.author_seen_at')),
          ]),
        )
        .as('unread_moderation_comments'),
    )
    .where('id', '=', id),
);

/**
 * The entry with how many comments moderation wrote since its author last read them (all of them
 * when never), in one statement: the author's read asks for both on every call.
 */
export async function findEntryWithUnreadComments(
  db: Db,
  id: string,
): Promise<{ row: EntryRow; unread: number } | undefined> {
  const [found] = await entryWithUnread(db, undefined, id);
  if (found === undefined) return undefined;
  const { unread_moderation_comments: unread, ...row } = found;
  return { row, unread: Number(unread ?? 0) };
}

/** Ids of soft-deleted entries deleted before the given time: the ones a purge removes. */
export async function listEntriesDeletedBefore(db: Db, before: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('entries')
    .select('id')
    .where('state', '=', ENTRY_LIFECYCLE.deleted)
    .where('deleted_at', '<', before)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Removes the given entries; events, revisions and comments go with them (their keys cascade). */
export async function deleteEntries(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const removed = await db
    .deleteFrom('entries')
    .where('id', 'in', ids)
    .returning(['type', 'state'])
    .execute();
  const groups = new Map<string, CountChange>();
  for (const { type, state } of removed) {
    const key = `${type}\n${state}`;
    const group = groups.get(key) ?? { type, state, delta: 0 };
    group.delta -= 1;
    groups.set(key, group);
  }
  await adjustEntryCounts(db, [...groups.values()]);
  return removed.length;
}

/**
 * Writes an edit (fields, and the state when it changes) only when the stored revision and state are
 * still the ones the edit started from, `from` being the row as the edit read it. Title, state,
 * deletion and publication time are set only when they change: SQLite rewrites the entries of every
 * index (and fires every trigger) naming a column the statement sets, whether its value changes or
 * not, and an author's save changes none of them. The values it leaves are the ones read: every
 * other write of them changes the revision or the state, which the update checks. `kept` (the
 * save's revision and the event noting it) is written only with the edit: on PostgreSQL by the
 * edit's own statement, one round trip instead of two.
 */
export async function updateEntryAtRevision(
  db: Db,
  id: string,
  from: Pick<EntryRow, 'revision' | 'state' | 'title' | 'deleted_at' | 'published_at'>,
  update: EntryUpdate,
  kept: KeptWithEdit,
): Promise<boolean> {
  const changed: ChangedColumns = {
    title: update.title !== from.title,
    state: update.state !== from.state,
    deletedAt: update.deleted_at !== from.deleted_at,
    publishedAt: update.published_at !== from.published_at,
    searchVector: update.searchVector !== undefined,
  };
  const edit: EditColumns = [
    id,
    from.revision,
    from.state,
    update.title,
    update.data,
    update.revision,
    update.state,
    update.updated_at,
    update.deleted_at,
    update.published_at,
    update.searchVector?.title ?? '',
    update.searchVector?.body ?? '',
  ];
  const onPostgres = dialectOf(db) === 'postgres';
  const [row]: { type: string }[] = onPostgres
    ? await entryEditKeptInsert(
        db,
        { changed, event: kept.event !== undefined },
        ...edit,
        ...revisionColumnsOf(kept.revision),
        ...(kept.event === undefined ? EVENT_LEFT_OUT : entryEventColumnsOf(kept.event)),
      )
    : await entryAtRevisionUpdate(db, changed, ...edit);
  if (!row) return false;
  // On SQLite the revision and the event follow as statements of their own, in the edit's transaction.
  if (!onPostgres) {
    await insertRevision(db, kept.revision);
    if (kept.event !== undefined) await insertEntryEvent(db, kept.event);
  }
  if (update.state !== from.state) {
    await adjustEntryCounts(db, [
      { type: row.type, state: from.state, delta: -1 },
      { type: row.type, state: update.state, delta: 1 },
    ]);
  }
  return true;
}

type EntryUpdate = Pick<
  EntryRow,
  'title' | 'data' | 'revision' | 'state' | 'updated_at' | 'deleted_at' | 'published_at'
> & {
  /** PostgreSQL's full-text document (folded title and body), set with the row when it changed. */
  searchVector?: { readonly title: string; readonly body: string };
};

/**
 * Which of the columns an edit may keep it sets (the fields, revision and time are always set), and
 * whether it sets PostgreSQL's search_vector.
 */
type ChangedColumns = {
  title: boolean;
  state: boolean;
  deletedAt: boolean;
  publishedAt: boolean;
  searchVector: boolean;
};

/** An edit's columns in the order statements compiled once take them: the row it started from, then what it sets. */
type EditColumns = [
  id: string,
  fromRevision: number,
  fromState: EntryState,
  title: EntryUpdate['title'],
  data: EntryUpdate['data'],
  revision: EntryUpdate['revision'],
  state: EntryUpdate['state'],
  updatedAt: EntryUpdate['updated_at'],
  deletedAt: EntryUpdate['deleted_at'],
  publishedAt: EntryUpdate['published_at'],
  searchTitle: string,
  searchBody: string,
];
const EDIT_COLUMN_COUNT: EditColumns['length'] = 12;

/** The update of an edit at its revision, returning the entry's type (no row: the edit came too late). */
function entryAtRevisionQuery(
  db: QueryCreator<Database>,
  changed: ChangedColumns,
  ...[
    id,
    fromRevision,
    fromState,
    title,
    data,
    revision,
    state,
    updatedAt,
    deletedAt,
    publishedAt,
    searchTitle,
    searchBody,
  ]: EditColumns
) {
  const query = db
    .updateTable('entries')
    .set({
      data,
      revision,
      updated_at: updatedAt,
      ...(changed.title ? { title } : {}),
      ...(changed.state ? { state } : {}),
      ...(changed.deletedAt ? { deleted_at: deletedAt } : {}),
      ...(changed.publishedAt ? { published_at: publishedAt } : {}),
    })
    .where('id', '=', id)
    .where('revision', '=', fromRevision)
    .where('state', '=', fromState)
    .returning('type');
  // search_vector is PostgreSQL's alone, outside the shared schema's types.
  return changed.searchVector
    ? query.set(sql.ref('search_vector') as never, pgVector(searchTitle, searchBody) as never)
    : query;
}

const changedKey = ({ title, state, deletedAt, publishedAt, searchVector }: ChangedColumns) =>
  [title, state, deletedAt, publishedAt, searchVector].map(Number).join('');

const entryAtRevisionUpdate = compiledOnce(entryAtRevisionQuery, changedKey);

/** What a save keeps with the entry it changes: its revision, and the event noting it. */
export type KeptWithEdit = { revision: EntryRevisionRow; event?: NewEntryEventRow | undefined };

/** `insert into table (columns) select values from "edited"`: a row only when the edit was written. */
function insertIfEdited(
  db: QueryCreator<Database>,
  table: 'entry_revisions' | 'entry_events',
  values: Record<string, unknown>,
) {
  return db
    .insertInto(table)
    .columns(Object.keys(values) as never)
    .expression(sql`select ${sql.join(Object.values(values))} from "edited"`);
}

/** A CTE's query creator as the schema's (the named rows it adds are read by raw SQL only). */
const tables = <DB extends Database>(cte: QueryCreator<DB>) => cte as unknown as QueryCreator<Database>;

// On PostgreSQL an edit, its revision and the event noting it are one statement (one round trip
// instead of two); the revision and event are inserted only when the edit was written.
const entryEditKeptInsert = compiledOnce(
  (
    db,
    shape: { changed: ChangedColumns; event: boolean },
    ...columns: [...EditColumns, ...RevisionColumns, ...EntryEventColumns]
  ) => {
    const edit = columns.slice(0, EDIT_COLUMN_COUNT) as EditColumns;
    const revision = columns.slice(EDIT_COLUMN_COUNT, EDIT_COLUMN_COUNT + REVISION_COLUMN_COUNT);
    const event = columns.slice(EDIT_COLUMN_COUNT + REVISION_COLUMN_COUNT) as EntryEventColumns;
    const query = db
      .with('edited', (cte) => entryAtRevisionQuery(tables(cte), shape.changed, ...edit))
      .with('revision', (cte) =>
        insertIfEdited(tables(cte), 'entry_revisions', revisionValues(...(revision as RevisionColumns))),
      );
    const withEvent = shape.event
      ? (query.with('event', (cte) =>
          insertIfEdited(tables(cte), 'entry_events', entryEventValues(...event)),
        ) as unknown as typeof query)
      : query;
    return withEvent.selectFrom('edited').select('type');
  },
  ({ changed, event }) => `${changedKey(changed)}${Number(event)}`,
);

/** Moves an entry to a state only when it is still in the state the change was decided on. */
export async function updateEntryState(
  db: Db,
  id: string,
  from: EntryRow['state'],
  update: Pick<EntryRow, 'state' | 'updated_at' | 'deleted_at' | 'published_at'>,
): Promise<boolean> {
  const row = await db
    .updateTable('entries')
    .set(update)
    .where('id', '=', id)
    .where('state', '=', from)
    .returning('type')
    .executeTakeFirst();
  if (!row) return false;
  await adjustEntryCounts(db, [
    { type: row.type, state: from, delta: -1 },
    { type: row.type, state: update.state, delta: 1 },
  ]);
  return true;
}

/** A revision's columns in the order statements compiled once take them (db/compiled-once.ts). */
type RevisionColumns = [
  entryId: string,
  revision: number,
  title: string,
  data: string,
  state: EntryRevisionRow['state'],
  actor: EntryRevisionRow['actor'],
  userId: string | null,
  savedAt: number,
];

/** How many columns a revision has (the type holds it to RevisionColumns). */
const REVISION_COLUMN_COUNT: RevisionColumns['length'] = 8;

const revisionValues = (
  ...[entryId, revision, title, data, state, actor, userId, savedAt]: RevisionColumns
) => ({
  entry_id: entryId,
  revision,
  title,
  data,
  state,
  actor,
  user_id: userId,
  saved_at: savedAt,
});

const revisionColumnsOf = (row: EntryRevisionRow): RevisionColumns => [
  row.entry_id,
  row.revision,
  row.title,
  row.data,
  row.state,
  row.actor,
  row.user_id,
  row.saved_at,
];

// A revision's insert (insertRevision): built and compiled once (db/compiled-once.ts).
const revisionInsert = compiledOnce((db, _shape: void, ...columns: RevisionColumns) =>
  db.insertInto('entry_revisions').values(revisionValues(...columns)),
);

/**
 * Writes a revision of an entry: a creation's first, and on SQLite a save's (updateEntryAtRevision),
 * which PostgreSQL writes with the edit's own statement.
 */
export async function insertRevision(db: Db, row: EntryRevisionRow): Promise<void> {
  await revisionInsert(db, undefined, ...revisionColumnsOf(row));
}

/** An event's columns in the order statements compiled once take them (db/compiled-once.ts). */
type EntryEventColumns = [
  entryId: string,
  kind: EntryEventRow['kind'],
  actor: EntryEventRow['actor'],
  userId: string | null,
  fromState: EntryState | null,
  toState: EntryState | null,
  createdAt: number,
  publishAt: number | null,
  revision: number | null,
  assignee: string | null,
];

/** How many columns an event has (the type holds it to EntryEventColumns). */
const ENTRY_EVENT_COLUMN_COUNT: EntryEventColumns['length'] = 10;

/** The event's stand-ins when a save notes none (compiled out of the statement, never bound). */
const EVENT_LEFT_OUT = new Array<null>(ENTRY_EVENT_COLUMN_COUNT).fill(null) as unknown as EntryEventColumns;

const entryEventColumnsOf = (row: NewEntryEventRow): EntryEventColumns => [
  row.entry_id,
  row.kind,
  row.actor,
  row.user_id ?? null,
  row.from_state ?? null,
  row.to_state ?? null,
  row.created_at,
  row.publish_at ?? null,
  row.revision ?? null,
  row.assignee ?? null,
];

/** The values of an insert into entry_events, from (stand-ins for) its columns. */
const entryEventValues = (
  ...[
    entryId,
    kind,
    actor,
    userId,
    fromState,
    toState,
    createdAt,
    publishAt,
    revision,
    assignee,
  ]: EntryEventColumns
) => ({
  entry_id: entryId,
  kind,
  actor,
  user_id: userId,
  from_state: fromState,
  to_state: toState,
  created_at: createdAt,
  publish_at: publishAt,
  revision,
  assignee,
});

// Every change of an entry writes an event: built and compiled once.
const entryEventInsert = compiledOnce((db, _shape: void, ...columns: EntryEventColumns) =>
  db.insertInto('entry_events').values(entryEventValues(...columns)),
);

export async function insertEntryEvent(db: Db, row: NewEntryEventRow): Promise<void> {
  await entryEventInsert(db, undefined, ...entryEventColumnsOf(row));
}

/** An event with the username of the account that wrote it (null: the author, or a deleted account). */
export type EntryEventWithUser = EntryEventRow & { username: string | null };

/**
 * One page of an entry's events, oldest first, and how many it has in all; `exceptKinds` leaves
 * events of those kinds out of both.
 */
export async function listEntryEvents(
  db: Db,
  entryId: string,
  page: { limit: number; offset: number },
  exceptKinds: readonly EntryEventRow['kind'][] = [],
): Promise<{ rows: EntryEventWithUser[]; total: number }> {
  let rowsQuery = db
    .selectFrom('entry_events as ev')
    .leftJoin('users as u', 'u.id', 'ev.user_id')
    .selectAll('ev')
    .select('u.username')
    .where('ev.entry_id', '=', entryId);
  let countQuery = db
    .selectFrom('entry_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('entry_id', '=', entryId);
  if (exceptKinds.length > 0) {
    rowsQuery = rowsQuery.where('ev.kind', 'not in', exceptKinds);
    countQuery = countQuery.where('kind', 'not in', exceptKinds);
  }
  const rows = await rowsQuery
    .orderBy('ev.created_at')
    .orderBy('ev.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { count } = await countQuery.executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

/**
 * Gives an entry to another account (null: nobody), only when it still has the one the change was
 * decided on; answers whether it did.
 */
export async function updateEntryAssignee(
  db: Db,
  id: string,
  from: string | null,
  to: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('entries')
    .set({ assignee_id: to })
    .where('id', '=', id)
    .where((eb) => (from === null ? eb('assignee_id', 'is', null) : eb('assignee_id', '=', from)))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The username of an account by id; undefined when there is none. */
export async function findUsernameById(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst();
  return row?.username;
}

export async function countEntriesCreatedSince(db: Db, since: number): Promise<number> {
  const { count } = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

const lastAuthorSave = compiledOnce((db, _shape: void, id: string) =>
  db
    .selectFrom('entry_events')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('entry_id', '=', id)
    .where('kind', '=', 'saved')
    .where('actor', '=', 'author'),
);

/** When the author last saved the entry (epoch ms), from its timeline; null if never. */
export async function lastAuthorSaveAt(db: Db, id: string): Promise<number | null> {
  const [row] = await lastAuthorSave(db, undefined, id);
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}
