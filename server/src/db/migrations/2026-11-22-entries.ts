import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. Timestamps are epoch milliseconds (bigint).

const STATES = sql`('draft', 'proposed', 'rejected', 'published', 'deleted')`;

export async function up(db: Kysely<any>): Promise<void> {
  // Timelines and comments are ordered by a growing id where two rows share a millisecond.
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serialId = (table: string) =>
    isPostgres
      ? db.schema.createTable(table).addColumn('id', 'bigserial', (col) => col.primaryKey())
      : db.schema.createTable(table).addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  await db.schema
    .createTable('entries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ${STATES}`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('entries_created_at').on('entries').column('created_at').execute();
  await db.schema
    .createIndex('entries_state_updated_at')
    .on('entries')
    .columns(['state', 'updated_at'])
    .execute();
  await db.schema.createIndex('entries_deleted_at').on('entries').column('deleted_at').execute();

  await serialId('entry_events')
    .addColumn('entry_id', 'text', (col) => col.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('created', 'saved', 'proposed', 'state_changed', 'comment_added', 'file_added', 'file_removed', 'deleted')`,
        ),
    )
    .addColumn('actor', 'text', (col) => col.notNull().check(sql`actor in ('author', 'mod', 'admin')`))
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('from_state', 'text', (col) => col.check(sql`from_state in ${STATES}`))
    .addColumn('to_state', 'text', (col) => col.check(sql`to_state in ${STATES}`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('entry_events_created_at').on('entry_events').column('created_at').execute();
  await db.schema
    .createIndex('entry_events_entry_id_created_at')
    .on('entry_events')
    .columns(['entry_id', 'created_at'])
    .execute();

  await serialId('comments')
    .addColumn('entry_id', 'text', (col) => col.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('origin', 'text', (col) => col.notNull().check(sql`origin in ('moderation', 'contributor')`))
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('comments_entry_id_created_at')
    .on('comments')
    .columns(['entry_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('spent_pow_tokens')
    .addColumn('jti', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('spent_pow_tokens_expires_at')
    .on('spent_pow_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('spent_pow_tokens').execute();
  await db.schema.dropTable('comments').execute();
  await db.schema.dropTable('entry_events').execute();
  await db.schema.dropTable('entries').execute();
}
