import type { Kysely } from 'kysely';
import { ENTRY_LIFECYCLE } from '@einwurf/contract';
import type { Database, EntryRow } from '../../db/types.ts';

type Db = Kysely<Database>;

/**
 * THE entries a reader may see at `now` (DESIGN, wave 2: public outputs): in a public state of the
 * lifecycle, with their publication time passed (a scheduled publication stays hidden until then,
 * and shows from then on without a job). Every public output starts its query here.
 */
export function readableEntries(db: Db, now: number) {
  return db
    .selectFrom('entries')
    .where('state', 'in', ENTRY_LIFECYCLE.public)
    .where('published_at', '<=', now);
}

/** What the public outputs read of an entry: never its password hash. */
export type PublicEntryRow = Pick<
  EntryRow,
  'id' | 'type' | 'state' | 'title' | 'data' | 'updated_at' | 'published_at'
>;

const PUBLIC_COLUMNS = ['id', 'type', 'state', 'title', 'data', 'updated_at', 'published_at'] as const;

export type PublicListFilter = {
  /** Epoch ms: what readers see at this time. */
  now: number;
  type?: string;
  /** Epoch ms: only entries updated, or published (a scheduled publication's time), at or after it. */
  updatedSince?: number;
};

function publicEntries(db: Db, filter: PublicListFilter) {
  let query = readableEntries(db, filter.now);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  const since = filter.updatedSince;
  if (since !== undefined) {
    // An entry whose scheduled time came since is new to a mirror, though nobody changed it since.
    query = query.where((eb) => eb.or([eb('updated_at', '>=', since), eb('published_at', '>=', since)]));
  }
  return query;
}

/** One page of public entries, newest publication first (ties by id), and how many there are in all. */
export async function listPublicEntries(
  db: Db,
  filter: PublicListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PublicEntryRow[]; total: number }> {
  const rows = await publicEntries(db, filter)
    .select(PUBLIC_COLUMNS)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { count } = await publicEntries(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

/** One entry, when a reader may see it at `now`. */
export async function findPublicEntry(db: Db, id: string, now: number): Promise<PublicEntryRow | undefined> {
  return readableEntries(db, now).select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The earliest publication time after `now` (epoch ms) of an entry scheduled for it, if any. */
export async function findNextPublication(db: Db, now: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('entries')
    .select('published_at')
    .where('state', 'in', ENTRY_LIFECYCLE.public)
    .where('published_at', '>', now)
    .orderBy('published_at')
    .limit(1)
    .executeTakeFirst();
  return row?.published_at ?? undefined;
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
