import type { Insertable, Kysely, Updateable } from 'kysely';
import type {
  Database,
  WebhookAttemptRow,
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhookEndpointsTable,
} from '../../db/types.ts';

type Db = Kysely<Database>;

export function listEndpoints(db: Db): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function listEnabledEndpoints(db: Db): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('enabled', '=', 1).orderBy('id').execute();
}

export function findEndpoint(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(db: Db, row: Insertable<WebhookEndpointsTable>): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export function updateEndpoint(
  db: Db,
  id: string,
  changes: Updateable<WebhookEndpointsTable>,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertDeliveries(
  db: Db,
  rows: Insertable<WebhookDeliveriesTable>[],
): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('webhook_deliveries').values(rows).returningAll().execute();
}

export function findDelivery(
  db: Db,
  endpointId: string,
  id: number,
): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listDeliveries(db: Db, endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listAttempts(db: Db, deliveryIds: number[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Leases up to `limit` due deliveries to `owner` until `leaseUntil`, in one statement (PostgreSQL
 * skips rows another worker is leasing; SQLite has one writer). A delivery waits while an earlier one
 * of the same entry to the same endpoint is pending, leased or not, so an entry's events arrive in
 * order; deliveries of endpoints that are disabled wait too.
 */
export function leaseDueDeliveries(
  db: Db,
  input: { now: number; owner: string; leaseUntil: number; limit: number; skipLocked: boolean },
): Promise<WebhookDeliveryRow[]> {
  let due = db
    .selectFrom('webhook_deliveries as d')
    .select('d.id')
    .where('d.state', '=', 'pending')
    .where('d.next_attempt_at', '<=', input.now)
    .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', input.now)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('webhook_endpoints as e')
          .select('e.id')
          .whereRef('e.id', '=', 'd.endpoint_id')
          .where('e.enabled', '=', 1),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as p')
            .select('p.id')
            .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
            .whereRef('p.entry_id', '=', 'd.entry_id')
            .where('p.state', '=', 'pending')
            .whereRef('p.id', '<', 'd.id'),
        ),
      ),
    )
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(input.limit);
  if (input.skipLocked) due = due.forUpdate().skipLocked();
  return db
    .updateTable('webhook_deliveries')
    .set({ lease_owner: input.owner, lease_until: input.leaseUntil })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

export async function insertAttempt(
  db: Db,
  row: {
    delivery_id: number;
    attempted_at: number;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
  },
): Promise<void> {
  await db.insertInto('webhook_attempts').values(row).execute();
}

/** Writes a delivery's outcome if `owner` still holds its lease (or it is unleased); answers whether it did. */
export async function finishAttempt(
  db: Db,
  id: number,
  owner: string | null,
  changes: Updateable<WebhookDeliveriesTable>,
): Promise<boolean> {
  let query = db
    .updateTable('webhook_deliveries')
    .set({ ...changes, lease_owner: null, lease_until: null })
    .where('id', '=', id);
  query = owner === null ? query.where('lease_owner', 'is', null) : query.where('lease_owner', '=', owner);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function updateDelivery(
  db: Db,
  id: number,
  changes: Updateable<WebhookDeliveriesTable>,
): Promise<WebhookDeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Removes finished deliveries (and their attempts) created before `before`. */
export async function deleteFinishedDeliveriesBefore(db: Db, before: number): Promise<void> {
  await db
    .deleteFrom('webhook_deliveries')
    .where('state', '<>', 'pending')
    .where('created_at', '<', before)
    .execute();
}
