import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Command, CommanderError, Option } from 'commander';
import type { Kysely } from 'kysely';
import { ACCOUNT_ROLES, ENTRY_STATES, EXPORT_FORMATS } from '@einwurf/contract';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/types.ts';
import { AppError } from './errors.ts';
import { loadContentTypes } from './features/content-types/service.ts';
import {
  assertBackupSource,
  countsMatch,
  createBackup,
  restoreBackup,
  type BackupCounts,
} from './features/backup/service.ts';
import { runDoctor } from './features/doctor/service.ts';
import { exportEntries, parseExportOptions } from './features/export/service.ts';
import { seedEntries } from './features/seed/service.ts';
import { rotateSigningSecret } from './features/secrets/service.ts';
import { generatePassword } from './features/users/passwords.ts';
import {
  assertValidPassword,
  createUser,
  deleteUser,
  disableUser,
  enableUser,
  findUser,
  listUsers,
  setPassword,
} from './features/users/service.ts';
import { boxed, table } from './text.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** What the commands may touch of the outside world, so tests can hand in their own. */
export type CliIo = {
  env: Env;
  out(text: string): void;
  err(text: string): void;
  /** Standard output as a stream, for output too large to hand over as text; `out` when absent. */
  outStream?: Writable;
  /** Asks for a secret without echoing it; undefined when there is no terminal to ask on. */
  askSecret: ((question: string) => Promise<string>) | undefined;
};

export class CliError extends Error {}

/** Reads a password: the option, EINWURF_USER_PASSWORD, a prompt (twice) on a terminal, or a new one. */
export async function choosePassword(
  given: string | undefined,
  io: CliIo,
): Promise<{ password: string; generated: boolean }> {
  const fromEnv = io.env['EINWURF_USER_PASSWORD'];
  const password = given ?? (fromEnv === '' ? undefined : fromEnv);
  if (password !== undefined) return { password, generated: false };
  if (io.askSecret !== undefined) {
    const first = await io.askSecret('Password: ');
    assertValidPassword(first);
    const second = await io.askSecret('Repeat password: ');
    if (first !== second) throw new CliError('the passwords do not match');
    return { password: first, generated: false };
  }
  return { password: generatePassword(), generated: true };
}

function showGenerated(io: CliIo, username: string, password: string): void {
  io.out(boxed([`Generated password for ${username} (shown only once):`, '', `  ${password}`]) + '\n');
}

/** `einwurf migrate`: applies pending migrations. */
export async function migrateCommand(db: Kysely<Database>, io: CliIo): Promise<void> {
  const results = await migrateToLatest(db);
  io.out(
    results.length === 0
      ? 'database is up to date\n'
      : results.map((r) => `applied ${r.migrationName}\n`).join(''),
  );
}

/** `einwurf user create`: creates a moderation account. */
export async function createUserCommand(
  db: Kysely<Database>,
  io: CliIo,
  username: string,
  options: { role: string; password?: string | undefined },
): Promise<void> {
  const { password, generated } = await choosePassword(options.password, io);
  const user = await createUser(db, { username, role: options.role, password });
  io.out(`created ${user.role} ${user.username}\n`);
  if (generated) showGenerated(io, user.username, password);
}

/** `einwurf user passwd`: sets an account's password. */
export async function passwdCommand(
  db: Kysely<Database>,
  io: CliIo,
  username: string,
  options: { password?: string | undefined },
): Promise<void> {
  const { password, generated } = await choosePassword(options.password, io);
  const user = await setPassword(db, username, password);
  io.out(`password changed for ${user.username}\n`);
  if (generated) showGenerated(io, user.username, password);
}

/** `einwurf user list`: prints every account as a table. */
export async function listUsersCommand(db: Kysely<Database>, io: CliIo): Promise<void> {
  const users = await listUsers(db);
  const time = (at: number) => new Date(at).toISOString().slice(0, 19) + 'Z';
  const rows = users.map((u) => [
    u.username,
    u.role,
    time(u.createdAt),
    u.disabledAt === null ? '' : `disabled ${time(u.disabledAt)}`,
  ]);
  io.out(table(['username', 'role', 'created', 'status'], rows) + '\n');
}

/**
 * `einwurf user delete`: removes an account and its sessions; the last admin stays. Entries belong to
 * their anonymous authors, not to accounts; the account's comments, timeline events and revisions
 * stay, shown without its name, and its assignments are cleared (the foreign keys set them null).
 */
export async function deleteUserCommand(db: Kysely<Database>, io: CliIo, username: string): Promise<void> {
  const user = await findUser(db, username);
  if (!user) throw new CliError(`no such user: ${username}`);
  await deleteUser(db, user.username);
  io.out(
    `deleted ${user.role} ${user.username}; its sessions ended. Its comments and timeline entries stay, ` +
      'without its name; entries assigned to it are unassigned\n',
  );
}

/** `einwurf user disable`: the account cannot log in and its sessions end; nothing of it is removed. */
export async function disableUserCommand(db: Kysely<Database>, io: CliIo, username: string): Promise<void> {
  const { user, sessionsEnded } = await disableUser(db, username);
  io.out(
    `disabled ${user.role} ${user.username}; ended ${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'}. ` +
      `Enable it again with: npx einwurf user enable ${user.username}\n`,
  );
}

/** `einwurf user enable`: a disabled account may log in again. */
export async function enableUserCommand(db: Kysely<Database>, io: CliIo, username: string): Promise<void> {
  const user = await enableUser(db, username);
  io.out(`enabled ${user.role} ${user.username}\n`);
}

/** `einwurf seed --entries N`: adds N demo entries with events, comments and the search index. */
export async function seedCommand(
  db: Kysely<Database>,
  io: CliIo,
  options: { entries: number; contentTypesDir: string },
): Promise<void> {
  const contentTypes = await loadContentTypes(options.contentTypesDir);
  const step = Math.max(10_000, Math.ceil(options.entries / 10));
  let next = step;
  const report = await seedEntries(db, contentTypes, {
    count: options.entries,
    onProgress: (done) => {
      if (done >= next && done < options.entries) {
        io.out(`  ${done} entries\n`);
        next += step;
      }
    },
  });
  io.out(
    `seeded ${report.entries} entries, ${report.events} events, ${report.comments} comments ` +
      `in ${report.seconds} s (${report.rowsPerSecond} rows/s)\n`,
  );
}

/** The stream `out` writes to, for commands that stream; waits for the terminal to drain. */
function outputStream(io: CliIo): Writable {
  return (
    io.outStream ??
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        io.out(chunk.toString('utf8'));
        callback();
      },
    })
  );
}

/**
 * `einwurf export`: entries as JSON Lines (default) or CSV to standard output or a file, with the
 * API's filters and the same streaming service, so a million entries never sit in memory.
 */
export async function exportCommand(
  db: Kysely<Database>,
  io: CliIo,
  options: { format?: string; type?: string; state?: string; output?: string; contentTypesDir: string },
): Promise<void> {
  const contentTypes = await loadContentTypes(options.contentTypesDir);
  const exportOptions = parseExportOptions(contentTypes, options);
  const entries = exportEntries(db, contentTypes, exportOptions);
  if (options.output === undefined) {
    // Standard output stays open: it belongs to the process, not to this command.
    await pipeline(entries, outputStream(io), { end: false });
    return;
  }
  await pipeline(entries, createWriteStream(options.output));
}

const formatCounts = (c: BackupCounts) =>
  `entries ${c.entries}, comments ${c.comments}, files ${c.files}, users ${c.users}`;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** `einwurf backup <file>`: a consistent archive of the running installation. */
export async function backupCommand(io: CliIo, file: string): Promise<void> {
  const config = loadConfig(io.env);
  await assertBackupSource(config);
  const db = createDatabase(config.database);
  try {
    const { file: written, size, manifest } = await createBackup(config, io.env, file, { liveDb: db });
    const archivedFiles = manifest.contents.filter((item) => item.path.startsWith('files/')).length;
    io.out(
      [
        `backup written to ${written} (${formatBytes(size)})`,
        `  database: ${manifest.dialect}, migration ${manifest.schema_migration ?? 'none'}`,
        `  counts:   ${formatCounts(manifest.counts)}`,
        `  files:    ${manifest.files_archived ? `${archivedFiles} archived from disk` : `not archived (FILE_STORAGE=${manifest.storage})`}`,
        ...manifest.notes.map((note) => `  note: ${note}`),
        ...manifest.removed_during_backup.map(
          (r) => `  note: file ${r.file_id} was removed while the backup ran; a restore leaves it out`,
        ),
        ...manifest.missing_in_storage.map(
          (key) => `  warning: ${key} is missing in storage (it was before this backup)`,
        ),
      ].join('\n') + '\n',
    );
  } finally {
    await db.destroy();
  }
}

/** `einwurf restore <file>`: restores an archive into an empty installation and checks its counts. */
export async function restoreCommand(io: CliIo, file: string, options: { force: boolean }): Promise<void> {
  const config = loadConfig(io.env);
  const report = await restoreBackup(config, io.env, file, options);
  const { manifest } = report;
  io.out(
    [
      `restored ${file} (made ${manifest.created_at} by Einwurf ${manifest.app_version}, ${manifest.dialect})`,
      `  manifest: ${formatCounts(manifest.counts)}`,
      `  restored: ${formatCounts(report.counts)}`,
      `  files:    ${report.filesRestored} restored into ${config.fileStorage} storage`,
      ...report.warnings.map((warning) => `  warning: ${warning}`),
    ].join('\n') + '\n',
  );
  if (!countsMatch(manifest.counts, report.counts)) {
    throw new CliError('the restored counts differ from the manifest: the restore is incomplete');
  }
  io.out('counts match the manifest; start the server to apply any newer migrations\n');
}

/** `einwurf doctor`: one line per check (ok, warn, fail) with what to fix; fails when any check does. */
export async function doctorCommand(io: CliIo): Promise<void> {
  const checks = await runDoctor(io.env);
  const width = Math.max(...checks.map((c) => c.name.length));
  io.out(checks.map((c) => `${c.status.padEnd(4)}  ${c.name.padEnd(width)}  ${c.message}\n`).join(''));
  const count = (status: string) => checks.filter((c) => c.status === status).length;
  io.out(`${count('ok')} ok, ${count('warn')} warn, ${count('fail')} fail\n`);
  if (count('fail') > 0)
    throw new CliError(`${count('fail')} check${count('fail') === 1 ? '' : 's'} failed; see above`);
}

function describeError(error: unknown): string {
  if (error instanceof AppError) {
    const fields = error.fields?.map((f) => f.field).join(', ');
    return fields && !error.message.includes(fields) ? `${error.message} (${fields})` : error.message;
  }
  if (error instanceof ConfigError) return `configuration error: ${error.message}`;
  if (error instanceof CliError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Runs the CLI with argv (without node and script) and answers the exit code: 0 or 1. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let db: Kysely<Database> | undefined;
  // Account commands migrate first, so they work on a fresh database too.
  const withDb = async (fn: (db: Kysely<Database>) => Promise<void>, migrateFirst = true) => {
    const config = loadConfig(io.env);
    db = createDatabase(config.database);
    if (migrateFirst) await migrateToLatest(db);
    await fn(db);
  };

  const program = new Command('einwurf')
    .description('Einwurf administration')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(() => withDb((d) => migrateCommand(d, io), false));
  const user = program.command('user').description('manage moderation accounts');
  user
    .command('create <username>')
    .description(
      'create an account (password from --password, EINWURF_USER_PASSWORD, a prompt, or generated)',
    )
    .addOption(new Option('--role <role>', 'mod or admin').choices(ACCOUNT_ROLES).makeOptionMandatory())
    .option('--password <password>', 'the password (visible in shell history; prefer the prompt)')
    .action((username: string, options: { role: string; password?: string }) =>
      withDb((d) => createUserCommand(d, io, username, options)),
    );
  user
    .command('passwd <username>')
    .description("set an account's password")
    .option('--password <password>', 'the new password')
    .action((username: string, options: { password?: string }) =>
      withDb((d) => passwdCommand(d, io, username, options)),
    );
  user
    .command('list')
    .description('list accounts')
    .action(() => withDb((d) => listUsersCommand(d, io)));
  user
    .command('delete <username>')
    .description('delete an account (not the last admin); its comments and history stay without its name')
    .action((username: string) => withDb((d) => deleteUserCommand(d, io, username)));
  user
    .command('disable <username>')
    .description('stop an account from logging in and end its sessions (not the last admin)')
    .action((username: string) => withDb((d) => disableUserCommand(d, io, username)));
  user
    .command('enable <username>')
    .description('let a disabled account log in again')
    .action((username: string) => withDb((d) => enableUserCommand(d, io, username)));

  program
    .command('seed')
    .description('add demo entries of every type in every state, with comments and events (never deletes)')
    .requiredOption('--entries <count>', 'how many entries to add', (value: string) => {
      const count = Number(value);
      if (!/^\d+$/.test(value) || count < 1 || count > 100_000_000) {
        throw new CliError('--entries must be a whole number from 1 to 100000000');
      }
      return count;
    })
    .action((options: { entries: number }) =>
      withDb((d) =>
        seedCommand(d, io, { entries: options.entries, contentTypesDir: loadConfig(io.env).contentTypesDir }),
      ),
    );

  program
    .command('secret')
    .description('the signing secret kept in the database')
    .command('rotate')
    .description(
      'replace it with a new one; the old one keeps verifying until the next rotation, instances pick it up within 30 s',
    )
    .action(() =>
      withDb(async (d) => {
        if (loadConfig(io.env).secret !== undefined) {
          throw new CliError(
            'EINWURF_SECRET is set: rotate it by setting a new EINWURF_SECRET and the old one as EINWURF_SECRET_PREVIOUS',
          );
        }
        await rotateSigningSecret(d);
        io.out('rotated the signing secret; the previous one still verifies until the next rotation\n');
      }),
    );

  program
    .command('export')
    .description('write entries as JSON Lines (default) or CSV to standard output or a file')
    .addOption(new Option('--format <format>', 'jsonl or csv').choices(EXPORT_FORMATS).default('jsonl'))
    .option('--type <type>', 'only entries of this type')
    .option('--state <state>', `only entries in this state (${ENTRY_STATES.join(', ')})`)
    .option('--output <file>', 'write to this file instead of standard output')
    .action((options: { format: string; type?: string; state?: string; output?: string }) =>
      withDb((d) =>
        exportCommand(d, io, { ...options, contentTypesDir: loadConfig(io.env).contentTypesDir }),
      ),
    );

  program
    .command('doctor')
    .description('check configuration, database, Redis, storage, disk space, the secret and the web build')
    .action(() => doctorCommand(io));
  program
    .command('backup <file>')
    .description(
      'write a consistent archive (database, files on disk, manifest) while the server runs; the file must not exist',
    )
    .action((file: string) => backupCommand(io, file));
  program
    .command('restore <file>')
    .description('restore an archive into an empty data dir or database (stop the server first)')
    .option('--force', 'replace a database and files that are there already')
    .action((file: string, options: { force?: boolean }) =>
      restoreCommand(io, file, { force: options.force === true }),
    );

  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    io.err(`einwurf: ${describeError(error)}\n`);
    return 1;
  } finally {
    await db?.destroy();
  }
}

async function askSecretOnTerminal(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  process.stdout.write(question);
  // Keep typed characters off the screen; readline has no public switch for it.
  (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
  try {
    return await rl.question('');
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

/** The process entry used by bin/einwurf.mjs. */
export async function main(argv: string[]): Promise<number> {
  return runCli(argv.slice(2), {
    env: process.env,
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    outStream: process.stdout,
    askSecret: process.stdin.isTTY && process.stdout.isTTY ? askSecretOnTerminal : undefined,
  });
}
