import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database, NewEntryRow } from '../db/types.ts';
import { searchDocumentOf } from '../features/search/service.ts';
import { listEntries, type ListFilter, type ListSort } from '../features/search/repository.ts';
import { insertEntriesInBulk } from '../features/seed/repository.ts';

// Lists' pages by number found through the counts the database keeps (entry_ranges, title_ranges)
// must hold what an OFFSET over the whole sorted list gives: these compare the two.

/** The ids of a page as an OFFSET over the whole filtered, sorted list has them. */
export async function pageByOffset(
  db: Kysely<Database>,
  filter: ListFilter,
  sort: ListSort,
  page: { limit: number; offset: number },
): Promise<string[]> {
  let query = db.selectFrom('entries').select('id');
  query =
    filter.state === undefined
      ? query.where('state', '<>', 'deleted')
      : query.where('state', '=', filter.state);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.assignee === null) query = query.where('assignee_id', 'is', null);
  const rows = await query
    .orderBy(sort.field, sort.direction)
    .orderBy('id', sort.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Every page of each list, found through the counts from 0 rows on (the product counts from 1,000
 * rows off both ends), compared with its OFFSET page; answers how many pages were compared.
 */
export async function expectPagesAsByOffset(
  db: Kysely<Database>,
  lists: [ListFilter, ListSort][],
  limit: number,
): Promise<number> {
  let compared = 0;
  for (const [filter, sort] of lists) {
    const { total } = await listEntries(db, filter, sort, { limit, offset: 0 });
    for (let offset = 0; offset < total; offset += limit) {
      const { rows } = await listEntries(db, filter, sort, { limit, offset }, undefined, 0);
      expect(
        rows.map((r) => r.id),
        `${JSON.stringify(filter)} ${sort.field} ${sort.direction} at ${offset}`,
      ).toEqual(await pageByOffset(db, filter, sort, { limit, offset }));
      compared += 1;
    }
  }
  return compared;
}

/** Writes the entries in bulk, and gives every fourth (from the second) to a new moderator `desk`. */
export async function insertEntriesWithSomeAssigned(
  db: Kysely<Database>,
  rows: NewEntryRow[],
  desk: { id: string; username: string },
): Promise<void> {
  await db.transaction().execute((trx) => insertEntriesInBulk(trx, rows, rows.map(searchDocumentOf)));
  await db
    .insertInto('users')
    .values({ ...desk, role: 'mod', password_hash: 'x', created_at: 1, updated_at: 1 })
    .execute();
  await db
    .updateTable('entries')
    .set({ assignee_id: desk.id })
    .where(
      'id',
      'in',
      rows.filter((_, i) => i % 4 === 1).map((r) => r.id),
    )
    .execute();
}
