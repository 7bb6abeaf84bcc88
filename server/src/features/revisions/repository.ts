import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import { dialectOf } from '../../db/database.ts';
import type { Database, EntryEventRow, EntryRevisionRow, NewEntryEventRow } from '../../db/types.ts';
import {
  entryEventColumnsOf,
  entryEventValues,
  insertEntryEvent,
  REVISION_COLUMN_COUNT,
  revisionColumnsOf,
  revisionInsert,
  revisionValues,
  type EntryEventColumns,
  type RevisionColumns,
} from '../entries/repository.ts';

type Db = Kysely<Database>;

export type RevisionWithUser = EntryRevisionRow & { username: string | null };

// On PostgreSQL the event noting the save is written by the same statement: one round trip less.
const revisionWithEventInsert = compiledOnce(
  (db, _shape: void, ...columns: [...RevisionColumns, ...EntryEventColumns]) =>
    db
      .with('revision', (cte) =>
        cte
          .insertInto('entry_revisions')
          .values(revisionValues(...(columns.slice(0, REVISION_COLUMN_COUNT) as RevisionColumns))),
      )
      .insertInto('entry_events')
      .values(entryEventValues(...(columns.slice(REVISION_COLUMN_COUNT) as EntryEventColumns))),
);

/**
 * Keeps a revision, and writes `event` (the entry's event noting the save) with it: on PostgreSQL in
 * one statement, on SQLite (whose statements cost no round trip) one after the other.
 */
export async function insertRevision(db: Db, row: EntryRevisionRow, event?: NewEntryEventRow): Promise<void> {
  if (event !== undefined && dialectOf(db) === 'postgres') {
    await revisionWithEventInsert(db, undefined, ...revisionColumnsOf(row), ...entryEventColumnsOf(event));
    return;
  }
  await revisionInsert(db, undefined, ...revisionColumnsOf(row));
  if (event !== undefined) await insertEntryEvent(db, event);
}

/** One page of an entry's revisions, newest first, with the saver's name, and how many there are. */
export async function listRevisions(
  db: Db,
  entryId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: RevisionWithUser[]; total: number }> {
  const rows = await db
    .selectFrom('entry_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select('u.username')
    .where('r.entry_id', '=', entryId)
    .orderBy('r.revision', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { count } = await db
    .selectFrom('entry_revisions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('entry_id', '=', entryId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

export async function findRevision(
  db: Db,
  entryId: string,
  revision: number,
): Promise<RevisionWithUser | undefined> {
  return db
    .selectFrom('entry_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select('u.username')
    .where('r.entry_id', '=', entryId)
    .where('r.revision', '=', revision)
    .executeTakeFirst();
}

/** The entry's latest state change by moderation, with the name of the account that made it. */
export async function findLastDecision(
  db: Db,
  entryId: string,
): Promise<(EntryEventRow & { username: string | null }) | undefined> {
  return db
    .selectFrom('entry_events as ev')
    .leftJoin('users as u', 'u.id', 'ev.user_id')
    .selectAll('ev')
    .select('u.username')
    .where('ev.entry_id', '=', entryId)
    .where('ev.kind', '=', 'state_changed')
    .where('ev.actor', 'in', ['mod', 'admin'])
    .orderBy('ev.created_at', 'desc')
    .orderBy('ev.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest revision saved at or before the given time (for a decision noted before revisions were). */
export async function findRevisionAt(db: Db, entryId: string, at: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('entry_revisions')
    .select('revision')
    .where('entry_id', '=', entryId)
    .where('saved_at', '<=', at)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.revision;
}
