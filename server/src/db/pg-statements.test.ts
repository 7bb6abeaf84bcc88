import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabaseHandle } from '../test/db.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { MAX_PREPARED_PER_CONNECTION } from './pg-statements.ts';
import { clearStatementCache } from './statement-cache.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const postgres = testDatabases().filter((target) => target.name === 'postgres');

/** Statements this connection holds prepared, besides the query asking. */
async function preparedOn(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`
    select statement from pg_prepared_statements where statement not like '%pg_prepared_statements%'`.execute(
    db,
  );
  return rows.map((r) => r.statement);
}

/** Runs `work` on `count` connections of the pool at once (each held until all have run it). */
async function onConnections(db: AnyDb, count: number, work: (db: AnyDb) => Promise<void>): Promise<void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let done = 0;
  await Promise.all(
    Array.from({ length: count }, () =>
      db.connection().execute(async (connection) => {
        await work(connection);
        done += 1;
        if (done === count) release();
        await gate;
      }),
    ),
  );
}

describe.skipIf(postgres.length === 0).each(postgres)('prepared statements on $name', (target) => {
  let handle: TestDatabaseHandle;
  let db: AnyDb;
  const others: { end(): Promise<void> }[] = [];
  /** Another process's connection to the same database: a plain client, nothing prepared for it. */
  const otherClient = async () => {
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    others.push(client);
    return client;
  };

  beforeEach(async () => {
    handle = await target.create({ migrate: false });
    db = handle.db;
    await sql`create table notes (id serial primary key, body text not null)`.execute(db);
    await db
      .insertInto('notes')
      .values([{ body: 'eins' }, { body: 'zwei' }])
      .execute();
  });
  afterEach(async () => {
    for (const other of others.splice(0)) await other.end();
    await handle.destroy();
  });

  const readAll = (on: AnyDb) => on.selectFrom('notes').selectAll().orderBy('id').execute();

  it('prepares a query once per connection and answers what an unprepared one answers', async () => {
    await db.connection().execute(async (connection) => {
      for (let i = 0; i < 3; i += 1) await readAll(connection);
      await connection.selectFrom('notes').select('body').where('id', '=', 2).execute();
      const selects = (await preparedOn(connection)).filter((s) => s.startsWith('select'));
      expect(selects).toHaveLength(2);
      expect(selects).toContain('select * from "notes" order by "id"');
    });
    // Transactions, DDL and several statements in one text go unprepared.
    await db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 1000`.execute(trx);
      await sql`select 1; select 2`.execute(trx);
    });

    const plain = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: handle.url, max: 1 }) }),
    }) as AnyDb;
    try {
      const queries = [
        readAll,
        (on: AnyDb) => on.selectFrom('notes').select(['id', 'body']).where('body', 'like', '%i%').execute(),
        (on: AnyDb) =>
          on
            .selectFrom('notes')
            .select((eb) => eb.fn<number>('length', ['body']).as('length'))
            .where('id', 'in', [1, 2])
            .execute(),
      ];
      for (const query of queries) {
        for (let i = 0; i < 2; i += 1) expect(await query(db)).toEqual(await query(plain));
      }
    } finally {
      await plain.destroy();
    }
  });

  it('keeps no statement of the schema before a change through the pool, on any connection', async () => {
    await onConnections(db, 3, async (connection) => {
      expect(await readAll(connection)).toHaveLength(2);
    });
    await sql`alter table notes add column pinned boolean not null default false`.execute(db);
    await onConnections(db, 3, async (connection) => {
      expect(await readAll(connection)).toEqual([
        { id: 1, body: 'eins', pinned: false },
        { id: 2, body: 'zwei', pinned: false },
      ]);
    });
  });

  it('survives a change of the result type by another process, also in a transaction', async () => {
    const other = await otherClient();
    // What a prepared statement meets when the schema changes under it: the error this guards against.
    await other.query({ name: 'read', text: 'select * from notes order by id' });
    await otherClient().then((third) => third.query('alter table notes add column a int not null default 1'));
    await expect(
      other.query({ name: 'read', text: 'select * from notes order by id' }),
    ).rejects.toMatchObject({
      code: '0A000',
    });

    await onConnections(db, 3, async (connection) => {
      expect(await readAll(connection)).toHaveLength(2);
    });
    await other.query('alter table notes add column b int not null default 2');
    // Outside a transaction the query is tried again on the same connection.
    await onConnections(db, 3, async (connection) => {
      expect((await readAll(connection))[0]).toMatchObject({ a: 1, b: 2 });
    });
    // In one, it fails (the transaction cannot go on), and the connection forgets its statements.
    await other.query('alter table notes add column c int not null default 3');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 3 }, () => db.transaction().execute((trx) => readAll(trx))),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: '0A000' });
    }
    await onConnections(db, 3, async (connection) => {
      expect((await readAll(connection))[0]).toMatchObject({ c: 3 });
    });
  });

  it('forgets every statement after the migrations, which leave every query working', async () => {
    await sql`drop table notes`.execute(db);
    const names = Object.keys(migrations).sort();
    await migrateTo(db as never, names.at(-2)!);
    const users = (on: AnyDb) => on.selectFrom('users').selectAll().execute();
    await onConnections(db, 3, async (connection) => {
      expect(await users(connection)).toEqual([]);
    });
    await migrateToLatest(db as never);
    await onConnections(db, 3, async (connection) => {
      expect(await preparedOn(connection)).toEqual([]);
      expect(await users(connection)).toEqual([]);
    });
    expect(clearStatementCache(db)).toBe(true);
  });

  it('plans each run of a prepared statement for its parameters, never one generic plan for all', async () => {
    const modes: string[] = [];
    await onConnections(db, 3, async (connection) => {
      const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(connection);
      modes.push(rows[0]!.plan_cache_mode);
    });
    expect(modes).toEqual(['force_custom_plan', 'force_custom_plan', 'force_custom_plan']);
  });

  it('keeps at most its bound of statements on a connection', async () => {
    await db.connection().execute(async (connection) => {
      for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 10; i += 1) {
        await connection.selectFrom('notes').select(sql.lit(i).as('n')).execute();
      }
      const prepared = await preparedOn(connection);
      expect(prepared.length).toBeGreaterThan(0);
      expect(prepared.length).toBeLessThanOrEqual(MAX_PREPARED_PER_CONNECTION);
      expect(await readAll(connection)).toHaveLength(2);
    });
  });
});
