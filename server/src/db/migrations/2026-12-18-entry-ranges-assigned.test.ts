import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/db.ts';
import { insertEntryRow, rangesRecountedAndKept } from '../../test/entries.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';

const BEFORE = '2026-12-17-entry-ranges';
const THIS = '2026-12-18-entry-ranges-assigned';

describe.each(testDatabases())('the migration counting entries anyone has apart on $name', (target) => {
  it('counts the existing entries, follows takes, releases and deleted accounts, and goes back', async () => {
    const handle = await target.create({ migrate: false });
    try {
      const { db } = handle;
      await migrateToLatest(db);
      await migrateTo(db, BEFORE);
      const account = { role: 'mod', password_hash: 'x', created_at: 1, updated_at: 1 } as const;
      await db
        .insertInto('users')
        .values([
          { ...account, id: 'mod-a', username: 'mod-a' },
          { ...account, id: 'mod-b', username: 'mod-b' },
        ])
        .execute();
      const assignTo = (id: string, assignee: string | null) =>
        db.updateTable('entries').set({ assignee_id: assignee }).where('id', '=', id).execute();
      const first = await insertEntryRow(db, { state: 'proposed' });
      const second = await insertEntryRow(db, { state: 'proposed' });
      const third = await insertEntryRow(db, { type: 'event', state: 'published' });
      await assignTo(first, 'mod-a');

      await migrateTo(db, THIS);
      let counts = await rangesRecountedAndKept(db);
      expect(counts.kept).toEqual(counts.recounted);
      // Both sorts of the same day: the proposed article anyone has apart from the one nobody has.
      expect(counts.kept).toHaveLength(6);
      expect(counts.kept).toContainEqual(
        expect.objectContaining({
          sort: 'updated_at',
          type: 'article',
          state: 'proposed',
          assigned: 1,
          count: 1,
        }),
      );

      // Taken, handed to a colleague (no move), released, taken by an account that is then deleted
      // (its entries' assignee set to null by the database), a new entry, a change of state, a
      // deletion: the counts follow each.
      await assignTo(second, 'mod-b');
      counts = await rangesRecountedAndKept(db);
      expect(counts.kept).toEqual(counts.recounted);
      await assignTo(second, 'mod-a');
      await assignTo(first, null);
      counts = await rangesRecountedAndKept(db);
      expect(counts.kept).toEqual(counts.recounted);
      await assignTo(third, 'mod-b');
      await db.deleteFrom('users').where('id', '=', 'mod-a').execute();
      counts = await rangesRecountedAndKept(db);
      expect(counts.kept).toEqual(counts.recounted);
      expect(counts.kept).toContainEqual(
        expect.objectContaining({ sort: 'created_at', type: 'event', assigned: 1, count: 1 }),
      );
      expect(counts.kept.filter((row) => (row as { assigned: number }).assigned === 1)).toHaveLength(2);
      await insertEntryRow(db, { state: 'draft' });
      await db.updateTable('entries').set({ state: 'rejected' }).where('id', '=', third).execute();
      await db.deleteFrom('entries').where('id', '=', first).execute();
      counts = await rangesRecountedAndKept(db);
      expect(counts.kept).toEqual(counts.recounted);

      // Back: the table as before, counted anew, its triggers counting again.
      await migrateTo(db, BEFORE);
      await insertEntryRow(db, { state: 'published' });
      await assignTo(second, 'mod-b');
      counts = await rangesRecountedAndKept(db, { assigned: false });
      expect(counts.kept).toEqual(counts.recounted);
      expect(counts.kept.length).toBeGreaterThan(0);

      await migrateToLatest(db);
      counts = await rangesRecountedAndKept(db);
      expect(counts.kept).toEqual(counts.recounted);
      expect(counts.kept).toContainEqual(
        expect.objectContaining({
          sort: 'updated_at',
          type: 'article',
          state: 'proposed',
          assigned: 1,
          count: 1,
        }),
      );
    } finally {
      await handle.destroy();
    }
  });
});
