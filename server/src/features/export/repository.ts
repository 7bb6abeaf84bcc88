import type { Kysely } from 'kysely';
import { ENTRY_LIFECYCLE, type EntryState } from '@einwurf/contract';
import type { Database, EntryRow } from '../../db/types.ts';
import { countEntries } from '../entries/repository.ts';

type Db = Kysely<Database>;

/** What an export reads of an entry: never its password hash or revision. */
export type ExportRow = Pick<
  EntryRow,
  'id' | 'type' | 'state' | 'title' | 'data' | 'created_at' | 'updated_at' | 'published_at'
>;

const EXPORT_COLUMNS = [
  'id',
  'type',
  'state',
  'title',
  'data',
  'created_at',
  'updated_at',
  'published_at',
] as const;

export type ExportFilter = { type?: string | undefined; state?: EntryState | undefined };

/** Where the previous batch ended: the last row's (updated_at, id). */
export type ExportCursor = { updated_at: number; id: string };

function filtered(db: Db, filter: ExportFilter) {
  let query = db.selectFrom('entries');
  query =
    filter.state === undefined
      ? query.where('state', '<>', ENTRY_LIFECYCLE.deleted)
      : query.where('state', '=', filter.state);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  return query;
}

/**
 * The next batch of an export, oldest change first, after the cursor. Each batch is a query of
 * its own (keyset pagination over the indexes the submissions list sorts by: (updated_at, id) with
 * state and type in front or behind), so no cursor or connection is held between batches.
 */
export function nextExportBatch(
  db: Db,
  filter: ExportFilter,
  after: ExportCursor | undefined,
  limit: number,
): Promise<ExportRow[]> {
  let query = filtered(db, filter).select(EXPORT_COLUMNS);
  if (after !== undefined) {
    query = query.where((eb) =>
      eb(eb.refTuple('updated_at', 'id'), '>', eb.tuple(after.updated_at, after.id)),
    );
  }
  return query.orderBy('updated_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

/** How many entries the filter matches, from entry_counts (kept by every write), not by counting rows. */
export function countForExport(db: Db, filter: ExportFilter): Promise<number> {
  return countEntries(db, filter);
}
