import { sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. Timestamps are epoch milliseconds (bigint).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('mod', 'admin')`))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  // Case-insensitive uniqueness: "Admin" and "admin" are one account name.
  await db.schema
    .createIndex('users_username_lower_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('anon', 'mod', 'admin')`))
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('entry_id', 'text')
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
