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

/** Entries per state from entry_counts (kept by every write), not by counting the entries. */
export async function countEntriesByState(db: Db): Promise<{ state: EntryState; count: number }[]> {
  const rows = await db
    .selectFrom('entry_counts')
    .select(['state', (eb) => eb.fn.sum<number>('count').as('count')])
    .groupBy('state')
    .execute();
  return rows.map((r) => ({ state: r.state, count: Number(r.count ?? 0) }));
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

/** How many files the entries hold and their bytes as uploaded (renditions not counted). */
export async function fileTotals(db: Db): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('files')
    .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('size').as('bytes')])
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Outbox events due at `now` that no worker has handed to the consumers yet. */
export async function countDueOutboxEvents(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom('outbox_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('dispatched_at', 'is', null)
    .where('available_at', '<=', now)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Webhook deliveries waiting for an attempt, and those given up (kept until housekeeping removes them). */
export async function countWebhookDeliveries(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('state', 'in', ['pending', 'failed'])
    .groupBy('state')
    .execute();
  const of = (state: string) => Number(rows.find((r) => r.state === state)?.count ?? 0);
  return { pending: of('pending'), failed: of('failed') };
}
