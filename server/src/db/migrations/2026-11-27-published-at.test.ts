import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';

describe.each(testDatabases())('the migration that adds published_at on $name', (target) => {
  it('fills it for published entries from the event that published them, and leaves the others null', async () => {
    const handle = await target.create({ migrate: false });
    try {
      const { db } = handle;
      // The services write today's schema; the rows then go back to the schema before the migration.
      await migrateToLatest(db);
      const published = await insertTestEntry(db, { state: 'published' });
      const proposed = await insertTestEntry(db, { state: 'proposed' });
      const publishedEvent = await db
        .selectFrom('entry_events')
        .select('created_at')
        .where('entry_id', '=', published.data.id)
        .where('to_state', '=', 'published')
        .executeTakeFirstOrThrow();
      // An entry published before the event log knew states falls back to its last update.
      const legacy = await insertTestEntry(db, { state: 'published' });
      await db.deleteFrom('entry_events').where('entry_id', '=', legacy.data.id).execute();
      await db.updateTable('entries').set({ updated_at: 1_000 }).where('id', '=', legacy.data.id).execute();

      await migrateTo(db, '2026-11-26-states-unchecked');
      await migrateToLatest(db);

      const stored = await db.selectFrom('entries').select(['id', 'published_at']).execute();
      const byId = new Map(stored.map((r) => [r.id, r.published_at]));
      expect(byId.get(published.data.id)).toBe(publishedEvent.created_at);
      expect(byId.get(proposed.data.id)).toBeNull();
      expect(byId.get(legacy.data.id)).toBe(1_000);
    } finally {
      await handle.destroy();
    }
  });
});
