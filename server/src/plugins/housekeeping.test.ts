import Fastify from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntry } from '../features/entries/author-service.ts';
import { AUTHOR, changeEntryState } from '../features/entries/service.ts';
import { createDatabaseSpentTokenStore } from '../features/pow/spent-tokens.ts';
import { testDatabases, type TestDatabaseHandle } from '../test/db.ts';
import type { NewEntryRow } from '../db/types.ts';
import { newEntryId } from '../features/entries/service.ts';
import { TITLE_RANGE_SIZE } from '../features/search/repository.ts';
import { searchDocumentOf } from '../features/search/service.ts';
import { insertEntriesInBulk } from '../features/seed/repository.ts';
import { titleRangesRecountedAndKept } from '../test/entries.ts';
import housekeeping, { HOUSEKEEPING_START_DELAY_MS, runHousekeeping } from './housekeeping.ts';

const DAY = 24 * 60 * 60_000;

describe.each(testDatabases())('housekeeping in the server on $name', (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await target.create();
  });
  afterAll(() => handle.destroy());

  /** An entry deleted longer ago than the retention period: the purge's work. */
  async function longDeleted(): Promise<string> {
    const { data } = await createEntry(handle.db, { type: 'article', passwordHash: 'x' });
    await changeEntryState(handle.db, data.id, 'deleted', AUTHOR);
    await handle.db
      .updateTable('entries')
      .set({ deleted_at: Date.now() - 31 * DAY })
      .where('id', '=', data.id)
      .execute();
    return data.id;
  }

  const exists = async (id: string) =>
    (await handle.db.selectFrom('entries').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  function appWith(startDelayMs?: number) {
    const app = Fastify();
    const spentTokens = createDatabaseSpentTokenStore(handle.db);
    void app.register(housekeeping, {
      db: handle.db,
      spentTokens,
      retentionDays: 30,
      ...(startDelayMs === undefined ? {} : { startDelayMs }),
    });
    return app;
  }

  it('runs its first round a while after the start, not while the first requests are answered', async () => {
    expect(HOUSEKEEPING_START_DELAY_MS).toBeGreaterThanOrEqual(5_000);
    const id = await longDeleted();
    const app = appWith(300);
    await app.ready();
    await sleep(50);
    expect(await exists(id)).toBe(true);
    const until = Date.now() + 10_000;
    while ((await exists(id)) && Date.now() < until) await sleep(50);
    expect(await exists(id)).toBe(false);
    await app.close();
  });

  it('splits the buckets of the title order that writes have filled', async () => {
    const rows: NewEntryRow[] = Array.from({ length: 2 * TITLE_RANGE_SIZE + 1 }, (_, i) => ({
      id: newEntryId(),
      type: 'article',
      state: 'draft',
      title: `Titel ${i}`,
      data: JSON.stringify({ content: 'Text.' }),
      password_hash: 'x',
      revision: 1,
      created_at: 1,
      updated_at: 1,
      deleted_at: null,
    }));
    await handle.db
      .transaction()
      .execute((trx) => insertEntriesInBulk(trx, rows, rows.map(searchDocumentOf)));
    const anchors = () => handle.db.selectFrom('title_anchors').select('anchor').execute();
    expect(await anchors()).toHaveLength(1);
    await runHousekeeping({
      db: handle.db,
      spentTokens: createDatabaseSpentTokenStore(handle.db),
      retentionDays: 30,
    });
    expect(await anchors()).toHaveLength(2);
    const counts = await titleRangesRecountedAndKept(handle.db);
    expect(counts.kept).toEqual(counts.recounted);
  });

  it('closes before its first round without running it', async () => {
    const id = await longDeleted();
    const app = appWith(200);
    await app.ready();
    await app.close();
    await sleep(400);
    expect(await exists(id)).toBe(true);
  });
});
