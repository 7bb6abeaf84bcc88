import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases, type TestDatabaseHandle } from '../test/db.ts';
import type { Database } from './types.ts';
import { compiledOnce } from './compiled-once.ts';
import { runnerAtOnceOf } from './database.ts';

describe.each(testDatabases({ sqliteWorkers: true }))('a query compiled once on $name', (target) => {
  let database: TestDatabaseHandle;
  const names = ['ada', 'bob', 'cy', 'dee'];

  beforeAll(async () => {
    database = await target.create();
    await database.db
      .insertInto('users')
      .values(
        names.map((username, i) => ({
          id: `user-${i}`,
          username,
          password_hash: 'x',
          role: i % 2 === 0 ? ('mod' as const) : ('admin' as const),
          created_at: 1000 + i,
          updated_at: 1000 + i,
        })),
      )
      .execute();
  });
  afterAll(() => database.destroy());

  // What a repository does: a fixed shape per order, values bound anew on every call.
  const query = (
    db: Kysely<Database>,
    direction: 'asc' | 'desc',
    role: 'mod' | 'admin',
    after: number,
    limit: number,
  ) =>
    db
      .selectFrom('users')
      .select(['username', 'created_at'])
      .where('role', '=', role)
      .where('created_at', '>', after)
      .where('username', '<>', 'nobody')
      .orderBy('created_at', direction)
      .limit(limit);
  let compilations = 0;
  const usersByRole = compiledOnce(
    (db, direction: 'asc' | 'desc', role: 'mod' | 'admin', after: number, limit: number) => {
      compilations += 1;
      return query(db, direction, role, after, limit);
    },
    (direction) => direction,
  );
  const built = (direction: 'asc' | 'desc', role: 'mod' | 'admin', after: number, limit: number) =>
    query(database.db, direction, role, after, limit).execute();

  it('answers what the query built on every call answers, for each shape and each set of values', async () => {
    const before = compilations;
    for (const direction of ['asc', 'desc'] as const) {
      for (const role of ['mod', 'admin'] as const) {
        for (const [after, limit] of [
          [0, 10],
          [1000, 1],
          [1001, 5],
          [5000, 5],
        ] as const) {
          const rows = await usersByRole(database.db, direction, role, after, limit);
          expect(rows).toEqual(await built(direction, role, after, limit));
        }
      }
    }
    expect(await usersByRole(database.db, 'desc', 'mod', 0, 10)).toEqual([
      { username: 'cy', created_at: 1002 },
      { username: 'ada', created_at: 1000 },
    ]);
    // One compilation per shape (the dialect's), not one per call.
    expect(compilations - before).toBeLessThanOrEqual(2);
  });

  it('runs in the transaction it is given', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ created_at: 999 }).where('username', '=', 'ada').execute();
        const rows = await usersByRole(trx, 'asc', 'mod', 0, 1);
        expect(rows).toEqual([{ username: 'ada', created_at: 999 }]);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await usersByRole(database.db, 'asc', 'mod', 0, 1)).toEqual([
      { username: 'ada', created_at: 1000 },
    ]);
  });

  // SQLite on the server's thread runs a statement at once when its connection is free.
  const atOnce = target.name === 'sqlite' && !target.sqliteWorkers;

  it(`runs ${atOnce ? "at once, without Kysely's executor," : 'through Kysely'} when no transaction holds the connection`, async () => {
    expect(runnerAtOnceOf(database.db) !== undefined).toBe(atOnce);
    const executed = vi.spyOn(database.db.getExecutor(), 'executeQuery');
    try {
      expect(await usersByRole(database.db, 'asc', 'admin', 0, 5)).toEqual(await built('asc', 'admin', 0, 5));
      expect(executed).toHaveBeenCalledTimes(atOnce ? 1 : 2);
    } finally {
      executed.mockRestore();
    }
  });

  it(`${atOnce ? 'waits for' : 'does not wait for'} a transaction that holds the connection, and reads what is committed`, async () => {
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const transaction = database.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ created_at: 1500 }).where('username', '=', 'bob').execute();
      inside();
      await finished;
    });
    await started;
    const read = usersByRole(database.db, 'asc', 'admin', 1400, 5);
    if (atOnce) {
      // SQLite's one connection on this thread waits for the transaction, then reads what it wrote.
      let answered = false;
      void read.then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(answered).toBe(false);
      finish();
      await transaction;
      expect(await read).toEqual([{ username: 'bob', created_at: 1500 }]);
    } else {
      // PostgreSQL and SQLite's reader threads answer while the transaction still holds its
      // connection, with what was committed before it (a read that waited would not answer here).
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'waited'>(
        (resolve) => (timer = setTimeout(() => resolve('waited'), 10_000)),
      );
      const rows = await Promise.race([read, waited]);
      clearTimeout(timer);
      finish();
      await transaction;
      expect(rows).toEqual([]);
    }
    await database.db.updateTable('users').set({ created_at: 1001 }).where('username', '=', 'bob').execute();
  });

  it('refuses a shape that writes a parameter into the SQL text', async () => {
    const inlined = compiledOnce((db, _shape: void, name: string) =>
      db.selectFrom('users').select('id').where('username', '=', sql.lit(name)),
    );
    await expect(inlined(database.db, undefined, 'ada')).rejects.toThrow(/SQL text/);
  });
});
