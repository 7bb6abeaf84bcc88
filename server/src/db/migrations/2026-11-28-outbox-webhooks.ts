import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. The outbox (events written in the transaction of the
// change they report, handed to their consumers once available) and the webhooks, its first consumer:
// endpoints, one delivery per event and endpoint, and every attempt of a delivery.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Events of one entry are dispatched and delivered in the order of this growing id.
  const serialId = (table: string) =>
    isPostgres
      ? db.schema.createTable(table).addColumn('id', 'bigserial', (col) => col.primaryKey())
      : db.schema.createTable(table).addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  // No reference to entries: an entry's events outlive its purge.
  await serialId('outbox_events')
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('entry_id', 'text')
    .addColumn('message_id', 'text', (col) => col.notNull().unique())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('available_at', 'bigint', (col) => col.notNull())
    .addColumn('dispatched_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('outbox_events_pending')
    .on('outbox_events')
    .columns(['dispatched_at', 'available_at', 'id'])
    .execute();
  await db.schema
    .createIndex('outbox_events_entry_pending')
    .on('outbox_events')
    .columns(['entry_id', 'dispatched_at', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', 'bigint')
    .addColumn('failing_since', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await serialId('webhook_deliveries')
    .addColumn('endpoint_id', 'text', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('entry_id', 'text')
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('pending', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['state', 'next_attempt_at', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_entry')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'entry_id', 'state', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_id')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();

  await serialId('webhook_attempts')
    .addColumn('delivery_id', 'bigint', (col) =>
      col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempted_at', 'bigint', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_id')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('outbox_events').execute();
}
