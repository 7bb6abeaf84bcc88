import { PostgresAdapter, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. Mail notifications for staff: an account may have an
// address, a language for its mails and its choice per event (JSON, null: the defaults). The outbox's
// mail consumer writes one delivery per recipient and event (a digest gathers several), sent with a
// lease so one instance sends each. Settings hold what admins set for the installation.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('de'))
    .execute();
  await db.schema.alterTable('users').addColumn('notifications', 'text').execute();
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = db.schema.createTable('mail_deliveries');
  await (
    isPostgres
      ? table.addColumn('id', 'bigserial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('entry_id', 'text')
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('mail_deliveries_due')
    .on('mail_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('mail_deliveries_user').on('mail_deliveries').columns(['user_id']).execute();
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('mail_deliveries').execute();
  await db.schema.alterTable('users').dropColumn('notifications').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
  await db.schema.alterTable('users').dropColumn('email').execute();
}
