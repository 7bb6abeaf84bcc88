import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxEventRow, OutboxEventsTable } from '../../db/types.ts';

type Db = Kysely<Database>;

export async function insertOutboxEvent(db: Db, row: Insertable<OutboxEventsTable>): Promise<void> {
  await db.insertInto('outbox_events').values(row).execute();
}

/**
 * Locks up to `limit` events available at `now` and not yet dispatched, oldest first, skipping
 * those another worker holds (PostgreSQL). An event waits while an earlier available one of the same
 * entry is undispatched (held by another worker included), so an entry's events reach the consumers
 * in order.
 */
export async function lockAvailableEvents(
  db: Db,
  now: number,
  limit: number,
  skipLocked: boolean,
): Promise<OutboxEventRow[]> {
  let query = db
    .selectFrom('outbox_events as o')
    .selectAll('o')
    .where('o.dispatched_at', 'is', null)
    .where('o.available_at', '<=', now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('outbox_events as p')
            .select('p.id')
            .whereRef('p.entry_id', '=', 'o.entry_id')
            .whereRef('p.id', '<', 'o.id')
            .where('p.dispatched_at', 'is', null)
            .where('p.available_at', '<=', now),
        ),
      ),
    )
    .orderBy('o.id')
    .limit(limit);
  if (skipLocked) query = query.forUpdate().skipLocked();
  return query.execute();
}

export async function markDispatched(db: Db, ids: number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('outbox_events').set({ dispatched_at: now }).where('id', 'in', ids).execute();
}

/** Removes events dispatched before `before`; their consumers keep what they need. */
export async function deleteDispatchedBefore(db: Db, before: number): Promise<void> {
  await db
    .deleteFrom('outbox_events')
    .where('dispatched_at', 'is not', null)
    .where('dispatched_at', '<', before)
    .execute();
}

/** Removes pending events of an entry of the given types (a scheduled publication called off). */
export async function deletePendingEvents(db: Db, entryId: string, types: string[]): Promise<number> {
  if (types.length === 0) return 0;
  const result = await db
    .deleteFrom('outbox_events')
    .where('entry_id', '=', entryId)
    .where('type', 'in', types)
    .where('dispatched_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
