import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, sqliteOptions, sqliteWorkerPoolOf } from './database.ts';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { clearStatementCache } from './statement-cache.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { sqliteTarget } from '../test/db.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sqliteFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'einwurf-pool-'));
  dirs.push(dir);
  return join(dir, 'einwurf.sqlite');
}

const open = (file: string, sqliteWorkers: number) =>
  createDatabase({ dialect: 'sqlite', path: file }, undefined, { sqliteWorkers }) as unknown as AnyKysely;

const NOTES =
  'create table notes (id integer primary key, body text not null unique, data blob, big integer)';

/** A statement that keeps SQLite busy for a while without touching a table. */
const SLOW_COUNT = sql<{
  n: number;
}>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 5000000)
  select count(*) as n from c`;

describe('SQLite on worker threads', () => {
  let file: string;
  let db: AnyKysely;
  beforeAll(async () => {
    file = sqliteFile();
    db = open(file, 3);
    await sql.raw(NOTES).execute(db);
  });
  afterAll(() => db.destroy());

  it('answers rows as the connection on the own thread does: blobs as Buffer, numbers, insert ids', async () => {
    const data = Buffer.from([0, 1, 2, 255]);
    const inserted = await db
      .insertInto('notes')
      .values({ body: 'first', data, big: 2 ** 40 })
      .executeTakeFirstOrThrow();
    expect(inserted.insertId).toBe(1n);
    const row = await db.selectFrom('notes').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row).toEqual({ id: 1, body: 'first', data, big: 2 ** 40 });
    expect(Buffer.isBuffer(row.data)).toBe(true);
    const updated = await db.updateTable('notes').set({ big: 3 }).where('id', '=', 1).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);

    const direct = open(file, 0);
    try {
      expect(await direct.selectFrom('notes').selectAll().where('id', '=', 1).execute()).toEqual(
        await db.selectFrom('notes').selectAll().where('id', '=', 1).execute(),
      );
    } finally {
      await direct.destroy();
    }
  });

  it('answers another request while a reader is busy with a slow statement', async () => {
    let slowFinished = false;
    const slow = SLOW_COUNT.execute(db).then(() => (slowFinished = true));
    await db.insertInto('notes').values({ body: 'during the slow read' }).execute();
    const rows = await db
      .selectFrom('notes')
      .select('body')
      .where('body', '=', 'during the slow read')
      .execute();
    expect(rows).toHaveLength(1);
    expect(slowFinished).toBe(false);
    await slow;
  });

  it('gives reads known to be slow readers of their own, so that quick reads do not queue behind them', async () => {
    await SLOW_COUNT.execute(db);
    // Two at once: were they on both readers, a quick read would wait for one of them.
    let slowFinished = false;
    const slow = [SLOW_COUNT.execute(db), SLOW_COUNT.execute(db)].map((run) =>
      run.then(() => (slowFinished = true)),
    );
    for (let i = 0; i < 3; i += 1) await db.selectFrom('notes').select('body').execute();
    expect(slowFinished).toBe(false);
    await Promise.all(slow);
  });

  it('reads a write at once and runs a write with a CTE on the writer', async () => {
    await db.insertInto('notes').values({ body: 'read after write' }).execute();
    expect(
      await db.selectFrom('notes').select('body').where('body', '=', 'read after write').execute(),
    ).toHaveLength(1);
    await sql`with n(body) as (select 'from a cte') insert into notes (body) select body from n`.execute(db);
    expect(
      await db.selectFrom('notes').select('body').where('body', '=', 'from a cte').execute(),
    ).toHaveLength(1);
  });

  it('runs a transaction on the own thread: its statements wait for no turn of the event loop', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 20; i += 1) {
        await trx
          .insertInto('notes')
          .values({ body: `in one turn ${i}` })
          .execute();
        await trx.selectFrom('notes').select('id').where('body', '=', `in one turn ${i}`).execute();
      }
    });
    counting = false;
    // On a thread of its own each of the 40 statements waited for a turn that brought its answer. The
    // commit waits for one, in which the transactions of other requests join its group (group-commit.ts).
    expect(turns).toBeLessThanOrEqual(1);
    expect(
      await db.selectFrom('notes').select('body').where('body', 'like', 'in one turn %').execute(),
    ).toHaveLength(20);
  });

  it('leaves nothing of a transaction rolled back, and hides one not yet committed from the readers', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body: 'rolled back' }).execute();
        expect(
          await trx.selectFrom('notes').select('body').where('body', '=', 'rolled back').execute(),
        ).toHaveLength(1);
        expect(
          await db.selectFrom('notes').select('body').where('body', '=', 'rolled back').execute(),
        ).toEqual([]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.selectFrom('notes').select('body').where('body', '=', 'rolled back').execute()).toEqual(
      [],
    );

    // A write outside the transaction waits for it rather than joining it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'in the transaction' }).execute();
      await held;
      throw new Error('undo');
    });
    const outside = db.insertInto('notes').values({ body: 'outside' }).execute();
    release();
    await expect(transaction).rejects.toThrow('undo');
    await outside;
    const bodies = await db
      .selectFrom('notes')
      .select('body')
      .where('body', 'in', ['in the transaction', 'outside'])
      .execute();
    expect(bodies).toEqual([{ body: 'outside' }]);
  });
});

describe('a server on SQLite worker threads', () => {
  let slowStarted!: () => void;
  let slowFinished = false;
  const slow: FastifyPluginAsync = async (api) => {
    api.get('/test/slow', async () => {
      slowStarted();
      const { rows } = await SLOW_COUNT.execute(api.db);
      slowFinished = true;
      return { n: rows[0]?.n };
    });
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(sqliteTarget(3), {}, { apiPlugins: [slow] });
  });
  afterAll(() => t.close());

  it('answers a request while another one waits for a slow statement', async () => {
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const slowRequest = t.request({ method: 'GET', url: '/api/v1/test/slow' });
    await started;
    const quick = await t.request({ method: 'GET', url: '/api/v1/auth' });
    expect(quick.statusCode).toBe(200);
    expect(slowFinished).toBe(false);
    expect((await slowRequest).json()).toEqual({ n: 5_000_000 });
    expect(slowFinished).toBe(true);
  });
});

describe('worker-pool errors reported like direct ones', () => {
  let file: string;
  let pooled: AnyKysely;
  let direct: AnyKysely;
  beforeAll(async () => {
    file = sqliteFile();
    pooled = open(file, 3);
    direct = open(file, 0);
    await sql.raw(NOTES).execute(direct);
    await direct.insertInto('notes').values({ body: 'taken' }).execute();
  });
  afterAll(async () => {
    await pooled.destroy();
    await direct.destroy();
  });

  const caught = async (run: (db: AnyKysely) => Promise<unknown>) => {
    const [fromPool, fromDirect] = await Promise.all([
      run(pooled).catch((e: unknown) => e),
      run(direct).catch((e: unknown) => e),
    ]);
    expect(fromPool).toBeInstanceOf(SqliteDatabase.SqliteError);
    expect(fromDirect).toBeInstanceOf(SqliteDatabase.SqliteError);
    const shape = (error: unknown) => {
      const { name, code, message } = error as InstanceType<typeof SqliteDatabase.SqliteError>;
      return { name, code, message };
    };
    expect(shape(fromPool)).toEqual(shape(fromDirect));
    return fromPool;
  };

  it('a constraint violation', async () => {
    const error = await caught((db) => db.insertInto('notes').values({ body: 'taken' }).execute());
    expect((error as { code: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('a syntax error, on a read and on a write', async () => {
    expect((await caught((db) => sql`selec * from notes`.execute(db))) as { code: string }).toMatchObject({
      code: 'SQLITE_ERROR',
    });
    await caught((db) => sql`select nothing from notes`.execute(db));
    await caught((db) => sql`insert into nowhere values (1)`.execute(db));
  });

  it('a database busy with another process', async () => {
    const other = new SqliteDatabase(file, sqliteOptions());
    other.exec('begin exclusive');
    try {
      const insert = async (db: AnyKysely) => {
        await sql`pragma busy_timeout = 0`.execute(db);
        try {
          await db.insertInto('notes').values({ body: 'blocked' }).execute();
        } finally {
          await sql`pragma busy_timeout = 5000`.execute(db);
        }
      };
      const error = await caught(insert);
      expect((error as { code: string }).code).toBe('SQLITE_BUSY');
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      other.exec('rollback');
      other.close();
    }
  });
});

describe.each([
  ['on the own thread', 0],
  ['on a reader thread', 2],
])('checkpoints %s', (_, workers) => {
  it('copy the writes into the database file soon after, and leave the writer’s commits without them', async () => {
    const file = sqliteFile();
    const db = open(file, workers);
    try {
      await sql.raw(NOTES).execute(db);
      expect((await sql`pragma wal_autocheckpoint`.execute(db)).rows).toEqual([
        { wal_autocheckpoint: 10_000 },
      ]);
      // 2 MB in 200 commits: far below the writer's own bound, so only a checkpoint of the server's moves them.
      const blob = Buffer.alloc(10_000, 7);
      for (let i = 0; i < 200; i += 1) {
        await db
          .insertInto('notes')
          .values({ body: `blob ${i}`, data: blob })
          .execute();
      }
      await expect.poll(() => statSync(file).size, { timeout: 5000 }).toBeGreaterThan(2_000_000);

      const pool = sqliteWorkerPoolOf(db as never);
      if (pool !== undefined) {
        await db.insertInto('notes').values({ body: 'one more' }).execute();
        const { log, checkpointed } = await pool.checkpoint();
        expect(log).toBeGreaterThan(0);
        expect(checkpointed).toBe(log);
      }
    } finally {
      await db.destroy();
    }
  });
});

describe('the worker pool across migrations and shutdown', () => {
  it('runs the migrations, empties every thread’s statement cache after them, and ends every thread on destroy', async () => {
    const db = createDatabase({ dialect: 'sqlite', path: sqliteFile() }, undefined, { sqliteWorkers: 3 });
    const pool = sqliteWorkerPoolOf(db)!;
    expect(pool.running).toBe(3);
    try {
      const names = Object.keys(migrations).sort();
      await migrateTo(db, names.at(-2)!);
      // A statement on the writer, and enough reads at once that every reader prepares one.
      await sql`pragma user_version`.execute(db);
      await Promise.all(Array.from({ length: 6 }, () => db.selectFrom('users').selectAll().execute()));
      const [writer, ...readers] = await pool.statementCounts();
      expect(writer).toBeGreaterThan(0);
      expect(readers.some((count) => count > 0)).toBe(true);

      await migrateToLatest(db);
      expect(await pool.statementCounts()).toEqual([0, 0, 0, 0]);
      expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
      expect(clearStatementCache(db)).toBe(true);
    } finally {
      await db.destroy();
    }
    expect(pool.running).toBe(0);
  });

  it('keeps `:memory:` on the own thread', async () => {
    const db = createDatabase({ dialect: 'sqlite', path: ':memory:' }, undefined, { sqliteWorkers: 3 });
    expect(sqliteWorkerPoolOf(db)).toBeUndefined();
    await db.destroy();
  });
});
