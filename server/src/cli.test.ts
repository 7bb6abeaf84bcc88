import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryState } from '@einwurf/contract';
import { runCli } from './cli.ts';
import { recordingIo as io } from './test/cli-io.ts';
import { createDatabase } from './db/database.ts';
import { resolveSession, startSession } from './features/auth/sessions.ts';
import { addComment } from './features/comments/service.ts';
import { createUser, findUser, verifyCredentials } from './features/users/service.ts';
import { parseDatabaseUrl } from './config.ts';
import type { ExportedEntry } from './features/export/service.ts';
import { testDatabases, type TestDatabaseHandle } from './test/db.ts';
import { insertTestEntry } from './test/entries.ts';

describe('einwurf CLI', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-cli-'));
    env = { DATABASE_URL: `sqlite:${path.join(dir, 'cli.sqlite')}` };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function check(username: string, password: string): Promise<string | undefined> {
    const db = createDatabase(parseDatabaseUrl(env['DATABASE_URL']!, dir));
    try {
      return (await verifyCredentials(db, username, password))?.role;
    } finally {
      await db.destroy();
    }
  }

  it('migrates, then reports the database up to date', async () => {
    const first = io(env);
    expect(await runCli(['migrate'], first)).toBe(0);
    expect(first.stdout).toMatch(/applied 2026-11-21-users-sessions/);
    const second = io(env);
    expect(await runCli(['migrate'], second)).toBe(0);
    expect(second.stdout).toBe('database is up to date\n');
  });

  it('creates a user with --password', async () => {
    const out = io(env);
    expect(
      await runCli(['user', 'create', 'Anna', '--role', 'admin', '--password', 'annas password'], out),
    ).toBe(0);
    expect(out.stdout).toBe('created admin Anna\n');
    expect(await check('anna', 'annas password')).toBe('admin');
  });

  it('takes the password from EINWURF_USER_PASSWORD', async () => {
    const out = io({ ...env, EINWURF_USER_PASSWORD: 'from the environment' });
    expect(await runCli(['user', 'create', 'Envy', '--role', 'mod'], out)).toBe(0);
    expect(await check('Envy', 'from the environment')).toBe('mod');
  });

  it('asks twice on a terminal and refuses differing answers', async () => {
    const same = io(env, ['typed password', 'typed password']);
    expect(await runCli(['user', 'create', 'Typist', '--role', 'mod'], same)).toBe(0);
    expect(await check('Typist', 'typed password')).toBe('mod');
    const differing = io(env, ['typed password', 'typo password']);
    expect(await runCli(['user', 'create', 'Typist2', '--role', 'mod'], differing)).toBe(1);
    expect(differing.stderr).toBe('einwurf: the passwords do not match\n');
  });

  it('generates and prints a password without a terminal', async () => {
    const out = io(env);
    expect(await runCli(['user', 'create', 'Gene', '--role', 'mod'], out)).toBe(0);
    const password = /║ {3}([A-Za-z0-9_-]{24}) +║/.exec(out.stdout)?.[1];
    expect(password).toBeDefined();
    expect(await check('Gene', password!)).toBe('mod');
  });

  it('changes a password', async () => {
    expect(await runCli(['user', 'passwd', 'anna', '--password', 'new password!'], io(env))).toBe(0);
    expect(await check('Anna', 'new password!')).toBe('admin');
  });

  it('fails clearly with exit code 1', async () => {
    const cases: [string[], RegExp][] = [
      [['user', 'create', 'anna', '--role', 'mod', '--password', 'whatever1'], /username is already taken/],
      [['user', 'create', 'x', '--role', 'mod', '--password', 'whatever1'], /3-64 characters/],
      [['user', 'create', 'Shorty', '--role', 'mod', '--password', 'short'], /password must be 8/],
      [
        ['user', 'create', 'Boss', '--role', 'boss', '--password', 'whatever1'],
        /Allowed choices are mod, admin/,
      ],
      [['user', 'create', 'Nobody'], /required option '--role <role>'/],
      [['user', 'passwd', 'ghost', '--password', 'whatever1'], /no such user/],
      [['frobnicate'], /unknown command/],
    ];
    for (const [argv, message] of cases) {
      const out = io(env);
      expect(await runCli(argv, out), argv.join(' ')).toBe(1);
      expect(out.stderr, argv.join(' ')).toMatch(message);
    }
    const badConfig = io({ DATABASE_URL: 'mysql://x/y' });
    expect(await runCli(['user', 'list'], badConfig)).toBe(1);
    expect(badConfig.stderr).toMatch(/DATABASE_URL/);
  });

  it('lists users as a table from a real process', async () => {
    const bin = fileURLToPath(new URL('../bin/einwurf.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'user', 'list'], {
      env: { ...process.env, ...env },
      timeout: 15_000,
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^username\s+role\s+created\s+status$/);
    expect(lines[1]).toMatch(/^-+\s+-+\s+-+\s+-+$/);
    expect(lines.slice(2).map((l) => l.split(/\s+/).slice(0, 2))).toEqual([
      ['Anna', 'admin'],
      ['Envy', 'mod'],
      ['Gene', 'mod'],
      ['Typist', 'mod'],
    ]);
  });
});

describe.each(testDatabases())('einwurf export on $name', (target) => {
  let database: TestDatabaseHandle;
  let env: Record<string, string>;
  let dir: string;
  const ids: Record<string, string> = {};
  const lines = (text: string) =>
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as ExportedEntry);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-cli-export-'));
    database = await target.create();
    env = { DATABASE_URL: database.url };
    const add = async (key: string, type: string, state: EntryState, title: string) => {
      ids[key] = (await insertTestEntry(database.db, { type, state, title })).data.id;
    };
    await add('draft', 'article', 'draft', 'Entwurf');
    await add('published', 'article', 'published', '=1+1');
    await add('event', 'event', 'published', 'Konzert');
    await add('deleted', 'event', 'deleted', 'Gelöscht');
  });
  afterAll(async () => {
    await database.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes JSON Lines to standard output by default, never the password hash', async () => {
    const out = io(env);
    expect(await runCli(['export'], out)).toBe(0);
    expect(out.stdout).not.toMatch(/password|not a hash/);
    const exported = lines(out.stdout);
    expect(exported.map((line) => line.id).sort()).toEqual(
      [ids['draft'], ids['published'], ids['event']].sort(),
    );
    expect(exported.find((line) => line.id === ids['event'])).toMatchObject({
      type: 'event',
      state: 'published',
      title: 'Konzert',
      data: { location: 'Kulturhaus' },
    });
  });

  it('filters by type and state', async () => {
    const run = async (argv: string[]) => {
      const out = io(env);
      expect(await runCli(['export', ...argv], out)).toBe(0);
      return lines(out.stdout).map((line) => line.id);
    };
    expect(await run(['--type', 'event'])).toEqual([ids['event']]);
    expect((await run(['--state', 'published'])).sort()).toEqual([ids['published'], ids['event']].sort());
    expect(await run(['--state', 'deleted'])).toEqual([ids['deleted']]);
  });

  it('writes CSV to a file from a real process', async () => {
    const file = path.join(dir, 'entries.csv');
    const bin = fileURLToPath(new URL('../bin/einwurf.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [bin, 'export', '--format', 'csv', '--type', 'article', '--output', file],
      { env: { ...process.env, ...env }, timeout: 30_000 },
    );
    expect(stdout).toBe('');
    const records = parseCsv(await readFile(file, 'utf8'), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(records.map((record) => record['id']).sort()).toEqual([ids['draft'], ids['published']].sort());
    expect(records.find((record) => record['id'] === ids['published'])!['title']).toBe("'=1+1");
  });

  it('pipes JSON Lines from a real process', async () => {
    const bin = fileURLToPath(new URL('../bin/einwurf.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'export', '--state', 'draft'], {
      env: { ...process.env, ...env },
      timeout: 30_000,
    });
    expect(lines(stdout).map((line) => line.id)).toEqual([ids['draft']]);
  });

  it('refuses a bad flag with a clear message and exit code 1', async () => {
    const cases: [string[], RegExp][] = [
      [['export', '--format', 'xml'], /Allowed choices are jsonl, csv/],
      [['export', '--type', 'nosuchtype'], /type: there is no type "nosuchtype"/],
      [['export', '--state', 'gone'], /state: must be one of/],
      [['export', '--frobnicate'], /unknown option '--frobnicate'/],
      [['export', '--output', path.join(dir, 'missing', 'dir', 'x.jsonl')], /ENOENT/],
    ];
    for (const [argv, message] of cases) {
      const out = io(env);
      expect(await runCli(argv, out), argv.join(' ')).toBe(1);
      expect(out.stderr, argv.join(' ')).toMatch(message);
      expect(out.stdout, argv.join(' ')).toBe('');
    }
  });
});

describe.each(testDatabases())('einwurf user delete, disable and enable on $name', (target) => {
  let database: TestDatabaseHandle;
  let env: Record<string, string>;
  const password = 'a long enough password';

  beforeAll(async () => {
    database = await target.create();
    env = { DATABASE_URL: database.url };
    await createUser(database.db, { username: 'Ada', role: 'admin', password });
    await createUser(database.db, { username: 'Max', role: 'mod', password });
  });
  afterAll(() => database.destroy());

  const run = async (argv: string[]) => {
    const out = io(env);
    const code = await runCli(argv, out);
    return { code, stdout: out.stdout, stderr: out.stderr };
  };
  const login = async (username: string) => {
    const user = await findUser(database.db, username);
    const { token } = await startSession(database.db, {
      role: user!.role,
      userId: user!.id,
      ttlSeconds: 3600,
      previousId: null,
    });
    return token;
  };

  it('disables an account: its sessions end and its password no longer logs in, until it is enabled', async () => {
    const first = await login('Max');
    const second = await login('Max');
    expect((await resolveSession(database.db, first)).role).toBe('mod');
    const disabled = await run(['user', 'disable', 'max']);
    expect(disabled).toMatchObject({ code: 0, stderr: '' });
    expect(disabled.stdout).toMatch(
      /^disabled mod Max; ended 2 sessions\. Enable it again with: npx einwurf user enable Max\n$/,
    );
    expect((await resolveSession(database.db, first)).role).toBe('none');
    expect((await resolveSession(database.db, second)).role).toBe('none');
    expect(await verifyCredentials(database.db, 'Max', password)).toBeUndefined();
    // A session that slipped in (a login racing the disable) is not honoured either.
    expect((await resolveSession(database.db, await login('Max'))).role).toBe('none');
    expect((await run(['user', 'list'])).stdout).toMatch(/^Max +mod +\S+ +disabled \d{4}-/m);

    const enabled = await run(['user', 'enable', 'Max']);
    expect(enabled).toMatchObject({ code: 0, stdout: 'enabled mod Max\n' });
    expect((await verifyCredentials(database.db, 'Max', password))?.username).toBe('Max');
    expect((await run(['user', 'list'])).stdout).toMatch(/^Max +mod +\S+$/m);
  });

  it('keeps the last admin who can log in', async () => {
    const alone = await run(['user', 'disable', 'Ada']);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/the last admin account cannot be disabled/);
    expect((await run(['user', 'delete', 'Ada'])).stderr).toMatch(/the last admin account cannot be deleted/);

    await createUser(database.db, { username: 'Bea', role: 'admin', password });
    expect((await run(['user', 'disable', 'Bea'])).code).toBe(0);
    // Bea is disabled: Ada is the last admin who can log in.
    expect((await run(['user', 'delete', 'Ada'])).stderr).toMatch(/last admin/);
    expect((await run(['user', 'disable', 'Ada'])).stderr).toMatch(/last admin/);
    // A disabled admin may go.
    expect((await run(['user', 'delete', 'Bea'])).code).toBe(0);
  });

  it('deletes an account, keeping its comments without its name', async () => {
    const entry = await insertTestEntry(database.db, { title: 'Kommentiert' });
    const max = await findUser(database.db, 'Max');
    const comment = await addComment(
      database.db,
      entry.data.id,
      { title: 'Notiz', content: 'von Max' },
      { actor: 'mod', userId: max!.id },
    );
    const token = await login('Max');
    const deleted = await run(['user', 'delete', 'Max']);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toMatch(
      /^deleted mod Max; its sessions ended\. Its comments and timeline entries stay/,
    );
    expect(await findUser(database.db, 'Max')).toBeUndefined();
    expect((await resolveSession(database.db, token)).role).toBe('none');
    const kept = await database.db
      .selectFrom('comments')
      .selectAll()
      .where('id', '=', comment.id)
      .executeTakeFirst();
    expect(kept).toMatchObject({ content: 'von Max', user_id: null });

    const missing = await run(['user', 'delete', 'Max']);
    expect(missing).toMatchObject({ code: 1, stderr: 'einwurf: no such user: Max\n' });
    expect((await run(['user', 'disable', 'Nobody'])).stderr).toMatch(/no such user/);
  });
});
