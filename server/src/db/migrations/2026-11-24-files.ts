import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. Timestamps are epoch milliseconds (bigint).

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // A file's id is in its URL, and the URL is its identity: 128 random bits, like an entry id.
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('entry_id', 'text', (col) => col.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('preview_key', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('extension', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('is_image', 'integer', (col) => col.notNull().check(sql`is_image in (0, 1)`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('files_entry_id_created_at')
    .on('files')
    .columns(['entry_id', 'created_at'])
    .execute();

  // The content of files when FILE_STORAGE=database: ~256 KiB a row, the content type on row 0.
  await db.schema
    .createTable('file_chunks')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('bytes', isPostgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('content_type', 'text')
    .addPrimaryKeyConstraint('file_chunks_pk', ['key', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_chunks').execute();
  await db.schema.dropTable('files').execute();
}
