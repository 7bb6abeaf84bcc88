import { describe, expect, it } from 'vitest';
import { newEntryId } from '../../features/entries/service.ts';
import { insertEntriesInBulk } from '../../features/seed/repository.ts';
import { testDatabases } from '../../test/db.ts';
import { insertEntryRow, titleRangesRecountedAndKept } from '../../test/entries.ts';
import type { NewEntryRow } from '../types.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';

const BEFORE = '2026-12-18-entry-ranges-assigned';
const THIS = '2026-12-19-title-ranges';

describe.each(testDatabases())('the migration counting entries per range of titles on $name', (target) => {
  it('anchors every 2,000th title, keeps the counts through every kind of write, and goes back', async () => {
    const handle = await target.create({ migrate: false });
    try {
      const { db } = handle;
      await migrateToLatest(db);
      await migrateTo(db, BEFORE);
      // 4,500 titles in 4,500 distinct values: "Titel 0000" … "Titel 4499".
      const rows: NewEntryRow[] = Array.from({ length: 4_500 }, (_, i) => ({
        id: newEntryId(),
        type: i % 2 === 0 ? 'article' : 'event',
        state: i % 3 === 0 ? 'published' : 'draft',
        title: `Titel ${String(i).padStart(4, '0')}`,
        data: JSON.stringify({ content: 'Text.' }),
        password_hash: 'not a hash',
        revision: 1,
        created_at: 1_700_000_000_000 + i,
        updated_at: 1_700_000_000_000 + i,
        deleted_at: null,
      }));
      // No search documents: the index's tables of today came after this migration.
      await db.transaction().execute((trx) => insertEntriesInBulk(trx, rows, []));

      await migrateTo(db, THIS);
      const anchors = await db.selectFrom('title_anchors').select('anchor').orderBy('anchor').execute();
      expect(anchors.map((a) => a.anchor)).toEqual(['', 'Titel 1999', 'Titel 3999']);
      let counts = await titleRangesRecountedAndKept(db);
      expect(counts.kept).toEqual(counts.recounted);
      expect(counts.kept).toContainEqual({
        anchor: 'Titel 3999',
        type: 'event',
        state: 'draft',
        assigned: 0,
        count: 167,
      });

      // A new entry, a rename into another bucket, a change of state, a take, a deletion.
      const added = await insertEntryRow(db, { title: 'Titel 3000 neu' });
      await db.updateTable('entries').set({ title: 'Aaa' }).where('title', '=', 'Titel 4000').execute();
      await db.updateTable('entries').set({ state: 'rejected' }).where('title', '=', 'Titel 2500').execute();
      await db
        .insertInto('users')
        .values({ id: 'mod', username: 'mod', role: 'mod', password_hash: 'x', created_at: 1, updated_at: 1 })
        .execute();
      await db.updateTable('entries').set({ assignee_id: 'mod' }).where('id', '=', added).execute();
      await db.deleteFrom('entries').where('title', '=', 'Titel 0001').execute();
      counts = await titleRangesRecountedAndKept(db);
      expect(counts.kept).toEqual(counts.recounted);
      expect(counts.kept).toContainEqual({
        anchor: 'Titel 1999',
        type: 'article',
        state: 'draft',
        assigned: 1,
        count: 1,
      });

      await migrateTo(db, BEFORE);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain('title_ranges');
      expect(tables).not.toContain('title_anchors');
      // Without the tables nothing is left to fire: writes work as before.
      await insertEntryRow(db, { title: 'Danach' });
      await db.updateTable('entries').set({ title: 'Umbenannt' }).where('title', '=', 'Danach').execute();
      await db.deleteFrom('entries').where('title', '=', 'Umbenannt').execute();

      await migrateToLatest(db);
      counts = await titleRangesRecountedAndKept(db);
      expect(counts.kept).toEqual(counts.recounted);
    } finally {
      await handle.destroy();
    }
  });
});
