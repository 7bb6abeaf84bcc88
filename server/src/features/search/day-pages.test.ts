import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryState } from '@einwurf/contract';
import type { NewEntryRow } from '../../db/types.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { expectPagesAsByOffset, insertEntriesWithSomeAssigned, pageByOffset } from '../../test/list-pages.ts';
import { rangesRecountedAndKept, shippedContentTypes, TEST_MODERATOR } from '../../test/entries.ts';
import { newEntryId } from '../entries/service.ts';
import { moderateEntry, deleteEntryAsModeration } from '../entries/moderation-service.ts';
import { assignEntry } from '../entries/assignment-service.ts';
import { listEntries, type ListFilter, type ListSort } from './repository.ts';

// Pages asked for by number far from both ends are found through the entries counted per day
// (entry_ranges): they must hold the rows an OFFSET over the whole sorted list gives. The comparisons
// count the days for every page (from 0 rows on); the product does from 1,000 rows on.
const DAY_MS = 86_400_000;
const ENTRIES = 3_000;
const PAGE = { limit: 50 };
const STATES: EntryState[] = ['published', 'proposed', 'draft', 'rejected', 'deleted'];
/** The moderator who has every fourth entry; the others nobody has. */
const DESK = { id: 'desk-moderator', username: 'desk-moderator' };

describe.each(testDatabases())('list pages found by day on $name', (target) => {
  let database: TestDatabaseHandle;

  beforeAll(async () => {
    database = await target.create();
    // 3,000 entries over about 60 days, 50 a day, many sharing a time, so ties and day edges occur.
    const start = Date.UTC(2026, 5, 1);
    const rows: NewEntryRow[] = Array.from({ length: ENTRIES }, (_, i) => {
      const state = STATES[(i * 7) % STATES.length]!;
      const created = start + Math.floor(i / 50) * DAY_MS + ((i * 37) % 24) * 3_600_000;
      return {
        id: newEntryId(),
        type: i % 3 === 0 ? 'event' : 'article',
        state,
        title: `Eintrag ${i % 17}`,
        data: JSON.stringify({ content: `Text ${i}.` }),
        password_hash: 'not a hash',
        revision: 1,
        created_at: created,
        // Some last changed at the very edge of a day, some much later, in no order of creation.
        updated_at: i % 5 === 0 ? start + ((i * 13) % 60) * DAY_MS : created + ((i * 11) % 30) * DAY_MS,
        deleted_at: state === 'deleted' ? start : null,
      };
    });
    await insertEntriesWithSomeAssigned(database.db, rows, DESK);
  });
  afterAll(() => database.destroy());

  const lists: [ListFilter, ListSort][] = [
    [{}, { field: 'updated_at', direction: 'desc' }],
    [{}, { field: 'updated_at', direction: 'asc' }],
    [{}, { field: 'created_at', direction: 'desc' }],
    [{}, { field: 'created_at', direction: 'asc' }],
    [{ type: 'article' }, { field: 'updated_at', direction: 'desc' }],
    [{ state: 'published' }, { field: 'created_at', direction: 'asc' }],
    [{ state: 'deleted' }, { field: 'updated_at', direction: 'desc' }],
    [
      { type: 'article', state: 'draft' },
      { field: 'updated_at', direction: 'asc' },
    ],
    // The desk's "nobody has it", alone and with the other filters.
    [{ assignee: null }, { field: 'updated_at', direction: 'desc' }],
    [{ assignee: null }, { field: 'created_at', direction: 'asc' }],
    [
      { assignee: null, state: 'proposed' },
      { field: 'updated_at', direction: 'asc' },
    ],
    [
      { assignee: null, type: 'event', state: 'published' },
      { field: 'created_at', direction: 'desc' },
    ],
  ];

  const expectListPagesAsByOffset = () => expectPagesAsByOffset(database.db, lists, PAGE.limit);

  it('gives the rows an OFFSET gives, for every sort by time, filter and direction', async () => {
    expect(await expectListPagesAsByOffset()).toBeGreaterThan(300);
  });

  it('counts the entries nobody has from the day counts, with every filter', async () => {
    for (const [filter] of lists.filter(([f]) => f.assignee === null)) {
      let query = database.db
        .selectFrom('entries')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('assignee_id', 'is', null);
      query =
        filter.state === undefined
          ? query.where('state', '<>', 'deleted')
          : query.where('state', '=', filter.state);
      if (filter.type !== undefined) query = query.where('type', '=', filter.type);
      const { n } = await query.executeTakeFirstOrThrow();
      const sort: ListSort = { field: 'updated_at', direction: 'desc' };
      const { total } = await listEntries(database.db, filter, sort, { ...PAGE, offset: 0 });
      expect(total, JSON.stringify(filter)).toBe(Number(n));
      expect(total).toBeGreaterThan(0);
    }
  });

  it('reads the day counts from 1,000 rows off both ends: a count changed by hand moves the page', async () => {
    const sort: ListSort = { field: 'created_at', direction: 'asc' };
    // 2,400 entries are listed (not deleted): this page lies 1,100 and 1,250 rows off the ends.
    const offset = 1_100;
    const expected = await pageByOffset(database.db, {}, sort, { ...PAGE, offset });
    const [first] = await database.db
      .selectFrom('entry_ranges')
      .select(['bucket', 'type', 'state', 'assigned'])
      .where('sort', '=', 'created_at')
      .where('state', '<>', 'deleted')
      .orderBy('bucket')
      .limit(1)
      .execute();
    const shift = (delta: number) =>
      database.db
        .updateTable('entry_ranges')
        .set((eb) => ({ count: eb('count', '+', delta) }))
        .where('sort', '=', 'created_at')
        .where('bucket', '=', first!.bucket)
        .where('type', '=', first!.type)
        .where('state', '=', first!.state)
        .where('assigned', '=', first!.assigned)
        .execute();
    await shift(3);
    try {
      const { rows } = await listEntries(database.db, {}, sort, { ...PAGE, offset });
      expect(rows.map((r) => r.id)).toEqual(
        await pageByOffset(database.db, {}, sort, { ...PAGE, offset: offset - 3 }),
      );
    } finally {
      await shift(-3);
    }
    const { rows } = await listEntries(database.db, {}, sort, { ...PAGE, offset });
    expect(rows.map((r) => r.id)).toEqual(expected);
  });

  it('keeps finding the same rows after entries are saved, moved to other states and deleted', async () => {
    const types = await shippedContentTypes();
    const picked = await database.db
      .selectFrom('entries')
      .select(['id', 'revision', 'title', 'type', 'data'])
      .where('state', '=', 'draft')
      .where('type', '=', 'article')
      .orderBy('created_at')
      .limit(30)
      .execute();
    const staff = { ...TEST_MODERATOR, username: DESK.username };
    for (const [i, entry] of picked.entries()) {
      // Some taken by the moderator, some of the moderator's released, before their other changes.
      if (i % 4 === 0) await assignEntry(database.db, entry.id, DESK, staff);
      const data = JSON.parse(entry.data) as Record<string, unknown>;
      const fields = { lead: 'Kurz gesagt.', category: 'local' };
      if (i % 3 === 2) {
        await deleteEntryAsModeration(database.db, entry.id, TEST_MODERATOR);
        continue;
      }
      await moderateEntry(
        database.db,
        types,
        entry.id,
        {
          data: {
            ...data,
            ...fields,
            revision: entry.revision,
            title: `${entry.title} neu`,
            state: i % 3 === 0 ? 'proposed' : 'draft',
          },
        },
        TEST_MODERATOR,
      );
    }
    const held = await database.db
      .selectFrom('entries')
      .select('id')
      .where('assignee_id', '=', DESK.id)
      .where('state', '=', 'published')
      .limit(20)
      .execute();
    for (const { id } of held) await assignEntry(database.db, id, null, staff);
    expect(held).toHaveLength(20);
    const counts = await rangesRecountedAndKept(database.db);
    expect(counts.kept).toEqual(counts.recounted);
    expect(await expectListPagesAsByOffset()).toBeGreaterThan(300);
    // The saves moved entries to today, far from the seeded days.
    const today = Math.trunc(Date.now() / DAY_MS);
    const moved = await sql<{ n: string }>`select sum(count) as n from entry_ranges
      where sort = 'updated_at' and bucket = ${today}`.execute(database.db);
    expect(Number(moved.rows[0]!.n)).toBe(30);
  });
});
