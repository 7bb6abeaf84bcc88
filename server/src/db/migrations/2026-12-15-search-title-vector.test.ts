import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchEntries } from '../../features/search/repository.ts';
import { queryTerms } from '../../features/search/text.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';

const BEFORE = '2026-12-14-events-created-at-id';
const THIS = '2026-12-15-search-title-vector';

describe.each(testDatabases().filter((t) => t.name === 'postgres'))(
  'the title vector migration on $name',
  (target) => {
    it('fills the title vector of existing entries, keeps it on writes, and goes back', async () => {
      const handle = await target.create({ migrate: false });
      try {
        const { db } = handle;
        await migrateToLatest(db);
        await migrateTo(db, BEFORE);
        const indexes = async () =>
          (
            await sql<{ indexdef: string }>`select indexdef from pg_indexes
              where schemaname = current_schema() order by indexname`.execute(db)
          ).rows.map((r) => r.indexdef);
        const indexesBefore = await indexes();
        // Written before the column exists: the migration fills it.
        const inBody = await insertTestEntry(db, {
          state: 'published',
          title: 'Markt',
          content: 'Ein Kürbis.',
        });
        const inTitle = await insertTestEntry(db, {
          state: 'published',
          title: 'Kürbis',
          content: 'Ein Fest.',
        });
        await migrateTo(db, THIS);
        const { rows } = await sql<{
          same: boolean;
        }>`select title_vector = ts_filter(search_vector, '{a}') as same
          from entries`.execute(db);
        expect(rows).toEqual([{ same: true }, { same: true }]);
        const found = await searchEntries(
          db,
          queryTerms('Kürbis'),
          { state: 'published' },
          { limit: 20, offset: 0 },
          1000,
        );
        expect(found.rows.map((r) => r.id)).toEqual([inTitle.data.id, inBody.data.id]);
        // Written after: generated from search_vector on every write.
        const later = await insertTestEntry(db, { state: 'draft', title: 'Kürbis spät', content: 'Nichts.' });
        const drafts = await searchEntries(
          db,
          queryTerms('spät'),
          { state: 'draft' },
          { limit: 20, offset: 0 },
          1,
        );
        expect(drafts.rows.map((r) => r.id)).toEqual([later.data.id]);
        await migrateTo(db, BEFORE);
        expect(await indexes()).toEqual(indexesBefore);
      } finally {
        await handle.destroy();
      }
    });
  },
);
