import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. The audit log: what staff and the system did, one row
// per action, written in the transaction of the change it reports. Append-only: a trigger refuses
// every UPDATE and DELETE (and, on PostgreSQL, TRUNCATE), so not even a bug in the app can rewrite
// history. No reference to users or entries: a record outlives the account and the entry it names.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = isPostgres
    ? db.schema.createTable('audit_log').addColumn('id', 'bigserial', (col) => col.primaryKey())
    : db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  await table
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('actor_type', 'text', (col) =>
      col.notNull().check(sql`actor_type in ('user', 'system', 'anonymous')`),
    )
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('client_address', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_kind_at').on('audit_log').columns(['kind', 'at']).execute();
  await db.schema
    .createIndex('audit_log_actor_at')
    .on('audit_log')
    .expression(sql`lower(actor_name), at`)
    .execute();

  if (isPostgres) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
      end
    $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function audit_log_append_only()`.execute(db);
  }
}
