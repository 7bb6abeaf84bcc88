import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/db.ts';
import { insertEntryRow, rangesRecountedAndKept } from '../../test/entries.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';

const BEFORE = '2026-12-16-search-vector-inline';
const THIS = '2026-12-17-entry-ranges';
const DAY_MS = 86_400_000;
/** The table as this migration made it: without whether anyone has the entries. */
const AT_THIS = { assigned: false };

describe.each(testDatabases())('the migration counting entries per day on $name', (target) => {
  it('counts the existing entries, keeps the counts through every kind of write, and goes back', async () => {
    const handle = await target.create({ migrate: false });
    try {
      const { db } = handle;
      await migrateToLatest(db);
      await migrateTo(db, BEFORE);
      const first = await insertEntryRow(db, { state: 'published' });
      const second = await insertEntryRow(db, { type: 'event', state: 'proposed' });
      await db
        .updateTable('entries')
        .set({ created_at: Date.UTC(2026, 0, 5, 12), updated_at: Date.UTC(2026, 1, 7, 23, 59) })
        .where('id', '=', second)
        .execute();

      await migrateTo(db, THIS);
      let counts = await rangesRecountedAndKept(db, AT_THIS);
      expect(counts.kept).toHaveLength(4);
      expect(counts.kept).toEqual(counts.recounted);

      // A new entry, a change of state, a change within the same day, a move to the next day, a
      // change of type, a deletion: the counts follow each.
      await insertEntryRow(db, { state: 'draft' });
      await db.updateTable('entries').set({ state: 'rejected' }).where('id', '=', first).execute();
      await db
        .updateTable('entries')
        .set({ updated_at: Date.UTC(2026, 1, 7, 1) })
        .where('id', '=', second)
        .execute();
      counts = await rangesRecountedAndKept(db, AT_THIS);
      expect(counts.kept).toEqual(counts.recounted);
      await db
        .updateTable('entries')
        .set((eb) => ({ updated_at: eb('updated_at', '+', DAY_MS) }))
        .where('id', '=', second)
        .execute();
      await db.updateTable('entries').set({ type: 'article' }).where('id', '=', second).execute();
      counts = await rangesRecountedAndKept(db, AT_THIS);
      expect(counts.kept).toEqual(counts.recounted);
      expect(counts.kept).toContainEqual({
        sort: 'updated_at',
        bucket: Math.trunc(Date.UTC(2026, 1, 8, 1) / DAY_MS),
        type: 'article',
        state: 'proposed',
        count: 1,
      });
      await db.deleteFrom('entries').where('id', '=', first).execute();
      counts = await rangesRecountedAndKept(db, AT_THIS);
      expect(counts.kept).toEqual(counts.recounted);

      await migrateTo(db, BEFORE);
      const tables = await db.introspection.getTables();
      expect(tables.map((t) => t.name)).not.toContain('entry_ranges');
      // Without the table nothing is left to fire: writes work as before.
      await insertEntryRow(db, { state: 'draft' });
      await db.updateTable('entries').set({ state: 'proposed' }).execute();
      await db.deleteFrom('entries').execute();

      await migrateToLatest(db);
      await insertEntryRow(db, { state: 'published' });
      counts = await rangesRecountedAndKept(db);
      expect(counts.kept).toEqual(counts.recounted);
      expect(counts.kept).toHaveLength(2);
      expect(
        Number((await sql<{ n: number }>`select count(*) as n from entries`.execute(db)).rows[0]!.n),
      ).toBe(1);
    } finally {
      await handle.destroy();
    }
  });
});
