import type { Kysely } from 'kysely';
import type { Database, EntryEventRow, EntryRevisionRow } from '../../db/types.ts';

type Db = Kysely<Database>;

export type RevisionWithUser = EntryRevisionRow & { username: string | null };

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
