import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { listEntries, searchEntries, type ListSort } from './repository.ts';
import { queryTerms } from './text.ts';

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
