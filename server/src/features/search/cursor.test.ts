import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryList, EntryState, ErrorBody } from '@einwurf/contract';
import type { NewEntryRow } from '../../db/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { newEntryId } from '../entries/service.ts';
import { insertEntriesInBulk } from '../seed/repository.ts';
import { searchDocumentOf } from './service.ts';

const PAGE_SIZE = 4;
const STATES: EntryState[] = ['published', 'proposed', 'draft', 'deleted'];

describe.each(testDatabases())('pages found from a cursor on $name', (target) => {
  let t: TestApp;
  const list = async (query: string) => {
    const response = await t.request({ method: 'GET', url: `/api/v1/admin/collection/entries?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EntryList>();
  };
  const ids = (answer: EntryList) => answer.data.map((e) => e.id);

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('admin');
    // Few distinct sort values, so many rows tie on each and only the id orders them.
    const now = Date.UTC(2026, 10, 1);
    const rows: NewEntryRow[] = Array.from({ length: 41 }, (_, i) => ({
      id: newEntryId(),
      type: i % 3 === 0 ? 'event' : 'article',
      state: STATES[i % STATES.length]!,
      title: `Eintrag ${i % 5}`,
      data: JSON.stringify({ content: `Text ${i}.` }),
      password_hash: 'not a hash',
      revision: 1,
      created_at: now + (i % 4) * 1000,
      updated_at: now + (i % 6) * 1000,
      deleted_at: STATES[i % STATES.length] === 'deleted' ? now : null,
    }));
    await t.database.db
      .transaction()
      .execute((trx) => insertEntriesInBulk(trx, rows, rows.map(searchDocumentOf)));
  });
  afterAll(() => t.close());

  const lists = [
    ['sort=updated_at:desc', ''],
    ['sort=updated_at:asc', ''],
    ['sort=created_at:desc', ''],
    ['sort=title:asc', ''],
    ['sort=title:desc', ''],
    ['sort=updated_at:desc', 'type:is:article'],
    ['sort=updated_at:desc', 'state:is:published'],
    ['sort=updated_at:asc', 'type:is:event,state:is:proposed'],
    ['sort=updated_at:desc', 'state:is:deleted'],
  ];

  it.each(lists)(
    'walks every page forwards and backwards by cursor to the rows the page numbers give (%s, %s)',
    async (sort, filters) => {
      const base = `${sort}&page_size=${PAGE_SIZE}${filters ? `&filters=${filters}` : ''}`;
      const first = await list(`${base}&current_page=1`);
      const last = first.meta.pagination.last_page;
      const byNumber: string[][] = [];
      for (let page = 1; page <= last; page += 1)
        byNumber.push(ids(await list(`${base}&current_page=${page}`)));
      expect(byNumber.flat().length).toBe(first.meta.pagination.total_entries);
      expect(new Set(byNumber.flat()).size).toBe(first.meta.pagination.total_entries);

      let answer = first;
      for (let page = 2; page <= last; page += 1) {
        const cursor = answer.meta.pagination.next_cursor;
        expect(cursor, `page ${page}`).toEqual(expect.any(String));
        answer = await list(`${base}&current_page=${page}&cursor=${encodeURIComponent(cursor!)}`);
        expect(ids(answer), `page ${page} forwards`).toEqual(byNumber[page - 1]);
      }
      expect(answer.meta.pagination.next_cursor ?? null).toBeNull();
      for (let page = last - 1; page >= 1; page -= 1) {
        const cursor = answer.meta.pagination.previous_cursor;
        expect(cursor, `page ${page}`).toEqual(expect.any(String));
        answer = await list(`${base}&current_page=${page}&cursor=${encodeURIComponent(cursor!)}`);
        expect(ids(answer), `page ${page} backwards`).toEqual(byNumber[page - 1]);
      }
      expect(answer.meta.pagination.previous_cursor ?? null).toBeNull();
    },
  );

  it('leaves aside a cursor made for another page, sort, filter or page size', async () => {
    const base = `sort=updated_at:desc&page_size=${PAGE_SIZE}`;
    const first = await list(`${base}&current_page=1`);
    const cursor = encodeURIComponent(first.meta.pagination.next_cursor!);
    const third = ids(await list(`${base}&current_page=3`));
    expect(ids(await list(`${base}&current_page=3&cursor=${cursor}`))).toEqual(third);
    const ascending = ids(await list(`sort=updated_at:asc&page_size=${PAGE_SIZE}&current_page=2`));
    expect(
      ids(await list(`sort=updated_at:asc&page_size=${PAGE_SIZE}&current_page=2&cursor=${cursor}`)),
    ).toEqual(ascending);
    const articles = `${base}&filters=type:is:article&current_page=2`;
    expect(ids(await list(`${articles}&cursor=${cursor}`))).toEqual(ids(await list(articles)));
    const wider = `sort=updated_at:desc&page_size=5&current_page=2`;
    expect(ids(await list(`${wider}&cursor=${cursor}`))).toEqual(ids(await list(wider)));
  });

  it('refuses a cursor it did not make, naming the parameter', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/admin/collection/entries?current_page=2&cursor=not-a-cursor',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.fields?.map((f) => f.field)).toEqual(['cursor']);
  });
});
