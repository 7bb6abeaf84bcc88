import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryList } from '@einwurf/contract';
import type { NewEntryRow } from '../../db/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { newEntryId } from '../entries/service.ts';
import { insertEntriesInBulk } from '../seed/repository.ts';
import { SEARCH_CANDIDATES, searchDocumentOf } from './service.ts';

// SQLite on worker threads too, as the server runs it.
const databases = testDatabases({ sqliteWorkers: true });

describe.each(databases)('searching more matches than are ranked on $name', (target) => {
  let t: TestApp;
  const search = async (query: string) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/admin/collection/entries?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EntryList>();
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('admin');
    const now = Date.now();
    const rows: NewEntryRow[] = Array.from({ length: SEARCH_CANDIDATES + 5 }, (_, i) => ({
      id: newEntryId(),
      type: 'article',
      state: 'published',
      title: i === 0 ? 'Ein Zitronenfalter im Garten' : `Eintrag ${i}`,
      data: JSON.stringify({ content: `Ein Zitronenfalter flog vorbei, Nummer ${i}.` }),
      password_hash: 'not a hash',
      revision: 1,
      created_at: now,
      updated_at: now + i,
      deleted_at: null,
    }));
    await t.database.db
      .transaction()
      .execute((trx) => insertEntriesInBulk(trx, rows, rows.map(searchDocumentOf)));
  });
  afterAll(() => t.close());

  it('answers the capped total, says so, ranks the title match first and pages up to the cap', async () => {
    const first = await search('query=Zitronenfalter');
    expect(first.meta.pagination).toMatchObject({
      total_entries: SEARCH_CANDIDATES,
      total_capped: true,
      last_page: SEARCH_CANDIDATES / 20,
    });
    expect(first.data[0]?.title).toBe('Ein Zitronenfalter im Garten');
    const last = await search(`query=Zitronenfalter&current_page=${SEARCH_CANDIDATES / 20}`);
    expect(last.data).toHaveLength(20);
    expect(last.meta.pagination.next_page).toBeNull();
    expect((await search(`query=Zitronenfalter&current_page=${SEARCH_CANDIDATES / 20 + 1}`)).data).toEqual(
      [],
    );
  });

  it('leaves the flag out when every match is ranked', async () => {
    const found = await search('query=Garten');
    expect(found.meta.pagination.total_entries).toBe(1);
    expect(found.meta.pagination).not.toHaveProperty('total_capped');
  });
});
