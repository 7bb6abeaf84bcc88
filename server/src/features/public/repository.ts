import type { Kysely } from 'kysely';
import { ENTRY_LIFECYCLE } from '@einwurf/contract';
import { compiledOnce } from '../../db/compiled-once.ts';
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

// Readers ask for the same few queries again and again, so each is built and compiled once per
// shape (db/compiled-once.ts); the shape is which filters a query has.

/** Which of a public query's filters are given: they change its SQL text, their values do not. */
type PublicShape = { type: boolean; since: boolean };
const publicKey = (shape: PublicShape) => `${shape.type} ${shape.since}`;
const shapeOf = (filter: PublicListFilter): PublicShape => ({
  type: filter.type !== undefined,
  since: filter.updatedSince !== undefined,
});

/**
 * The entries readers may see: the one query behind every public output (the list, one entry, the
 * feeds), so that a rule about what is public holds for all of them alike.
 */
function publicEntries(
  db: Db,
  shape: PublicShape,
  now: number,
  type: string | undefined,
  since: number | undefined,
) {
  let query = readableEntries(db, now);
  if (shape.type) query = query.where('type', '=', type!);
  if (shape.since) {
    // An entry whose scheduled time came since is new to a mirror, though nobody changed it since.
    query = query.where((eb) => eb.or([eb('updated_at', '>=', since!), eb('published_at', '>=', since!)]));
  }
  return query;
}

/**
 * Public entries, newest publication first (ties by id): the order of the list and the feeds. The
 * page's ids come from the index alone; then only those rows are read, so a deep page skips index
 * entries, not whole rows.
 */
const newestFirst = compiledOnce(
  (
    db,
    shape: PublicShape,
    now: number,
    type: string | undefined,
    since: number | undefined,
    limit: number,
    offset: number,
  ) => {
    const ids = publicEntries(db, shape, now, type, since)
      .select('id')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset);
    return withStoredHtml(db)
      .select(PUBLIC_COLUMNS)
      .where('entries.id', 'in', ids)
      .orderBy('entries.published_at', 'desc')
      .orderBy('entries.id', 'desc');
  },
  publicKey,
);

const pageOf = (db: Db, filter: PublicListFilter, page: { limit: number; offset: number }) =>
  newestFirst(db, shapeOf(filter), filter.now, filter.type, filter.updatedSince, page.limit, page.offset);

/** One page of public entries, newest publication first, and how many there are in all. */
export async function listPublicEntries(
  db: Db,
  filter: PublicListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PublicEntryRow[]; total: number }> {
  const [rows, total] = await Promise.all([pageOf(db, filter, page), countPublicEntries(db, filter)]);
  return { rows, total };
}

const countedSince = compiledOnce(
  (db, shape: PublicShape, now: number, type: string | undefined, since: number | undefined) =>
    publicEntries(db, shape, now, type, since).select((eb) => eb.fn.countAll<number>().as('count')),
  publicKey,
);

/**
 * The public entries of all types or of one, from the per-type-and-state counters (kept by every
 * write) less those readers cannot see yet (scheduled: few, found in an index), instead of counting
 * a hundred thousand index entries for every first page; one statement.
 */
const countedNow = compiledOnce(
  (db, shape: { type: boolean }, now: number, type: string | undefined) => {
    let counted = db
      .selectFrom('entry_counts')
      .select((eb) => eb.fn.sum<number>('count').as('count'))
      .where('state', 'in', ENTRY_LIFECYCLE.public);
    let hidden = db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('state', 'in', ENTRY_LIFECYCLE.public)
      .where((eb) => eb.or([eb('published_at', '>', now), eb('published_at', 'is', null)]));
    if (shape.type) {
      counted = counted.where('type', '=', type!);
      hidden = hidden.where('type', '=', type!);
    }
    return db.selectNoFrom([counted.as('counted'), hidden.as('hidden')]);
  },
  (shape) => String(shape.type),
);

/** How many entries the filter matches. */
async function countPublicEntries(db: Db, filter: PublicListFilter): Promise<number> {
  if (filter.updatedSince !== undefined) {
    const [row] = await countedSince(db, shapeOf(filter), filter.now, filter.type, filter.updatedSince);
    return Number(row?.count ?? 0);
  }
  const [row] = await countedNow(db, { type: filter.type !== undefined }, filter.now, filter.type);
  return Math.max(0, Number(row?.counted ?? 0) - Number(row?.hidden ?? 0));
}

/** The newest public entries for a feed, without counting them all. */
export async function listNewestPublicEntries(
  db: Db,
  filter: PublicListFilter,
  limit: number,
): Promise<PublicEntryRow[]> {
  return pageOf(db, filter, { limit, offset: 0 });
}

const publicEntryById = compiledOnce((db, _shape: void, id: string, now: number) =>
  withStoredHtml(db)
    .select(PUBLIC_COLUMNS)
    .where('entries.id', 'in', readableEntries(db, now).select('id').where('id', '=', id)),
);

/** One entry, when a reader may see it at `now`. */
export async function findPublicEntry(db: Db, id: string, now: number): Promise<PublicEntryRow | undefined> {
  const [row] = await publicEntryById(db, undefined, id, now);
  return row;
}

const nextPublication = compiledOnce((db, _shape: void, now: number) =>
  db
    .selectFrom('entries')
    .select('published_at')
    .where('state', 'in', ENTRY_LIFECYCLE.public)
    .where('published_at', '>', now)
    .orderBy('published_at')
    .limit(1),
);

/** The earliest publication time after `now` (epoch ms) of an entry scheduled for it, if any. */
export async function findNextPublication(db: Db, now: number): Promise<number | undefined> {
  const [row] = await nextPublication(db, undefined, now);
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
