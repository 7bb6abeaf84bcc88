import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, sqliteOptions } from './database.ts';
import { GROUP_MAX_MEMBERS, GroupCommitSqliteDriver } from './group-commit.ts';
import { migrateToLatest } from './migrate.ts';
import { openSqlite } from './sqlite-connection.ts';
import { cacheStatements } from './statement-cache.ts';

const dirs: string[] = [];
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Notes = { notes: { id: Generated<number>; body: string } };

/**
 * A Kysely over the grouping driver on a SQLite file, counting the commits SQLite runs, and a second
 * connection; with `workers`, the server's database on worker threads instead (its writer groups
 * the same way; its commits are not counted).
 */
async function groupedDatabase(workers = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'einwurf-group-commit-'));
  dirs.push(dir);
  const file = join(dir, 'einwurf.sqlite');
  const other = () => new SqliteDatabase(file, sqliteOptions());
  const stored = (reader: SqliteDatabase.Database) =>
    (reader.prepare('select body from notes order by id').all() as { body: string }[]).map((r) => r.body);
  if (workers > 0) {
    const db = createDatabase({ dialect: 'sqlite', path: file }, undefined, {
      sqliteWorkers: workers,
    }) as unknown as Kysely<Notes>;
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    const reader = other();
    closers.push(async () => {
      reader.close();
      await db.destroy();
    });
    return { db, stored: () => stored(reader), commits: undefined, driver: undefined };
  }
  const sqlite = openSqlite(file, { writer: true });
  sqlite.exec('create table notes (id integer primary key, body text not null)');
  const cache = cacheStatements(sqlite, { sharedReads: true });
  let commits = 0;
  const prepare = cache.prepare;
  cache.prepare = (text) => {
    if (text === 'commit') commits += 1;
    return prepare(text);
  };
  const driver = new GroupCommitSqliteDriver(cache);
  const db = new Kysely<Notes>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const reader = other();
  closers.push(async () => {
    reader.close();
    await db.destroy();
  });
  return { db, stored: () => stored(reader), commits: () => commits, driver };
}

const insertNote = (db: Kysely<Notes>, body: string) =>
  db.transaction().execute(async (trx) => {
    await trx.insertInto('notes').values({ body }).execute();
    return body;
  });

describe.each([
  { on: 'the server thread (GroupCommitSqliteDriver)', workers: 0 },
  { on: 'the worker pool', workers: 1 },
])('grouped commits on $on', ({ workers }) => {
  it('commits transactions that waited for the connection together, each answered once its commit ran', async () => {
    const { db, stored, commits } = await groupedDatabase(workers);
    const seenAtAnswer: string[][] = [];
    const bodies = ['a', 'b', 'c', 'd', 'e'];
    await Promise.all(
      bodies.map((body) => insertNote(db, body).then(() => void seenAtAnswer.push(stored()))),
    );
    // Another connection sees every transaction's row by the time the first caller hears of its
    // commit: they were committed together.
    for (const seen of seenAtAnswer) expect(seen).toEqual(bodies);
    if (commits) expect(commits()).toBe(1);
    // One that starts alone commits alone.
    await insertNote(db, 'f');
    expect(stored()).toContain('f');
    if (commits) expect(commits()).toBe(2);
  });

  it("keeps a transaction's own savepoints apart from the group's", async () => {
    const { db, stored } = await groupedDatabase(workers);
    const trx = await db.startTransaction().execute();
    await trx.insertInto('notes').values({ body: 'kept' }).execute();
    const inner = await trx.savepoint('a "quoted" name').execute();
    await inner.insertInto('notes').values({ body: 'taken back' }).execute();
    await inner.rollbackToSavepoint('a "quoted" name').execute();
    await Promise.all([trx.commit().execute(), insertNote(db, 'other')]);
    expect(stored()).toEqual(['kept', 'other']);
  });

  it('takes back the changes of a transaction that fails and keeps those of the others', async () => {
    const { db, stored } = await groupedDatabase(workers);
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'lost' }).execute();
      throw new Error('the edit was refused');
    });
    const results = await Promise.allSettled([insertNote(db, 'a'), failing, insertNote(db, 'b')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'the edit was refused' });
    expect(stored()).toEqual(['a', 'b']);
    // The connection is free again.
    await insertNote(db, 'c');
    expect(stored()).toEqual(['a', 'b', 'c']);
  });

  it('fails every transaction of a group whose commit fails, and keeps none of them', async () => {
    const { db, stored } = await groupedDatabase(workers);
    // A deferred foreign key is checked at the commit, the one way to make a commit fail here.
    await sql`create table parents (id integer primary key)`.execute(db);
    await sql`create table children (parent integer references parents (id) deferrable initially deferred)`.execute(
      db,
    );
    const orphan = db.transaction().execute(async (trx) => {
      await sql`insert into children (parent) values (42)`.execute(trx);
    });
    const results = await Promise.allSettled([insertNote(db, 'a'), orphan, insertNote(db, 'b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of results) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
      });
    }
    expect(stored()).toEqual([]);
    await insertNote(db, 'c');
    expect(stored()).toEqual(['c']);
  });

  it('commits the open group before a statement outside a transaction, which reads what was committed', async () => {
    const { db, stored, commits } = await groupedDatabase(workers);
    const written = insertNote(db, 'a');
    const read = db.selectFrom('notes').select('body').execute();
    const write = db.insertInto('notes').values({ body: 'plain' }).execute();
    const [, rows] = await Promise.all([written, read, write]);
    // On the server thread statements run in turn; a reader thread reads whatever was committed when
    // it ran, never what an open group holds.
    if (workers === 0) expect(rows).toEqual([{ body: 'a' }]);
    else expect([[], ['a'], ['a', 'plain']]).toContainEqual(rows.map((r) => r.body));
    expect(stored()).toEqual(['a', 'plain']);
    if (commits) expect(commits()).toBe(1);
  });

  it.runIf(workers === 0)(
    'runs a statement alone only while no transaction holds the connection, committing the open group first',
    async () => {
      const { db, stored, driver } = await groupedDatabase(workers);
      const select = db.selectFrom('notes').select('body').compile();
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      let held: unknown = 'not run';
      const written = db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body: 'a' }).execute();
        held = driver!.runAlone(select);
        await finished;
      });
      while (held === 'not run') await new Promise((resolve) => setImmediate(resolve));
      expect(held).toBeUndefined();
      finish();
      // Microtasks only: the group's commit, due once the event loop turns, has not run yet.
      let rows: { body: string }[] | undefined;
      for (let turn = 0; rows === undefined && turn < 1000; turn += 1) {
        await Promise.resolve();
        rows = driver!.runAlone<{ body: string }>(select)?.rows;
      }
      expect(rows).toEqual([{ body: 'a' }]);
      expect(stored()).toEqual(['a']);
      await written;
    },
  );

  it(`ends no more than ${GROUP_MAX_MEMBERS} transactions with one commit`, async () => {
    const { db, stored, commits } = await groupedDatabase(workers);
    const bodies = Array.from({ length: GROUP_MAX_MEMBERS * 3 }, (_, i) => `note ${i}`);
    await Promise.all(bodies.map((body) => insertNote(db, body)));
    expect(stored()).toHaveLength(bodies.length);
    if (commits) expect(commits()).toBeGreaterThanOrEqual(3);
  });
});

describe('grouped commits', () => {
  it('is what the server opens a SQLite file with, and the schema has no constraint checked at a commit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'einwurf-group-commit-'));
    dirs.push(dir);
    const db = createDatabase({ dialect: 'sqlite', path: join(dir, 'einwurf.sqlite') });
    closers.push(() => db.destroy());
    await migrateToLatest(db);
    // A deferred constraint one transaction broke would fail its whole group.
    const { rows } = await sql<{ sql: string | null }>`select sql from sqlite_master`.execute(db);
    expect(rows.filter((r) => /deferr/i.test(r.sql ?? ''))).toEqual([]);
    const inserted = await Promise.all(
      [1, 2, 3].map((i) =>
        db.transaction().execute(async (trx) => {
          await sql`insert into app_secrets (name, value, rotated_at) values (${`probe ${i}`}, 'x', 0)`.execute(
            trx,
          );
          return i;
        }),
      ),
    );
    expect(inserted).toEqual([1, 2, 3]);
  });
});
