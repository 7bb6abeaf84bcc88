import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { EntryState } from '@einwurf/contract';
import { addComment } from '../../features/comments/service.ts';
import { AUTHOR } from '../../features/entries/service.ts';
import { listEntriesForModeration } from '../../features/search/service.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry, shippedContentTypes } from '../../test/entries.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import type { Database } from '../types.ts';

type Db = Kysely<Database>;
const TABLES = ['entries', 'entry_events', 'comments', 'files', 'entry_counts'] as const;

/** Every row of the tables the rebuild touches or that point at them, in a stable order. */
async function rows(db: Db): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    all[table] = (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows;
  }
  return all;
}

/** Columns, indexes, triggers and foreign keys of the schema; the CHECKs are compared apart. */
async function structure(db: Db, dialect: 'sqlite' | 'postgres'): Promise<unknown[]> {
  if (dialect === 'postgres') {
    const columns = await sql`select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = current_schema()
      order by table_name, ordinal_position`.execute(db);
    const indexes = await sql`select indexdef from pg_indexes where schemaname = current_schema()
      order by indexname`.execute(db);
    const constraints = await sql`select conrelid::regclass::text as tbl, conname,
        pg_get_constraintdef(oid) as definition
      from pg_constraint where connamespace = current_schema()::regnamespace and contype <> 'c'
      order by conname`.execute(db);
    return [columns.rows, indexes.rows, constraints.rows];
  }
  const objects = await sql`select type, name, tbl_name, sql from sqlite_master
    where type <> 'table' order by name`.execute(db);
  const columns = await sql`select m.name as tbl, c.* from sqlite_master m, pragma_table_info(m.name) c
    where m.type = 'table' order by m.name, c.cid`.execute(db);
  const foreignKeys = await sql`select m.name as tbl, f.* from sqlite_master m,
      pragma_foreign_key_list(m.name) f
    where m.type = 'table' order by m.name, f.id, f.seq`.execute(db);
  const sequences = await sql`select * from sqlite_sequence order by name`.execute(db);
  return [objects.rows, columns.rows, foreignKeys.rows, sequences.rows];
}

/** The CHECK constraints, as `table: definition`. */
async function checks(db: Db, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  if (dialect === 'postgres') {
    const result = await sql<{ check: string }>`select conrelid::regclass::text || ': ' || conname as check
      from pg_constraint where connamespace = current_schema()::regnamespace and contype = 'c'
      order by 1`.execute(db);
    return result.rows.map((r) => r.check);
  }
  const result = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'table' and sql like '%check (%' order by name`.execute(db);
  return result.rows.flatMap((r) =>
    [...r.sql.matchAll(/check \((\w+) in/g)].map((m) => `${r.name}: ${m[1]}`),
  );
}

describe.each(testDatabases())('the migration that leaves states to the lifecycle on $name', (target) => {
  it('keeps every row, index, key and search document, and no longer refuses a state of a new lifecycle', async () => {
    const handle = await target.create({ migrate: false });
    try {
      const { db } = handle;
      // The rows are written through today's services, so at today's schema, then taken back to the
      // schema before this migration: the services know no older schema.
      await migrateToLatest(db);
      const found = await insertTestEntry(db, {
        state: 'published',
        title: 'Sanierung des Wasserturms',
        content: 'Der Turm bekommt ein neues Dach.',
      });
      const proposed = await insertTestEntry(db, { state: 'proposed' });
      await insertTestEntry(db, { state: 'deleted' });
      await addComment(db, found.data.id, { title: 'Frage', content: 'Wann beginnt es?' }, AUTHOR);
      await db
        .insertInto('files')
        .values({
          id: 'file-of-the-tower-entry',
          entry_id: found.data.id,
          key: 'files/tower.png',
          preview_key: null,
          name: 'turm',
          extension: 'png',
          content_type: 'image/png',
          size: 1234,
          sha256: 'a'.repeat(64),
          is_image: 1,
          created_at: Date.now(),
        })
        .execute();
      // A purged entry's events leave a gap at the end of the ids, which are never handed out again.
      const last = await db
        .selectFrom('entry_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      await db.deleteFrom('entry_events').where('id', '=', last.id).execute();
      await migrateTo(db, '2026-11-25-search-title');

      const rowsBefore = await rows(db);
      const structureBefore = await structure(db, target.name);
      const checksBefore = await checks(db, target.name);
      await migrateTo(db, '2026-11-26-states-unchecked');

      expect(await rows(db)).toEqual(rowsBefore);
      expect(await structure(db, target.name)).toEqual(structureBefore);
      expect(rowsBefore['files']).toHaveLength(1);
      expect(rowsBefore['comments']).toHaveLength(1);
      const dropped =
        target.name === 'postgres'
          ? [
              'entries: entries_state_check',
              'entry_events: entry_events_from_state_check',
              'entry_events: entry_events_to_state_check',
            ]
          : ['entries: state', 'entry_events: from_state', 'entry_events: to_state'];
      expect(checksBefore).toEqual(expect.arrayContaining(dropped));
      expect(await checks(db, target.name)).toEqual(checksBefore.filter((c) => !dropped.includes(c)));

      // Today's search reads today's columns; the later migrations leave the search documents alone.
      await migrateToLatest(db);
      const search = await listEntriesForModeration(db, await shippedContentTypes(), {
        query: 'Wasserturms',
      });
      expect(search.data.map((e) => e.id)).toEqual([found.data.id]);

      const archived = 'archived' as EntryState;
      await db.updateTable('entries').set({ state: archived }).where('id', '=', proposed.data.id).execute();
      await db
        .insertInto('entry_events')
        .values({
          entry_id: proposed.data.id,
          kind: 'state_changed',
          actor: 'mod',
          user_id: null,
          from_state: 'proposed',
          to_state: archived,
          created_at: Date.now(),
        })
        .execute();
      const stored = await db
        .selectFrom('entries')
        .select('state')
        .where('id', '=', proposed.data.id)
        .executeTakeFirstOrThrow();
      expect(stored.state).toBe('archived');
      const event = await db
        .selectFrom('entry_events')
        .select(['id', 'to_state'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ id: Number(last.id) + 1, to_state: 'archived' });

      // The other CHECKs still refuse, and foreign keys still cascade.
      await expect(
        db
          .insertInto('entry_events')
          .values({
            ...event,
            id: undefined,
            entry_id: proposed.data.id,
            kind: 'saved',
            // Kinds are no longer checked either (2026-12-03-assignment); actors still are.
            actor: 'archived' as 'mod',
            user_id: null,
            from_state: null,
            created_at: 1,
          })
          .execute(),
      ).rejects.toThrow();
      await db.deleteFrom('entries').where('id', '=', found.data.id).execute();
      for (const table of ['entry_events', 'comments', 'files'] as const) {
        const left = await db
          .selectFrom(table)
          .select('entry_id')
          .where('entry_id', '=', found.data.id)
          .execute();
        expect(left, table).toEqual([]);
      }
    } finally {
      await handle.destroy();
    }
  });

  it('puts the CHECKs back when migrated down, keeping the rows', async () => {
    const handle = await target.create({ migrate: false });
    try {
      const { db } = handle;
      await migrateTo(db, '2026-11-25-search-title');
      const checksBefore = await checks(db, target.name);
      const structureBefore = await structure(db, target.name);
      await migrateToLatest(db);
      await insertTestEntry(db, { state: 'rejected' });
      await migrateTo(db, '2026-11-26-states-unchecked');
      const rowsBefore = await rows(db);
      await migrateTo(db, '2026-11-25-search-title');
      expect(await checks(db, target.name)).toEqual(checksBefore);
      expect(await rows(db)).toEqual(rowsBefore);
      const [objects] = await structure(db, target.name);
      expect(objects).toEqual(structureBefore[0]);
    } finally {
      await handle.destroy();
    }
  });
});
