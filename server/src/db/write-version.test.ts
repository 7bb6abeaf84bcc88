import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabaseHandle } from '../test/db.ts';
import { writeVersion } from './write-version.ts';

// The public answers kept in memory hold while the write version stands (plugins/public-reads.ts):
// every statement that may change rows moves it, a commit once it is done, a read never.

describe.each(testDatabases({ sqliteWorkers: true }))(
  'the write version on $name ($sqliteWorkers workers)',
  (target) => {
    let database: TestDatabaseHandle;
    beforeAll(async () => {
      database = await target.create();
      await sql`create table notes (id integer primary key, text text not null)`.execute(database.db);
    });
    afterAll(() => database.destroy());

    /** Whether `work` moved the write version. */
    const moves = async (work: () => Promise<unknown>) => {
      const before = writeVersion();
      await work();
      return writeVersion() !== before;
    };

    it('stands through reads, a `with` that reads included', async () => {
      const db = database.db;
      expect(await moves(() => db.selectFrom('entries').selectAll().execute())).toBe(false);
      expect(await moves(() => sql`select count(*) from notes`.execute(db))).toBe(false);
      expect(
        await moves(() => sql`with n as (select id from notes) select count(*) from n`.execute(db)),
      ).toBe(false);
    });

    it('moves with every write, one in a `with` included', async () => {
      const db = database.db;
      expect(await moves(() => sql`insert into notes (id, text) values (1, 'a')`.execute(db))).toBe(true);
      expect(await moves(() => sql`update notes set text = 'b' where id = 1`.execute(db))).toBe(true);
      expect(
        await moves(() =>
          sql`with n as (select 2 as id) insert into notes (id, text) select id, 'c' from n`.execute(db),
        ),
      ).toBe(true);
      expect(await moves(() => sql`delete from notes where id = 2`.execute(db))).toBe(true);
    });

    it('stands through a transaction that only reads, one that locks rows included', async () => {
      const readOnly = () =>
        database.db.transaction().execute(async (trx) => {
          await sql`select count(*) from notes`.execute(trx);
          // Only PostgreSQL locks rows (an outbox worker's claim).
          if (target.name === 'postgres') await sql`select id from notes for update skip locked`.execute(trx);
        });
      // What ran before (the table's creation) ends with the first transaction.
      await readOnly();
      expect(await moves(readOnly)).toBe(false);
    });

    it('moves when a transaction commits, after its writes', async () => {
      let beforeCommit = 0;
      await database.db.transaction().execute(async (trx) => {
        await sql`insert into notes (id, text) values (3, 'd')`.execute(trx);
        beforeCommit = writeVersion();
      });
      expect(writeVersion()).toBeGreaterThan(beforeCommit);
    });
  },
);
