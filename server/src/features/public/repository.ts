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

/**
 * What the public outputs read of an entry: never its password hash; with the HTML rendered for
 * readers when it is kept for the entry's current revision (null: render it).
 */
export type PublicEntryRow = Pick<
  EntryRow,
  'id' | 'type' | 'state' | 'title' | 'data' | 'updated_at' | 'published_at'
> & { stored_html: string | null };

const PUBLIC_COLUMNS = [
  'entries.id',
  'entries.type',
  'entries.state',
  'entries.title',
  'entries.data',
  'entries.updated_at',
  'entries.published_at',
  'h.html as stored_html',
] as const;

/** Entries with the HTML kept for their current revision, if any. */
function withStoredHtml(db: Db) {
  return db
    .selectFrom('entries')
    .leftJoin('public_html as h', (join) =>
      join.onRef('h.entry_id', '=', 'entries.id').onRef('h.revision', '=', 'entries.revision'),
    );
}

export type PublicListFilter = {
  /** Epoch ms: what readers see at this time. */
  now: number;
  type?: string;
  /** Epoch ms: only entries updated, or published (a scheduled publication's time), at or after it. */
  updatedSince?: number;
};

/**
 * The entries readers may see: the one query behind every public output (the list, one entry, the
 * feeds), so that a rule about what is public holds for all of them alike.
 */
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

/** Public entries, newest publication first (ties by id): the order of the list and the feeds. */
function newestFirst(db: Db, filter: PublicListFilter, limit: number) {
  const ids = publicEntries(db, filter)
    .select('id')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  return withStoredHtml(db)
    .select(PUBLIC_COLUMNS)
    .where('entries.id', 'in', ids)
    .orderBy('entries.published_at', 'desc')
    .orderBy('entries.id', 'desc');
}

/** One page of public entries, newest publication first, and how many there are in all. */
export async function listPublicEntries(
  db: Db,
  filter: PublicListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PublicEntryRow[]; total: number }> {
  // The page's ids first, from the index alone; then only those rows: a deep page skips index
  // entries, not whole rows.
  const ids = publicEntries(db, filter)
    .select('id')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  const rows = await withStoredHtml(db)
    .select(PUBLIC_COLUMNS)
    .where('entries.id', 'in', ids)
    .orderBy('entries.published_at', 'desc')
    .orderBy('entries.id', 'desc')
    .execute();
  return { rows, total: await countPublicEntries(db, filter) };
}

/**
 * How many entries the filter matches. Without `updatedSince`, from the per-type-and-state counters
 * (kept by every write) less the public entries readers cannot see yet (scheduled: few, found in an
 * index), instead of counting a hundred thousand index entries for every first page.
 */
async function countPublicEntries(db: Db, filter: PublicListFilter): Promise<number> {
  if (filter.updatedSince !== undefined) {
    const { count } = await publicEntries(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }
  let counted = db
    .selectFrom('entry_counts')
    .select((eb) => eb.fn.sum<number>('count').as('count'))
    .where('state', 'in', ENTRY_LIFECYCLE.public);
  let hidden = db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('state', 'in', ENTRY_LIFECYCLE.public)
    .where((eb) => eb.or([eb('published_at', '>', filter.now), eb('published_at', 'is', null)]));
  if (filter.type !== undefined) {
    counted = counted.where('type', '=', filter.type);
    hidden = hidden.where('type', '=', filter.type);
  }
  const [all, notYet] = await Promise.all([counted.executeTakeFirst(), hidden.executeTakeFirstOrThrow()]);
  return Math.max(0, Number(all?.count ?? 0) - Number(notYet.count));
}

/** The newest public entries for a feed, without counting them all. */
export async function listNewestPublicEntries(
  db: Db,
  filter: PublicListFilter,
  limit: number,
): Promise<PublicEntryRow[]> {
  return newestFirst(db, filter, limit).execute();
}

/** One entry, when a reader may see it at `now`. */
export async function findPublicEntry(db: Db, id: string, now: number): Promise<PublicEntryRow | undefined> {
  return withStoredHtml(db)
    .select(PUBLIC_COLUMNS)
    .where('entries.id', 'in', readableEntries(db, now).select('id').where('id', '=', id))
    .executeTakeFirst();
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
 * Ids of entries that left the given states at or after `since` and are not in one of them now, in id
 * order: from the event log (a state change or delete from one of them), and from the tombstones of
 * such entries that were purged since.
 */
export async function listEntriesLeftSince(
  db: Db,
  filter: { states: readonly string[]; since: number; type?: string },
): Promise<string[]> {
  const states = filter.states as EntryRow['state'][];
  let events = db
    .selectFrom('entry_events as ev')
    .innerJoin('entries as e', 'e.id', 'ev.entry_id')
    .select('ev.entry_id')
    .where('ev.kind', 'in', ['state_changed', 'deleted'])
    .where('ev.from_state', 'in', states)
    .where('ev.created_at', '>=', filter.since)
    .where('e.state', 'not in', states);
  let tombstones = db.selectFrom('public_tombstones').select('entry_id').where('left_at', '>=', filter.since);
  if (filter.type !== undefined) {
    events = events.where('e.type', '=', filter.type);
    tombstones = tombstones.where('type', '=', filter.type);
  }
  // `union` drops the duplicates: an entry with several such events is named once.
  const rows = await events.union(tombstones).orderBy('entry_id').execute();
  return rows.map((r) => r.entry_id);
}

/**
 * Writes a tombstone for each of the given entries that was ever public, with the time it last left
 * a public state; the purge calls it in its transaction before it deletes them with their events.
 */
export async function insertTombstones(
  db: Db,
  ids: readonly string[],
  states: readonly string[],
  purgedAt: number,
): Promise<void> {
  if (ids.length === 0) return;
  const left = await db
    .selectFrom('entry_events as ev')
    .innerJoin('entries as e', 'e.id', 'ev.entry_id')
    .select(['e.id', 'e.type', (eb) => eb.fn.max('ev.created_at').as('left_at')])
    .where('ev.entry_id', 'in', ids)
    .where('ev.kind', 'in', ['state_changed', 'deleted'])
    .where('ev.from_state', 'in', states as EntryRow['state'][])
    .groupBy(['e.id', 'e.type'])
    .execute();
  if (left.length === 0) return;
  await db
    .insertInto('public_tombstones')
    .values(
      left.map((row) => ({
        entry_id: row.id,
        type: row.type,
        left_at: Number(row.left_at),
        purged_at: purgedAt,
      })),
    )
    .onConflict((oc) => oc.column('entry_id').doNothing())
    .execute();
}

/** Forgets the tombstones of entries purged before the given time (epoch ms). */
export async function deleteTombstonesPurgedBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('public_tombstones').where('purged_at', '<', before).execute();
}

/** Keeps an entry's rendered HTML for readers, for the revision it was rendered from. */
export async function writePublicHtml(
  db: Db,
  row: { entry_id: string; revision: number; html: string },
): Promise<void> {
  await db
    .insertInto('public_html')
    .values(row)
    .onConflict((oc) => oc.column('entry_id').doUpdateSet({ revision: row.revision, html: row.html }))
    .execute();
}

/** Drops an entry's rendered HTML (it left the public states). */
export async function deletePublicHtml(db: Db, id: string): Promise<void> {
  await db.deleteFrom('public_html').where('entry_id', '=', id).execute();
}
