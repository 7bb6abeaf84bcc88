import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

/** The rows a backup's manifest counts, so a restore can be checked against them. */
export type BackupCounts = { entries: number; comments: number; files: number; users: number };

async function countRows(db: Db, table: 'entries' | 'comments' | 'files' | 'users'): Promise<number> {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function countBackupRows(db: Db): Promise<BackupCounts> {
  return {
    entries: await countRows(db, 'entries'),
    comments: await countRows(db, 'comments'),
    files: await countRows(db, 'files'),
    users: await countRows(db, 'users'),
  };
}

/** Every storage key the files table names: originals and their previews. */
export async function listStoredKeys(db: Db): Promise<{ fileId: string; key: string }[]> {
  const rows = await db.selectFrom('files').select(['id', 'key', 'preview_key']).orderBy('id').execute();
  return rows.flatMap((row) => [
    { fileId: row.id, key: row.key },
    ...(row.preview_key === null ? [] : [{ fileId: row.id, key: row.preview_key }]),
  ]);
}

/** Removes file rows by id (files removed from storage between the snapshot and their copy). */
export async function deleteFileRows(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('files')
      .where('id', 'in', [...ids])
      .execute();
}

/** Whether any of the ids still has a row. */
export async function existingFileIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The names of the tables in the database (the current schema on PostgreSQL). */
export async function listTables(db: Db): Promise<string[]> {
  if (dialectOf(db) === 'sqlite') {
    const result = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    return result.rows.map((row) => row.name);
  }
  const result = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return result.rows.map((row) => row.name);
}

/** The last migration applied, or null when none is (Kysely's table is absent or empty). */
export async function lastMigration(db: Db): Promise<string | null> {
  if (!(await listTables(db)).includes('kysely_migration')) return null;
  const result = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`.execute(db);
  return result.rows[0]?.name ?? null;
}

/**
 * Drops what the schema holds (tables, views, sequences, functions) in the current schema, for a
 * forced PostgreSQL restore; pg_restore recreates all of it. Extensions stay with their functions
 * (btree_gin's are in the schema): the archive creates them only if they are missing.
 */
export async function dropSchemaObjects(db: Db): Promise<void> {
  const tables = await listTables(db);
  if (tables.length > 0) {
    await sql`drop table if exists ${sql.join(tables.map((t) => sql.id(t)))} cascade`.execute(db);
  }
  const views = await sql<{ name: string }>`
    select table_name as name from information_schema.views
    where table_schema = current_schema()`.execute(db);
  for (const { name } of views.rows) await sql`drop view if exists ${sql.id(name)} cascade`.execute(db);
  const sequences = await sql<{ name: string }>`
    select sequence_name as name from information_schema.sequences
    where sequence_schema = current_schema()`.execute(db);
  for (const { name } of sequences.rows)
    await sql`drop sequence if exists ${sql.id(name)} cascade`.execute(db);
  const functions = await sql<{ signature: string }>`
    select p.oid::regprocedure::text as signature from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema()
      and not exists (select 1 from pg_depend d
        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`.execute(db);
  for (const { signature } of functions.rows) {
    await sql`drop function if exists ${sql.raw(signature)} cascade`.execute(db);
  }
}
