import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, sqliteOptions } from './database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { cacheStatements, clearStatementCache } from './statement-cache.ts';

const dirs: string[] = [];
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sqliteFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'einwurf-statements-'));
  dirs.push(dir);
  return join(dir, 'einwurf.sqlite');
}

/** A Kysely over a caching connection, counting the statements SQLite really prepares. */
function countingDatabase(file: string) {
  const sqlite = new SqliteDatabase(file, sqliteOptions());
  let prepared = 0;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    prepared += 1;
    return prepare(text);
  }) as typeof sqlite.prepare;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: cacheStatements(sqlite) }) });
  closers.push(() => db.destroy());
  return { db, sqlite, prepared: () => prepared };
}

describe('the SQLite statement cache', () => {
  it('prepares a statement once and reuses it for every later run of the same text', async () => {
    const { db, prepared } = countingDatabase(sqliteFile());
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    const before = prepared();
    for (let i = 0; i < 5; i += 1) {
      await db
        .insertInto('notes')
        .values({ body: `note ${i}` })
        .execute();
    }
    const rows = await db.selectFrom('notes').select('body').where('id', '>', 3).execute();
    await db.selectFrom('notes').select('body').where('id', '>', 1).execute();
    expect(rows.map((r) => r.body)).toEqual(['note 3', 'note 4']);
    expect(prepared() - before).toBe(2);
  });

  it('prepares anew after a schema change on its own connection, and reads the new shape', async () => {
    const { db, prepared } = countingDatabase(sqliteFile());
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    await db.insertInto('notes').values({ body: 'first' }).execute();
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([{ id: 1, body: 'first' }]);

    await sql`alter table notes add column pinned integer not null default 0`.execute(db);
    const before = prepared();
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([{ id: 1, body: 'first', pinned: 0 }]);
    expect(prepared() - before).toBe(1);
  });

  it("has no stale statements after another connection's schema change (a migration by another process)", async () => {
    const file = sqliteFile();
    const { db } = countingDatabase(file);
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    await db.insertInto('notes').values({ body: 'old' }).execute();
    const read = () => db.selectFrom('notes').selectAll().execute();
    expect(await read()).toEqual([{ id: 1, body: 'old' }]);

    const other = new SqliteDatabase(file, sqliteOptions());
    other.exec(
      'drop table notes; create table notes (id integer primary key, title text, body text); ' +
        "insert into notes (title, body) values ('new', 'rebuilt')",
    );
    other.close();
    expect(await read()).toEqual([{ id: 1, title: 'new', body: 'rebuilt' }]);
  });

  it('is emptied by the migrations, whose statements run again as they should', async () => {
    const file = sqliteFile();
    const db = createDatabase({ dialect: 'sqlite', path: file });
    closers.push(() => db.destroy());
    const names = Object.keys(migrations).sort();
    await migrateTo(db, names.at(-2)!);
    const users = () => db.selectFrom('users').selectAll().execute();
    const before = await users();
    expect(before).toEqual([]);
    await db
      .insertInto('users')
      .values({ id: 'u1', username: 'mod1', role: 'mod', password_hash: 'x', created_at: 1, updated_at: 1 })
      .execute();
    const columnsBefore = Object.keys((await users())[0]!);

    expect(await migrateToLatest(db)).toHaveLength(1);
    const [row] = await users();
    expect(row?.username).toBe('mod1');
    // The last migration's columns show in a statement the cache held before it ran.
    const latest = Object.keys(row!);
    expect(latest.length).toBeGreaterThanOrEqual(columnsBefore.length);
    const expected = (
      await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(db)
    ).rows.map((r) => r.name);
    expect(latest.sort()).toEqual(expected.sort());
    expect(clearStatementCache(db)).toBe(true);
  });

  it("answers the rows better-sqlite3's own objects hold, for every kind of value and a name given twice", () => {
    const sqlite = new SqliteDatabase(':memory:', sqliteOptions());
    closers.push(() => void sqlite.close());
    sqlite.exec(
      'create table notes (id integer primary key, body text, score real, note text, raw blob); ' +
        "insert into notes (body, score, note, raw) values ('a', 1.5, null, x'00ff'), ('b', -2, 'n', null)",
    );
    const cached = cacheStatements(sqlite);
    const texts = [
      'select id, body, score, note, raw from notes order by id',
      'select n.body, m.body, n.id as body_id from notes n join notes m on m.id <> n.id order by n.id',
      'select count(*) as count, max(score) from notes',
      'select 1 where 0',
    ];
    for (const text of texts) {
      const own = sqlite.prepare(text);
      expect(cached.prepare(text).all([])).toEqual(own.all());
      expect([...cached.prepare(text).iterate([])]).toEqual([...own.iterate()]);
    }
    const [first] = cached.prepare(texts[0]!).all([]) as { raw: unknown }[];
    expect(Buffer.isBuffer(first!.raw)).toBe(true);
    // A statement that writes answers what it changed.
    expect(cached.prepare("insert into notes (body) values ('c')").run([])).toMatchObject({ changes: 1 });
  });

  it("reads a `*` statement's columns anew after another connection rebuilt the table with as many columns", async () => {
    const file = sqliteFile();
    const { db } = countingDatabase(file);
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    await db.insertInto('notes').values({ body: 'old' }).execute();
    const starred = () => sql`select n.* from notes n`.execute(db).then((r) => r.rows);
    const returning = () => sql`update notes set id = id returning *`.execute(db).then((r) => r.rows);
    expect(await starred()).toEqual([{ id: 1, body: 'old' }]);
    expect(await returning()).toEqual([{ id: 1, body: 'old' }]);

    const other = new SqliteDatabase(file, sqliteOptions());
    other.exec(
      'drop table notes; create table notes (id integer primary key, title text); ' +
        "insert into notes (title) values ('renamed')",
    );
    other.close();
    expect(await starred()).toEqual([{ id: 1, title: 'renamed' }]);
    expect(await returning()).toEqual([{ id: 1, title: 'renamed' }]);
  });

  it('hands out a fresh statement while the cached one is still being iterated', () => {
    const sqlite = new SqliteDatabase(':memory:', sqliteOptions());
    closers.push(() => void sqlite.close());
    sqlite.exec("create table notes (body text); insert into notes values ('a'), ('b')");
    const cached = cacheStatements(sqlite);
    const text = 'select body from notes';
    const first = cached.prepare(text);
    const rows = first.iterate([]);
    expect(rows.next().value).toEqual({ body: 'a' });
    const second = cached.prepare(text);
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ body: 'a' }, { body: 'b' }]);
    expect(rows.next().value).toEqual({ body: 'b' });
    rows.return?.();
    expect(cached.prepare(text)).toBe(first);
  });
});

describe('shared reads (sharedReads)', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  function sharedDatabase(file: string) {
    const sqlite = new SqliteDatabase(file, sqliteOptions());
    sqlite.pragma('journal_mode = WAL');
    const cached = cacheStatements(sqlite, { sharedReads: true });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: cached }) });
    closers.push(() => db.destroy());
    return { db, sqlite };
  }

  /** A shared-reads database over a new file holding an empty `notes` table. */
  async function notesDatabase() {
    const file = sqliteFile();
    const { db, sqlite } = sharedDatabase(file);
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    const bodies = async () => (await db.selectFrom('notes').select('body').execute()).map((r) => r.body);
    /** A plain connection to the same file, as another process would open it. */
    const other = () => {
      const connection = new SqliteDatabase(file, sqliteOptions());
      closers.push(() => void connection.close());
      return connection;
    };
    return { file, db, sqlite, bodies, other };
  }

  it('lets the reads of one event-loop turn share a read transaction, ended when the loop turns', async () => {
    const { db, sqlite } = await notesDatabase();
    expect(sqlite.inTransaction).toBe(false);
    await db.selectFrom('notes').selectAll().execute();
    expect(sqlite.inTransaction).toBe(true);
    await db.selectFrom('notes').selectAll().execute();
    await nextTurn();
    expect(sqlite.inTransaction).toBe(false);
  });

  it('ends the shared read before a write, a transaction or a pragma, and reads what was written', async () => {
    const { db, sqlite, other } = await notesDatabase();
    await db.selectFrom('notes').selectAll().execute();
    await db.insertInto('notes').values({ body: 'written' }).execute();
    // Committed at once: another connection sees it.
    expect(other().prepare('select body from notes').all()).toEqual([{ body: 'written' }]);
    expect(await db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'written' }]);

    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'in a transaction' }).execute();
    });
    await db.selectFrom('notes').selectAll().execute();
    await sql`pragma user_version = 7`.execute(db);
    expect(sqlite.inTransaction).toBe(false);
    expect(sqlite.pragma('user_version', { simple: true })).toBe(7);
    // SQLite prepares `foreign_keys` inside a transaction as a no-op: it must be prepared outside.
    sqlite.pragma('foreign_keys = on');
    await db.selectFrom('notes').selectAll().execute();
    await sql`pragma foreign_keys = off`.execute(db);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(0);
    expect((await db.selectFrom('notes').selectAll().execute()).length).toBe(2);
  });

  it("sees another connection's commit from the next turn on", async () => {
    const { bodies, other } = await notesDatabase();
    expect(await bodies()).toEqual([]);
    other().prepare("insert into notes (body) values ('from elsewhere')").run();
    await nextTurn();
    expect(await bodies()).toEqual(['from elsewhere']);
  });

  it('commits a write that starts with `with` at once, as any write', async () => {
    const { db, sqlite, other } = await notesDatabase();
    await db.selectFrom('notes').selectAll().execute();
    await sql`with n(body) as (select 'from a cte') insert into notes (body) select body from n`.execute(db);
    expect(sqlite.inTransaction).toBe(false);
    expect(other().prepare('select body from notes').all()).toEqual([{ body: 'from a cte' }]);
  });

  it('sees at once what another connection of this process wrote (a command run in-process)', async () => {
    const { file, bodies } = await notesDatabase();
    expect(await bodies()).toEqual([]);
    const { db: command } = sharedDatabase(file);
    await command.insertInto('notes').values({ body: 'by the command' }).execute();
    expect(await bodies()).toEqual(['by the command']);
  });

  it('is what the server opens a SQLite file with', async () => {
    const file = sqliteFile();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = createDatabase({ dialect: 'sqlite', path: file }) as unknown as Kysely<any>;
    closers.push(() => db.destroy());
    await sql`create table notes (id integer primary key)`.execute(db);
    const ids = async () => (await db.selectFrom('notes').select('id').execute()).map((r) => r.id);
    expect(await ids()).toEqual([]);
    const other = new SqliteDatabase(file, sqliteOptions());
    closers.push(() => void other.close());
    other.prepare('insert into notes (id) values (1)').run();
    // Within the turn, the shared read's snapshot; from the next, the other connection's row.
    expect(await ids()).toEqual([]);
    await nextTurn();
    expect(await ids()).toEqual([1]);
    // A Kysely transaction right after shared reads begins without "transaction within a transaction".
    await db.transaction().execute((trx) => trx.insertInto('notes').values({ id: 2 }).execute());
    expect(await ids()).toEqual([1, 2]);
  });
});
