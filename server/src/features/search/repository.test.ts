import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEntryRow } from '../../db/types.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { plansOf, statementsSent } from '../../test/statements.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { newEntryId } from '../entries/service.ts';
import { insertEntriesInBulk } from '../seed/repository.ts';
import { listEntries, searchEntries, type ListSort } from './repository.ts';
import { searchDocumentOf } from './service.ts';
import { queryTerms, searchRowid } from './text.ts';

describe.each(testDatabases())('search with a capped candidate set on $name', (target) => {
  let database: TestDatabaseHandle;
  const inTitle: string[] = [];
  const inBody: string[] = [];
  let deleted = '';
  const terms = queryTerms('Kürbis');
  const search = (candidates: number, offset = 0, limit = 20) =>
    searchEntries(database.db, terms, {}, { limit, offset }, candidates);

  beforeAll(async () => {
    database = await target.create();
    const add = async (title: string, content: string, state: 'published' | 'deleted' = 'published') =>
      (await insertTestEntry(database.db, { title, content, state })).data.id;
    for (const title of ['Ein Kürbis im Dorf', 'Der grosse Kürbis']) {
      inTitle.push(await add(title, 'Ein Fest im Herbst mit Musik.'));
    }
    // Enough matches in the body alone that a cap not preferring the title would often miss one.
    for (const title of ['Herbstmarkt', 'Erntedank', 'Suppe', 'Quartierfest', 'Hofladen', 'Menü']) {
      inBody.push(await add(title, `Es gibt Kürbis und Äpfel, dazu Brot. ${title}.`));
    }
    deleted = await add('Kürbis gelöscht', 'Kürbis.', 'deleted');
  });
  afterAll(() => database.destroy());

  it('ranks every match when they fit the cap: exact total, title matches first', async () => {
    const found = await search(10);
    expect(found).toMatchObject({ total: 8, capped: false });
    const ids = found.rows.map((r) => r.id);
    expect(ids.slice(0, 2).sort()).toEqual([...inTitle].sort());
    expect(ids.slice(2).sort()).toEqual([...inBody].sort());
  });

  it('ranks a capped set when more match: title matches first, the total is the cap', async () => {
    const found = await search(3);
    expect(found).toMatchObject({ total: 3, capped: true });
    const ids = found.rows.map((r) => r.id);
    expect(ids).toHaveLength(3);
    expect(ids.slice(0, 2).sort()).toEqual([...inTitle].sort());
    expect(inBody).toContain(ids[2]);
    expect(ids).not.toContain(deleted);
  });

  it('pages within the cap and answers nothing past it', async () => {
    const all = (await search(3)).rows.map((r) => r.id);
    // A page crossing the cap stops at it.
    expect((await search(3, 2, 2)).rows.map((r) => r.id)).toEqual(all.slice(2));
    expect(await search(3, 3)).toEqual({ rows: [], total: 3, capped: true });
  });

  it('fills the cap with title matches alone when they are enough', async () => {
    const found = await search(1);
    expect(found).toMatchObject({ total: 1, capped: true });
    expect(inTitle).toContain(found.rows[0]?.id);
  });

  it('keeps the filters in the capped set', async () => {
    const deletedOnly = await searchEntries(
      database.db,
      terms,
      { state: 'deleted' },
      { limit: 20, offset: 0 },
      1,
    );
    expect(deletedOnly).toMatchObject({ total: 1, capped: false });
    expect(deletedOnly.rows.map((r) => r.id)).toEqual([deleted]);
    const events = await searchEntries(database.db, terms, { type: 'event' }, { limit: 20, offset: 0 }, 1);
    expect(events).toEqual({ rows: [], total: 0, capped: false });
  });

  it.each([
    ['updated_at', 'desc'],
    ['updated_at', 'asc'],
    ['created_at', 'desc'],
    ['title', 'asc'],
    ['title', 'desc'],
  ] as [ListSort['field'], ListSort['direction']][])(
    'lists pages that join up to the whole list, read from either end (%s %s)',
    async (field, direction) => {
      const sort = { field, direction };
      const whole = await listEntries(database.db, {}, sort, { limit: 100, offset: 0 });
      expect(whole.total).toBe(8);
      const paged: string[] = [];
      for (let offset = 0; offset < whole.total; offset += 3) {
        const { rows, total } = await listEntries(database.db, {}, sort, { limit: 3, offset });
        expect(total).toBe(8);
        paged.push(...rows.map((r) => r.id));
      }
      expect(paged).toEqual(whole.rows.map((r) => r.id));
    },
  );
});

describe.each(testDatabases())('the first page of a list on $name', (target) => {
  let database: TestDatabaseHandle;
  const sort: ListSort = { field: 'updated_at', direction: 'desc' };

  beforeAll(async () => {
    database = await target.create();
    for (const [i, state] of (['proposed', 'published', 'proposed', 'deleted'] as const).entries()) {
      await insertTestEntry(database.db, { title: `Eintrag ${i}`, state });
    }
  });
  afterAll(() => database.destroy());

  /** How many statements `run` sends to the database, and what it answers. */
  async function statementsOf<T>(run: () => Promise<T>): Promise<{ statements: number; result: T }> {
    const { sent, result } = await statementsSent(database.db, run);
    return { statements: sent.length, result };
  }

  it('is read with its total in one statement, for every filter of state and type', async () => {
    for (const [filter, total] of [
      [{}, 3],
      [{ state: 'proposed' }, 2],
      [{ state: 'deleted' }, 1],
      [{ type: 'article' }, 3],
      [{ state: 'published', type: 'article' }, 1],
    ] as const) {
      const { statements, result } = await statementsOf(() =>
        listEntries(database.db, filter, sort, { limit: 2, offset: 0 }),
      );
      expect(statements).toBe(1);
      expect(result.total).toBe(total);
      let expected = database.db
        .selectFrom('entries')
        .select('id')
        .where('state', filter.state === undefined ? '<>' : '=', filter.state ?? 'deleted')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(2);
      if (filter.type !== undefined) expected = expected.where('type', '=', filter.type);
      expect(result.rows.map((r) => r.id)).toEqual((await expected.execute()).map((r) => r.id));
      // The next page, counted apart, has the same total.
      expect((await listEntries(database.db, filter, sort, { limit: 2, offset: 2 })).total).toBe(total);
    }
  });

  it('of every entry but the deleted has no parameters: PostgreSQL plans it once, not at each call', async () => {
    const { sent } = await statementsSent(database.db, () =>
      listEntries(database.db, {}, sort, { limit: 20, offset: 0 }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.parameters).toEqual([]);
    if (target.name === 'postgres')
      expect(await plansOf(database.url, sent[0]!)).toMatchObject({ custom: 0 });
  });

  it('counts an empty list on its own', async () => {
    const { statements, result } = await statementsOf(() =>
      listEntries(database.db, { type: 'event' }, sort, { limit: 20, offset: 0 }),
    );
    expect(result).toEqual({ rows: [], total: 0 });
    expect(statements).toBe(2);
  });
});

describe.each(testDatabases())('search for several words with a state filter on $name', (target) => {
  let database: TestDatabaseHandle;
  const expected = { titles: [] as string[], bodies: [] as string[] };

  beforeAll(async () => {
    database = await target.create();
    const add = async (title: string, content: string, state: 'published' | 'proposed') =>
      (await insertTestEntry(database.db, { title, content, state })).data.id;
    expected.titles.push(await add('Kürbis und Velo', 'Ein Abend im Dorf.', 'published'));
    expected.bodies.push(await add('Herbst', 'Mit dem Velo zum Kürbis-Markt.', 'published'));
    expected.bodies.push(await add('Markt', 'Kürbis, Äpfel und ein Velo.', 'published'));
    // One word only, or the other state: not found.
    await add('Kürbis allein', 'Nur Suppe.', 'published');
    await add('Velo allein', 'Nur Wege.', 'published');
    await add('Kürbis und Velo, vorgeschlagen', 'Velo und Kürbis.', 'proposed');
  });
  afterAll(() => database.destroy());

  const search = (candidates: number, offset = 0, limit = 20) =>
    searchEntries(
      database.db,
      queryTerms('Kürbis Velo'),
      { state: 'published' },
      { limit, offset },
      candidates,
    );

  it('finds the entries holding every word in the state asked for, ranked or capped alike', async () => {
    const ranked = await search(10);
    expect(ranked).toMatchObject({ total: 3, capped: false });
    expect(ranked.rows[0]?.id).toBe(expected.titles[0]);
    expect(ranked.rows.map((r) => r.id).sort()).toEqual([...expected.titles, ...expected.bodies].sort());
    const capped = await search(2);
    expect(capped).toMatchObject({ total: 2, capped: true });
    expect(capped.rows[0]?.id).toBe(expected.titles[0]);
    expect(expected.bodies).toContain(capped.rows[1]?.id);
    expect((await search(2, 1, 1)).rows.map((r) => r.id)).toEqual([capped.rows[1]?.id]);
  });
});

describe.each(testDatabases())(
  'a ranked search with filters, whatever the words alone match, on $name',
  (target) => {
    let database: TestDatabaseHandle;
    const published: string[] = [];

    beforeAll(async () => {
      database = await target.create();
      // Four published entries hold the word, one to four times (the more, the better the match);
      // 26 others hold it too, proposed or deleted, so the word alone matches 30.
      for (let i = 0; i < 4; i += 1) {
        const content = `${'Quastenflosser '.repeat(4 - i)}im Museum.`;
        const entry = await insertTestEntry(database.db, { title: 'Fund', content, state: 'published' });
        published.push(entry.data.id);
      }
      for (let i = 0; i < 26; i += 1) {
        const state = i % 2 === 0 ? 'proposed' : 'deleted';
        await insertTestEntry(database.db, { title: 'Fund', content: 'Quastenflosser.', state });
      }
    });
    afterAll(() => database.destroy());

    /** Every page of the search, `limit` rows each, joined: pages show which rows rank where. */
    async function pagesOf(candidates: number, filter: { state?: 'published' }, limit: number) {
      const search = (offset: number) =>
        searchEntries(database.db, queryTerms('Quastenflosser'), filter, { limit, offset }, candidates);
      const first = await search(0);
      const rows = [...first.rows];
      for (let offset = limit; offset < first.total; offset += limit)
        rows.push(...(await search(offset)).rows);
      return { total: first.total, capped: first.capped, ids: rows.map((r) => r.id), rows };
    }

    it('ranks the filtered matches alike when the words alone match few or many', async () => {
      // A cap of 5 ranks the words apart from the filter up to 20 matches of theirs (30 here: not), a
      // cap of 10 up to 40 (30: so).
      const many = await pagesOf(5, { state: 'published' }, 1);
      const few = await pagesOf(10, { state: 'published' }, 1);
      expect(many).toMatchObject({ total: 4, capped: false });
      expect([...many.ids].sort()).toEqual([...published].sort());
      expect(few.ids).toEqual(many.ids);
      // Without a state filter only the deleted ones are left out: 17 of 30.
      const all = await pagesOf(20, {}, 3);
      const wordsApart = await pagesOf(30, {}, 3);
      expect(all).toMatchObject({ total: 17, capped: false });
      expect(new Set(all.ids).size).toBe(17);
      expect(wordsApart.ids).toEqual(all.ids);
      expect(all.rows.every((r) => r.state !== 'deleted')).toBe(true);
    });
  },
);

/** A published article's row with `content` as its text, for a bulk insert. */
function publishedRow(entry: {
  id: string;
  title: string;
  content: string;
  createdAt: number;
  updatedAt: number;
}): NewEntryRow {
  return {
    id: entry.id,
    type: 'article',
    state: 'published',
    title: entry.title,
    data: JSON.stringify({ content: entry.content }),
    password_hash: 'not a hash',
    revision: 1,
    created_at: entry.createdAt,
    updated_at: entry.updatedAt,
    deleted_at: null,
  };
}

describe.each(testDatabases())('the order of search results, ranked or capped, on $name', (target) => {
  let database: TestDatabaseHandle;
  // Each group in the order of the full-text index (SQLite's rowid, a hash of the id).
  let inTitle: NewEntryRow[] = [];
  let inBody: NewEntryRow[] = [];
  const search = (candidates: number, offset = 0, limit = 20) =>
    searchEntries(database.db, queryTerms('Kürbis'), {}, { limit, offset }, candidates);
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const inIndexOrder = (rows: NewEntryRow[]) =>
    [...rows].sort((a, b) => (searchRowid(a.id) < searchRowid(b.id) ? -1 : 1));

  beforeAll(async () => {
    database = await target.create();
    const now = Date.UTC(2026, 10, 1);
    const entry = (title: string, content: string, updatedAt: number) =>
      publishedRow({ id: newEntryId(), title, content, createdAt: now, updatedAt });
    // Relevance runs against the index's order: the title match first in the index has the longer
    // title and the older update, the body match first in the index holds the word least often.
    inTitle = inIndexOrder([entry('', 'Ein Fest.', 0), entry('', 'Ein Fest.', 0)]);
    inTitle[0] = { ...inTitle[0]!, title: 'Ein grosser Kürbis im Dorf am See', updated_at: now };
    inTitle[1] = { ...inTitle[1]!, title: 'Kürbis', updated_at: now + 1000 };
    inBody = inIndexOrder(Array.from({ length: 6 }, () => entry('Herbstmarkt', '', 0))).map((row, i) => ({
      ...row,
      data: JSON.stringify({ content: `${'Kürbis '.repeat(i + 1)}und Äpfel.` }),
      // The newest holds the word least often, so neither last update nor relevance is the index's order.
      updated_at: now - i * 1000,
    }));
    const rows = [...inTitle, ...inBody];
    await database.db
      .transaction()
      .execute((trx) => insertEntriesInBulk(trx, rows, rows.map(searchDocumentOf)));
  });
  afterAll(() => database.destroy());

  it('ranks every match by relevance when they fit the cap, whatever the order of the index', async () => {
    const found = await search(8);
    expect(found).toMatchObject({ total: 8, capped: false });
    expect(ids(found.rows)).toEqual(ids([inTitle[1]!, inTitle[0]!, ...[...inBody].reverse()]));
  });

  it('keeps the capped set in index order on SQLite and newest first on PostgreSQL, title matches first', async () => {
    const found = await search(5);
    expect(found).toMatchObject({ total: 5, capped: true });
    if (target.name === 'sqlite') {
      expect(ids(found.rows)).toEqual(ids([...inTitle, ...inBody.slice(0, 3)]));
    } else {
      expect(ids(found.rows)).toEqual(ids([inTitle[1]!, inTitle[0]!, ...found.rows.slice(2)]));
      const updated = found.rows.slice(2).map((r) => Number(r.updated_at));
      expect(updated).toEqual([...updated].sort((a, b) => b - a));
      expect(ids(inBody)).toEqual(expect.arrayContaining(ids(found.rows.slice(2))));
    }
  });

  it('pages through the capped set to exactly its total, without repeating an entry', async () => {
    const whole = ids((await search(5)).rows);
    const paged: string[] = [];
    for (let offset = 0; offset < 7; offset += 2) {
      const { rows, total, capped } = await search(5, offset, 2);
      expect({ total, capped }).toEqual({ total: 5, capped: true });
      paged.push(...ids(rows));
    }
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(5);
  });

  it('fills a cap smaller than the title matches with title matches alone', async () => {
    const found = await search(1);
    expect(found).toMatchObject({ total: 1, capped: true });
    if (target.name === 'sqlite') expect(ids(found.rows)).toEqual([inTitle[0]!.id]);
    else expect(ids(inTitle)).toContain(found.rows[0]?.id);
  });
});

describe.each(testDatabases())('a capped search of entries changed at the same time on $name', (target) => {
  let database: TestDatabaseHandle;
  const at = Date.UTC(2026, 10, 1);
  // Ids whose order differs between a plain comparison and a language's collation (case, '-', '_').
  const inTitle = ['b-title', 'B_title', 'a_title', 'A-title', '_title', '-title'];
  const inBody = ['b-body', 'B_body', 'a_body', '_body', '-body', 'Z-body'];

  beforeAll(async () => {
    database = await target.create();
    // Two times only, so most rows tie on the time and the id orders them.
    const row = (id: string, i: number, title: string, content: string) =>
      publishedRow({ id, title, content, createdAt: at, updatedAt: at + (i % 2) * 1000 });
    const rows = [
      ...inTitle.map((id, i) => row(id, i, 'Kürbis im Dorf', 'Ein Fest.')),
      ...inBody.map((id, i) => row(id, i, 'Herbstmarkt', 'Es gibt Kürbis.')),
    ];
    await database.db
      .transaction()
      .execute((trx) => insertEntriesInBulk(trx, rows, rows.map(searchDocumentOf)));
  });
  afterAll(() => database.destroy());

  const search = (candidates: number, offset = 0, limit = 20) =>
    searchEntries(database.db, queryTerms('Kürbis'), {}, { limit, offset }, candidates);

  it('pages through the capped set in one order, title matches first', async () => {
    const whole = await search(9);
    expect(whole).toMatchObject({ total: 9, capped: true });
    const ids = whole.rows.map((r) => r.id);
    expect(ids.slice(0, 6).sort()).toEqual([...inTitle].sort());
    const paged: string[] = [];
    for (let offset = 0; offset < 9; offset += 2)
      paged.push(...(await search(9, offset, 2)).rows.map((r) => r.id));
    expect(paged).toEqual(ids);
  });

  it.runIf(target.name === 'postgres')(
    'orders the capped set by the newest first, then the id by code point, as the ranked list breaks ties',
    async () => {
      const ids = (await search(9)).rows.map((r) => r.id);
      const byTimeAndId = (group: string[]) =>
        group
          .map((id) => ({ id, updated_at: (inTitle.includes(id) ? inTitle : inBody).indexOf(id) % 2 }))
          .sort((a, b) => b.updated_at - a.updated_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .map((c) => c.id);
      expect(ids.slice(0, 6)).toEqual(byTimeAndId(inTitle));
      // All body matches fit one past the cap, so the first of them in that order fill it.
      expect(ids.slice(6)).toEqual(byTimeAndId(inBody).slice(0, 3));
      // Not capped, every body match ranks equal: the same tie-break.
      const ranked = await search(20);
      expect(ranked).toMatchObject({ total: 12, capped: false });
      expect(ranked.rows.map((r) => r.id)).toEqual([...byTimeAndId(inTitle), ...byTimeAndId(inBody)]);
    },
  );
});
