import { sql, type Kysely } from 'kysely';
import type { EntryState } from '@einwurf/contract';
import { dialectOf } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The database's size on disk: SQLite's pages, PostgreSQL's pg_database_size. */
export async function databaseSize(db: Db): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const result = await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(
      db,
    );
    return Number(result.rows[0]?.size ?? 0);
  }
  const result = await sql<{ size: number }>`select page_count * page_size as size
    from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(result.rows[0]?.size ?? 0);
}

export async function countEntriesByState(db: Db): Promise<{ state: EntryState; count: number }[]> {
  const rows = await db
    .selectFrom('entries')
    .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('state')
    .execute();
  return rows.map((r) => ({ state: r.state, count: Number(r.count) }));
}

/** The oldest last update among entries in the given states (epoch ms), if any. */
export async function oldestProposalUpdate(db: Db, states: EntryState[]): Promise<number | null> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.min<number>('updated_at').as('oldest'))
    .where('state', 'in', states)
    .executeTakeFirst();
  return row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
}
