import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GroupCommitSqliteDriver } from '../../db/group-commit.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { findEntryWithUnreadComments } from './repository.ts';

describe.each(testDatabases())("the author's read of an entry on $name", (target) => {
  let database: TestDatabaseHandle;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(() => database.destroy());

  it('has the entry id as its only parameter: PostgreSQL keeps one plan for it, not one per call', async () => {
    const { data } = await insertTestEntry(database.db, { title: 'Gelesen' });
    const executed = vi.spyOn(database.db, 'executeQuery');
    const atOnce = vi.spyOn(GroupCommitSqliteDriver.prototype, 'runAlone');
    try {
      expect(await findEntryWithUnreadComments(database.db, data.id)).toMatchObject({ unread: 0 });
      const sent = [...executed.mock.calls, ...atOnce.mock.calls].map(([query]) => query as CompiledQuery);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.parameters).toEqual([data.id]);
      if (target.name !== 'postgres') return;
      // Run as the app's pool runs it, a named statement: after its first calls, one generic plan.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        for (let i = 0; i < 10; i += 1) {
          await client.query({ name: 'author_read', text: sent[0]!.sql, values: [data.id] });
        }
        const { rows } = await client.query<{ generic_plans: string }>(
          "select generic_plans from pg_prepared_statements where name = 'author_read'",
        );
        expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
    } finally {
      executed.mockRestore();
      atOnce.mockRestore();
    }
  });
});
