import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { plansOf, statementsSent } from '../../test/statements.ts';
import { findEntryWithUnreadComments } from './repository.ts';

describe.each(testDatabases())("the author's read of an entry on $name", (target) => {
  let database: TestDatabaseHandle;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(() => database.destroy());

  it('has the entry id as its only parameter: PostgreSQL keeps one plan for it, not one per call', async () => {
    const { data } = await insertTestEntry(database.db, { title: 'Gelesen' });
    const { sent, result } = await statementsSent(database.db, () =>
      findEntryWithUnreadComments(database.db, data.id),
    );
    expect(result).toMatchObject({ unread: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.parameters).toEqual([data.id]);
    // After its first calls, the generic plan.
    if (target.name === 'postgres')
      expect((await plansOf(database.url, sent[0]!)).generic).toBeGreaterThan(0);
  });
});
