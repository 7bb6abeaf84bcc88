import type { Kysely } from 'kysely';
import type { Database, EntryRow } from '../../db/types.ts';

type Db = Kysely<Database>;

/** What the public outputs read of an entry: never its password hash. */
export type PublicEntryRow = Pick<
  EntryRow,
  'id' | 'type' | 'state' | 'title' | 'data' | 'updated_at' | 'published_at'
>;

const PUBLIC_COLUMNS = ['id', 'type', 'state', 'title', 'data', 'updated_at', 'published_at'] as const;

export type PublicListFilter = {
  /** The states readers see; at least one. */
  states: readonly string[];
  type?: string;
  /** Epoch ms: only entries updated at or after it. */
  updatedSince?: number;
};

/**
 * The entries readers may see: the one query behind every public output (the list, one entry, the
 * feeds), so that a rule about what is public holds for all of them alike.
 */
function publicEntries(db: Db, filter: PublicListFilter) {
  let query = db.selectFrom('entries').where('state', 'in', filter.states as EntryRow['state'][]);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.updatedSince !== undefined) query = query.where('updated_at', '>=', filter.updatedSince);
  return query;
}

/** Public entries, newest publication first (ties by id): the order of the list and the feeds. */
function newestFirst(db: Db, filter: PublicListFilter) {
  return publicEntries(db, filter)
    .select(PUBLIC_COLUMNS)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc');
}

/** One page of public entries, newest publication first, and how many there are in all. */
export async function listPublicEntries(
  db: Db,
  filter: PublicListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PublicEntryRow[]; total: number }> {
  const rows = await newestFirst(db, filter).limit(page.limit).offset(page.offset).execute();
  const { count } = await publicEntries(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

/** The newest public entries for a feed, without counting them all. */
export async function listNewestPublicEntries(
  db: Db,
  filter: PublicListFilter,
  limit: number,
): Promise<PublicEntryRow[]> {
  return newestFirst(db, filter).limit(limit).execute();
}

/** One entry, when it is public. */
export async function findPublicEntry(
  db: Db,
  id: string,
  filter: PublicListFilter,
): Promise<PublicEntryRow | undefined> {
  return publicEntries(db, filter).select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Ids of entries that left the given states at or after `since` (a state change or delete from one
 * of them in the event log) and are not in one of them now, in id order.
 */
export async function listEntriesLeftSince(
  db: Db,
  filter: { states: readonly string[]; since: number; type?: string },
): Promise<string[]> {
  const states = filter.states as EntryRow['state'][];
  let query = db
    .selectFrom('entry_events as ev')
    .innerJoin('entries as e', 'e.id', 'ev.entry_id')
    .select('ev.entry_id')
    .distinct()
    .where('ev.kind', 'in', ['state_changed', 'deleted'])
    .where('ev.from_state', 'in', states)
    .where('ev.created_at', '>=', filter.since)
    .where('e.state', 'not in', states);
  if (filter.type !== undefined) query = query.where('e.type', '=', filter.type);
  const rows = await query.orderBy('ev.entry_id').execute();
  return rows.map((r) => r.entry_id);
}
