import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabaseHandle } from '../test/db.ts';
import type { Database } from './types.ts';
import { compiledOnce } from './compiled-once.ts';

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

  it('refuses a shape that writes a parameter into the SQL text', async () => {
    const inlined = compiledOnce((db, _shape: void, name: string) =>
      db.selectFrom('users').select('id').where('username', '=', sql.lit(name)),
    );
    await expect(inlined(database.db, undefined, 'ada')).rejects.toThrow(/SQL text/);
  });
});
