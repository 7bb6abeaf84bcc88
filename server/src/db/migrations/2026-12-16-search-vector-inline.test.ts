import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchEntries } from '../../features/search/repository.ts';
import { queryTerms } from '../../features/search/text.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import type { Database } from '../types.ts';

const BEFORE = '2026-12-15-search-title-vector';
const THIS = '2026-12-16-search-vector-inline';

/** Words that neither the text nor its vector can be compressed from: both are too long for a row. */
function uncompressibleText(seed: number, words: number): string {
  let state = seed;
  const letter = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return String.fromCharCode(97 + (state % 26));
  };
  return Array.from({ length: words }, () => Array.from({ length: 9 }, letter).join('')).join(' ');
}

/** The values kept out of line in the entries' TOAST table (each is one chunk_id). */
async function valuesOutOfLine(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ toast: string }>`select reltoastrelid::regclass::text as toast
    from pg_class where oid = 'entries'::regclass`.execute(db);
  const counted = await sql<{ values: string }>`select count(distinct chunk_id) as values
    from ${sql.table(rows[0]!.toast)}`.execute(db);
  return Number(counted.rows[0]!.values);
}

describe.each(testDatabases().filter((t) => t.name === 'postgres'))(
  'the migration keeping search vectors in the row on $name',
  (target) => {
    it('moves existing vectors into their rows, keeps new ones there, finds the same, and goes back', async () => {
      const handle = await target.create({ migrate: false });
      try {
        const { db } = handle;
        await migrateToLatest(db);
        await migrateTo(db, BEFORE);
        const storage = async () =>
          (
            await sql<{ attstorage: string }>`select string_agg(attstorage, '' order by attname) as attstorage
              from pg_attribute where attrelid = 'entries'::regclass
                and attname in ('search_vector', 'title_vector')`.execute(db)
          ).rows[0]!.attstorage;
        // Text and vector of about 2.5 and 4 KB, neither compressible: both out of line before.
        const old = await insertTestEntry(db, {
          state: 'published',
          title: 'Kürbis vom Markt',
          content: uncompressibleText(1, 250),
        });
        expect(await valuesOutOfLine(db)).toBe(2);

        await migrateTo(db, THIS);
        expect(await storage()).toBe('mm');
        // The text stays out of line; the vectors are now in the row.
        expect(await valuesOutOfLine(db)).toBe(1);
        const later = await insertTestEntry(db, {
          state: 'published',
          title: 'Kürbis zum Fest',
          content: uncompressibleText(2, 250),
        });
        expect(await valuesOutOfLine(db)).toBe(2);
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
        expect(found.rows.map((r) => r.id).sort()).toEqual([old.data.id, later.data.id].sort());

        await migrateTo(db, BEFORE);
        expect(await storage()).toBe('xx');
      } finally {
        await handle.destroy();
      }
    });
  },
);
