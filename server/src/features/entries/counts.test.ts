import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { adjustEntryCounts } from './repository.ts';

// Two moderators moving entries between the same two states at the same instant, one each way: each
// write moves two counters. Written in the order each caller names them, the two transactions would
// lock them crosswise and PostgreSQL would end one as a deadlock.
describe.each(testDatabases().filter((t) => t.name === 'postgres'))('entry counters on $name', (target) => {
  let database: TestDatabaseHandle;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(() => database.destroy());

  it('moves counters both ways at once without a deadlock, and counts both moves', async () => {
    await adjustEntryCounts(database.db, [
      { type: 'article', state: 'proposed', delta: 10 },
      { type: 'article', state: 'published', delta: 10 },
    ]);
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([
        database.db.transaction().execute((trx) =>
          adjustEntryCounts(trx, [
            { type: 'article', state: 'proposed', delta: -1 },
            { type: 'article', state: 'published', delta: 1 },
          ]),
        ),
        database.db.transaction().execute((trx) =>
          adjustEntryCounts(trx, [
            { type: 'article', state: 'published', delta: -1 },
            { type: 'article', state: 'proposed', delta: 1 },
          ]),
        ),
      ]);
    }
    const counts = await database.db
      .selectFrom('entry_counts')
      .select(['state', 'count'])
      .orderBy('state')
      .execute();
    expect(counts.map((c) => [c.state, Number(c.count)])).toEqual([
      ['proposed', 10],
      ['published', 10],
    ]);
  });
});
