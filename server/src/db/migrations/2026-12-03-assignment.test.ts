import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addComment } from '../../features/comments/service.ts';
import { AUTHOR } from '../../features/entries/service.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import type { Database } from '../types.ts';

type Db = Kysely<Database>;
const BEFORE = '2026-12-01-public-tombstones';
const THIS = '2026-12-03-assignment';
const TABLES = ['entries', 'entry_events', 'comments', 'entry_counts'] as const;

/** Every row of the tables the migration touches or that point at them, in a stable order. */
async function rows(db: Db): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    all[table] = (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows;
  }
  return all;
}

/**
 * The whole schema: columns, indexes, constraints (CHECKs too), triggers. SQLite's sequences are
 * left out: an id handed out in between is never handed out again, also after going back.
 */
async function schema(db: Db, dialect: 'sqlite' | 'postgres'): Promise<unknown[]> {
  if (dialect === 'postgres') {
    const columns = await sql`select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = current_schema()
      order by table_name, ordinal_position`.execute(db);
    const indexes = await sql`select indexdef from pg_indexes where schemaname = current_schema()
      order by indexname`.execute(db);
    const constraints = await sql`select conrelid::regclass::text as tbl, conname,
        pg_get_constraintdef(oid) as definition
      from pg_constraint where connamespace = current_schema()::regnamespace order by conname`.execute(db);
    return [columns.rows, indexes.rows, constraints.rows];
  }
  const objects = await sql`select type, name, tbl_name, sql from sqlite_master
    where name not like 'sqlite_autoindex%' order by name`.execute(db);
  return [objects.rows];
}

describe.each(testDatabases())('the assignment migration on $name', (target) => {
  it('keeps every row, allows the assigned kind, and goes back to the schema before it', async () => {
    const handle = await target.create({ migrate: false });
    try {
      const { db } = handle;
      await migrateToLatest(db);
      const entry = await insertTestEntry(db, { state: 'proposed', title: 'Zu prüfen' });
      await insertTestEntry(db, { state: 'deleted' });
      await addComment(db, entry.data.id, { title: 'Frage', content: 'Woher?' }, AUTHOR);
      await migrateTo(db, BEFORE);
      const rowsBefore = await rows(db);
      const schemaBefore = await schema(db, target.name);

      // Up to this migration alone: later ones add columns of their own.
      await migrateTo(db, THIS);
      const after = await rows(db);
      expect(after['entries']).toEqual(
        rowsBefore['entries']!.map((r) => ({ ...(r as object), assignee_id: null })),
      );
      expect(after['entry_events']).toEqual(
        rowsBefore['entry_events']!.map((r) => ({ ...(r as object), assignee: null })),
      );
      expect(after['comments']).toEqual(rowsBefore['comments']);
      await db
        .insertInto('entry_events')
        .values({
          entry_id: entry.data.id,
          kind: 'assigned',
          actor: 'mod',
          user_id: null,
          from_state: null,
          to_state: null,
          created_at: Date.now(),
          publish_at: null,
          assignee: 'Mona',
        })
        .execute();
      // Actors are still checked.
      await expect(
        db
          .insertInto('entry_events')
          .values({
            entry_id: entry.data.id,
            kind: 'saved',
            actor: 'robot' as 'mod',
            user_id: null,
            from_state: null,
            to_state: null,
            created_at: Date.now(),
            publish_at: null,
            assignee: null,
          })
          .execute(),
      ).rejects.toThrow();

      // Back: the assignments go with their columns; everything else is as it was.
      await migrateTo(db, BEFORE);
      expect(await schema(db, target.name)).toEqual(schemaBefore);
      const back = await rows(db);
      expect(back['entries']).toEqual(rowsBefore['entries']);
      expect(back['comments']).toEqual(rowsBefore['comments']);
      expect(back['entry_events']).toEqual(rowsBefore['entry_events']);
    } finally {
      await handle.destroy();
    }
  });
});
