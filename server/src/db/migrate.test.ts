import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabaseHandle } from '../test/db.ts';
import { createDatabase } from './database.ts';
import { byMigrationName, isUpToDate, migrateTo, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { parseDatabaseUrl } from '../config.ts';

describe('migration names', () => {
  it('are a date and lowercase words, ordered alike by code point and by locale', () => {
    const names = Object.keys(migrations);
    for (const name of names) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-[a-z0-9]+(-[a-z0-9]+)*$/);
    // A database migrated with Kysely's default order keeps it: a name sorting elsewhere would be refused.
    const byLocale = [...names].sort((a, b) => a.localeCompare(b));
    expect([...names].sort(byMigrationName)).toEqual(byLocale);
    expect(byMigrationName('2026-11-21-a', '2026-11-21-a')).toBe(0);
    expect(byMigrationName('2026-11-21-b', '2026-11-22-a')).toBeLessThan(0);
  });
});

describe.each(testDatabases())('migrations on $name', (target) => {
  let handle: TestDatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.destroy();
    handle = undefined;
  });

  it('two instances migrating together run each migration exactly once, and both succeed', async () => {
    handle = await target.create({ migrate: false });
    const first = handle.db;
    const second = createDatabase(parseDatabaseUrl(handle.url, process.cwd()));
    try {
      const [a, b] = await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
      const ran = [...a, ...b].filter((r) => r.status === 'Success').map((r) => r.migrationName);
      expect(ran.sort()).toEqual(Object.keys(migrations).sort());
      expect([...a, ...b].some((r) => r.status === 'Error')).toBe(false);

      const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(first);
      expect(rows.rows.map((r) => r.name).sort()).toEqual(Object.keys(migrations).sort());
      expect(await migrateToLatest(second)).toEqual([]);
    } finally {
      await second.destroy();
    }
  });

  it('answers after one read when every migration has run, and migrates otherwise', async () => {
    handle = await target.create({ migrate: false });
    const names = Object.keys(migrations).sort(byMigrationName);
    await migrateTo(handle.db, names.at(-2)!);
    let statements = 0;
    const counted = handle.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    // The server's start asks first: on PostgreSQL only pending migrations open a pool of their own.
    expect(await isUpToDate(counted)).toBe(false);
    expect((await migrateToLatest(counted)).map((r) => r.migrationName)).toEqual([names.at(-1)]);
    statements = 0;
    expect(await isUpToDate(counted)).toBe(true);
    expect(statements).toBe(1);
    // Up to date: one read, without the migrator's table checks, lock and transaction.
    statements = 0;
    expect(await migrateToLatest(counted)).toEqual([]);
    expect(statements).toBe(1);
  });

  it('is not up to date without a migration table', async () => {
    handle = await target.create({ migrate: false });
    expect(await isUpToDate(handle.db)).toBe(false);
  });

  it('makes usernames unique regardless of case', async () => {
    handle = await target.create();
    const row = { role: 'mod', password_hash: 'x', created_at: 1, updated_at: 1 } as const;
    await handle.db
      .insertInto('users')
      .values({ ...row, id: 'a', username: 'Admin' })
      .execute();
    await expect(
      handle.db
        .insertInto('users')
        .values({ ...row, id: 'b', username: 'admin' })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps epoch-millisecond timestamps as numbers', async () => {
    handle = await target.create();
    const now = Date.now();
    await handle.db
      .insertInto('users')
      .values({
        id: 'a',
        username: 'someone',
        role: 'mod',
        password_hash: 'x',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const user = await handle.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.created_at).toBe(now);
  });
});
