import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { moderateEntry } from '../../features/entries/moderation-service.ts';
import { searchEntries } from '../../features/search/repository.ts';
import { searchDocumentOf } from '../../features/search/service.ts';
import { queryTerms } from '../../features/search/text.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry, shippedContentTypes, TEST_MODERATOR } from '../../test/entries.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import type { Database } from '../types.ts';

const BEFORE = '2026-12-19-title-ranges';
const THIS = '2026-12-20-search-contentless';

/** The ids a search for `query` finds (every state but deleted), capped at `candidates` ranked matches. */
async function found(db: Kysely<Database>, query: string, candidates = 1000): Promise<string[]> {
  const result = await searchEntries(db, queryTerms(query), {}, { limit: 20, offset: 0 }, candidates);
  return result.rows.map((r) => r.id);
}

/** What the main full-text table keeps of each document beside its index (before and after). */
async function stored(db: Kysely<Database>) {
  const { rows } = await sql<{ entry_id: string; title: string | null; body: string | null }>`
    select entry_id, title, body from entries_fts order by entry_id`.execute(db);
  return rows;
}

/** The documents the app makes of the stored entries, as stored() reads them. */
async function documentsOf(db: Kysely<Database>) {
  const entries = await db
    .selectFrom('entries')
    .select(['id', 'type', 'state', 'title', 'data'])
    .orderBy('id')
    .execute();
  return entries.map(searchDocumentOf).map((d) => ({ entry_id: d.id, title: d.title, body: d.body }));
}

/** The entries the table before this migration finds for a folded word, best first as searches rank. */
async function matchedBefore(db: Kysely<Database>, word: string): Promise<string[]> {
  const { rows } = await sql<{ entry_id: string }>`select entry_id from entries_fts
    where entries_fts match ${word} order by bm25(entries_fts, 0.0, 10.0, 1.0, 0.0), rowid`.execute(db);
  return rows.map((r) => r.entry_id);
}

/** The text the contentless table answers (none), and the entries its rowids stand for. */
async function storedContentless(db: Kysely<Database>) {
  const texts = await sql<{ title: string | null; body: string | null }>`
    select title, body from entries_fts`.execute(db);
  const ids = await sql<{ entry_id: string }>`select entry_id from search_rowids order by entry_id`.execute(
    db,
  );
  const joined = await sql<{ same: number }>`select count(*) as same from entries_fts_title t
    join search_rowids s on s.rowid = t.rowid`.execute(db);
  return { texts: texts.rows, ids: ids.rows.map((r) => r.entry_id), titled: joined.rows[0]!.same };
}

describe.each(testDatabases().filter((t) => t.name === 'sqlite'))(
  'the migration keeping no search text twice on $name',
  (target) => {
    it('keeps the index but not the text, finds the same, follows saves, and goes back', async () => {
      const handle = await target.create({ migrate: false });
      try {
        const { db } = handle;
        await migrateToLatest(db);
        const inBody = await insertTestEntry(db, {
          state: 'published',
          title: 'Markt',
          content: 'Ein Kürbis.',
        });
        const inTitle = await insertTestEntry(db, { state: 'draft', title: 'Kürbis', content: 'Ein Fest.' });
        const other = await insertTestEntry(db, { state: 'proposed', title: 'Brunnen', content: 'Wasser.' });
        const latest = { kuerbis: await found(db, 'Kürbis'), capped: await found(db, 'Kürbis', 1) };
        expect(latest.kuerbis).toEqual([inTitle.data.id, inBody.data.id]);

        // Back: the documents are made again, with their text, from the entries.
        await migrateTo(db, BEFORE);
        expect(await stored(db)).toEqual(await documentsOf(db));
        expect((await stored(db)).find((r) => r.entry_id === inTitle.data.id)?.title).toBe('Kurbis');
        expect(await matchedBefore(db, 'kurbis')).toEqual([inTitle.data.id, inBody.data.id]);
        expect(await matchedBefore(db, 'sproposed')).toEqual([other.data.id]);

        await migrateTo(db, THIS);
        // The folded title and body are not kept; the entries' ids are, by the documents' rowids.
        expect(await storedContentless(db)).toEqual({
          texts: [0, 1, 2].map(() => ({ title: null, body: null })),
          ids: [inBody, inTitle, other].map((e) => e.data.id).sort(),
          titled: 3,
        });
        expect(await found(db, 'Kürbis')).toEqual(latest.kuerbis);
        expect(await found(db, 'Kürbis', 1)).toEqual(latest.capped);
        expect(await found(db, 'Wasser')).toEqual([other.data.id]);

        // A save replaces the document: the old words find it no longer, the new ones do.
        const contentTypes = await shippedContentTypes();
        await moderateEntry(
          db,
          contentTypes,
          other.data.id,
          { data: { ...other.data, title: 'Brunnen', content: 'Quelle.' } },
          TEST_MODERATOR,
        );
        expect(await found(db, 'Wasser')).toEqual([]);
        expect(await found(db, 'Quelle')).toEqual([other.data.id]);
        const later = await insertTestEntry(db, { state: 'draft', title: 'Kürbis spät', content: 'Nichts.' });
        expect(await found(db, 'spät')).toEqual([later.data.id]);
        // Two title matches first (scored alike among so few entries, so in the index's order), then the body's.
        const three = await found(db, 'Kürbis');
        expect([...three.slice(0, 2)].sort()).toEqual([inTitle.data.id, later.data.id].sort());
        expect(three[2]).toBe(inBody.data.id);

        await migrateTo(db, BEFORE);
        expect(await stored(db)).toEqual(await documentsOf(db));
        expect((await stored(db)).find((r) => r.entry_id === other.data.id)?.body).toMatch(/^Quelle\./);
        expect(await matchedBefore(db, 'kurbis')).toEqual(three);
        await migrateToLatest(db);
        expect(await found(db, 'Kürbis')).toEqual(three);
      } finally {
        await handle.destroy();
      }
    });
  },
);
