import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryState } from '@einwurf/contract';
import type { NewEntryRow } from '../../db/types.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { expectPagesAsByOffset, insertEntriesWithSomeAssigned, pageByOffset } from '../../test/list-pages.ts';
import {
  insertTestEntry,
  shippedContentTypes,
  TEST_MODERATOR,
  titleRangesRecountedAndKept,
} from '../../test/entries.ts';
import { assignEntry } from '../entries/assignment-service.ts';
import { deleteEntryAsModeration, moderateEntry } from '../entries/moderation-service.ts';
import { newEntryId } from '../entries/service.ts';
import { insertEntriesInBulk } from '../seed/repository.ts';
import { listEntries, type ListFilter, type ListSort } from './repository.ts';
import { searchDocumentOf, splitFullTitleRanges } from './service.ts';

// Pages by number of the lists sorted by title are found through the entries counted per title
// bucket (title_ranges, buckets bounded by titles in title_anchors, split by housekeeping): they must
// hold the rows an OFFSET over the whole sorted list gives, in the database's own title order. The
// comparisons count the buckets for every page (from 0 rows on); the product does from 1,000 rows on.
const ENTRIES = 3_000;
const PAGE = { limit: 40 };
/** Buckets kept near this many entries here (the product's are larger), so there are many. */
const BUCKET = 60;
const STATES: EntryState[] = ['published', 'proposed', 'draft', 'rejected', 'deleted'];
const DESK = { id: 'title-desk', username: 'title-desk' };
// Titles whose order depends on the collation (case, umlauts, accents, ß, digits, the empty title),
// many shared by several entries, so ties and buckets of one title occur.
const WORDS = ['Äpfel', 'apfel', 'Apfel', 'Zebra', 'Ölpreis', 'oel', 'éclair', 'Eclair', 'Straße', 'strasse'];
const titleOf = (i: number) => (i % 97 === 0 ? '' : `${WORDS[i % WORDS.length]} ${(i * 7) % 131}`);

describe.each(testDatabases())('list pages by title found by bucket on $name', (target) => {
  let database: TestDatabaseHandle;

  beforeAll(async () => {
    database = await target.create();
    const start = Date.UTC(2026, 5, 1);
    const rows: NewEntryRow[] = Array.from({ length: ENTRIES }, (_, i) => {
      const state = STATES[(i * 7) % STATES.length]!;
      return {
        id: newEntryId(),
        type: i % 3 === 0 ? 'event' : 'article',
        state,
        title: titleOf(i),
        data: JSON.stringify({ content: `Text ${i}.` }),
        password_hash: 'not a hash',
        revision: 1,
        created_at: start + i * 60_000,
        updated_at: start + i * 60_000,
        deleted_at: state === 'deleted' ? start : null,
      };
    });
    await insertEntriesWithSomeAssigned(database.db, rows, DESK);
  });
  afterAll(() => database.destroy());

  const asc: ListSort = { field: 'title', direction: 'asc' };
  const desc: ListSort = { field: 'title', direction: 'desc' };
  const lists: [ListFilter, ListSort][] = [
    [{}, asc],
    [{}, desc],
    [{ type: 'event' }, asc],
    [{ state: 'proposed' }, desc],
    [{ state: 'deleted' }, asc],
    [{ assignee: null }, desc],
    [{ assignee: null, type: 'article', state: 'draft' }, asc],
  ];

  const expectListPagesAsByOffset = () => expectPagesAsByOffset(database.db, lists, PAGE.limit);

  async function expectCountsKept(): Promise<void> {
    const counts = await titleRangesRecountedAndKept(database.db);
    expect(counts.kept).toEqual(counts.recounted);
  }

  it('gives the rows an OFFSET gives while everything lies in the one bucket the migration made', async () => {
    const anchors = await database.db.selectFrom('title_anchors').select('anchor').execute();
    expect(anchors).toEqual([{ anchor: '' }]);
    await expectCountsKept();
    // A page far from both ends of the full list, found by the counts with the product's threshold.
    const { rows } = await listEntries(database.db, {}, asc, { ...PAGE, offset: 1_000 });
    expect(rows.map((r) => r.id)).toEqual(
      await pageByOffset(database.db, {}, asc, { ...PAGE, offset: 1_000 }),
    );
  });

  it('splits the full buckets and still gives the rows an OFFSET gives, both ways, with every filter', async () => {
    const splits = await splitFullTitleRanges(database.db, BUCKET);
    expect(splits).toBeGreaterThan(20);
    const sizes = await database.db
      .selectFrom('title_ranges')
      .select(['anchor', (eb) => eb.fn.sum<number | string>('count').as('n')])
      .groupBy('anchor')
      .execute();
    expect(sizes.length).toBe(splits + 1);
    await expectCountsKept();
    expect(await expectListPagesAsByOffset()).toBeGreaterThan(200);
    // Split again, nothing is full: nothing changes.
    expect(await splitFullTitleRanges(database.db, BUCKET)).toBe(0);
  });

  it('stops at a bucket of one title, which cannot be split', async () => {
    const start = Date.UTC(2026, 6, 1);
    const same: NewEntryRow[] = Array.from({ length: 2 * BUCKET + 1 }, (_, i) => ({
      id: newEntryId(),
      type: 'article',
      state: 'draft',
      title: 'Zz einerlei',
      data: JSON.stringify({ content: `Gleich ${i}.` }),
      password_hash: 'not a hash',
      revision: 1,
      created_at: start + i,
      updated_at: start + i,
      deleted_at: null,
    }));
    await database.db
      .transaction()
      .execute((trx) => insertEntriesInBulk(trx, same, same.map(searchDocumentOf)));
    await splitFullTitleRanges(database.db, BUCKET);
    const anchors = (await database.db.selectFrom('title_anchors').select('anchor').execute()).map(
      (a) => a.anchor,
    );
    expect(anchors).toContain('Zz einerlei');
    await expectCountsKept();
    expect(await splitFullTitleRanges(database.db, BUCKET)).toBe(0);
  });

  it('keeps the counts and the pages through renames, state changes, assignments and deletions', async () => {
    const types = await shippedContentTypes();
    const picked = await database.db
      .selectFrom('entries')
      .select(['id', 'revision', 'title', 'type', 'data'])
      .where('state', '=', 'draft')
      .where('type', '=', 'article')
      .orderBy('created_at')
      .limit(40)
      .execute();
    const staff = { ...TEST_MODERATOR, username: DESK.username };
    for (const [i, entry] of picked.entries()) {
      if (i % 4 === 0) await assignEntry(database.db, entry.id, i % 8 === 0 ? DESK : null, staff);
      if (i % 5 === 4) {
        await deleteEntryAsModeration(database.db, entry.id, TEST_MODERATOR);
        continue;
      }
      const data = JSON.parse(entry.data) as Record<string, unknown>;
      // Renamed across the alphabet: from one bucket to another far away.
      await moderateEntry(
        database.db,
        types,
        entry.id,
        {
          data: {
            ...data,
            lead: 'Kurz gesagt.',
            category: 'local',
            revision: entry.revision,
            title: `${WORDS[(i * 3) % WORDS.length]} umbenannt ${i}`,
            state: i % 2 === 0 ? 'proposed' : 'draft',
          },
        },
        TEST_MODERATOR,
      );
    }
    await expectCountsKept();
    expect(await expectListPagesAsByOffset()).toBeGreaterThan(200);
  });

  it('counts every write made while buckets are split', async () => {
    // Small buckets, so the splits and the writes overlap; on PostgreSQL each on its own connection.
    const writes = Array.from({ length: 24 }, (_, i) =>
      insertTestEntry(database.db, { title: `${WORDS[i % WORDS.length]} gleichzeitig ${i}` }),
    );
    const [splits] = await Promise.all([splitFullTitleRanges(database.db, 20), ...writes]);
    expect(splits).toBeGreaterThan(0);
    await expectCountsKept();
    expect(await expectListPagesAsByOffset()).toBeGreaterThan(200);
  });
});
