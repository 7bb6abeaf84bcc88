import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';

describe.each(testDatabases())('the migration that keeps revisions on $name', (target) => {
  it('gives every existing entry its current revision, saved by whoever saved it last', async () => {
    const handle = await target.create({ migrate: false });
    try {
      const { db } = handle;
      // The services write today's schema; the rows then go back to the schema before the migration.
      await migrateToLatest(db);
      const saved = await insertTestEntry(db, { state: 'proposed', title: 'Gespeichert', content: 'Grüße' });
      const legacy = await insertTestEntry(db, { title: 'Ohne Verlauf' });
      await db.deleteFrom('entry_events').where('entry_id', '=', legacy.data.id).execute();
      await db.updateTable('entries').set({ updated_at: 1_000 }).where('id', '=', legacy.data.id).execute();

      await migrateTo(db, '2026-12-01-public-tombstones');
      await migrateToLatest(db);

      const rows = await db.selectFrom('entry_revisions').selectAll().orderBy('title').execute();
      expect(rows.map((r) => ({ ...r, saved_at: Number(r.saved_at) }))).toEqual([
        {
          entry_id: saved.data.id,
          revision: 2,
          title: 'Gespeichert',
          data: expect.stringContaining('Grüße'),
          state: 'proposed',
          actor: 'admin',
          user_id: null,
          saved_at: Date.parse(saved.data.updated_at),
        },
        {
          entry_id: legacy.data.id,
          revision: 2,
          title: 'Ohne Verlauf',
          data: expect.any(String),
          state: 'draft',
          actor: 'author',
          user_id: null,
          saved_at: 1_000,
        },
      ]);
      const events = await db.selectFrom('entry_events').select('revision').execute();
      expect(events.every((e) => e.revision === null)).toBe(true);
    } finally {
      await handle.destroy();
    }
  });
});
