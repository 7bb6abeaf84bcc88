// Snapshots of the database a backup archives, and their way back: SQLite's online backup API on a
// connection of its own; PostgreSQL's pg_dump and pg_restore.
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import SqliteDatabase from 'better-sqlite3';
import { sqliteOptions } from '../../db/database.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** A backup or restore that cannot go on; the message says what to do. */
export class BackupError extends Error {}

/**
 * Copies a live SQLite database to `target` while other connections write. The copy runs in one
 * step, so it reads one snapshot (WAL readers do not block writers); copied in small steps, every
 * write of another connection would restart it, and under steady writes it might never finish.
 */
export async function snapshotSqlite(source: string, target: string): Promise<void> {
  await access(source).catch(() => {
    throw new BackupError(`there is no SQLite database at ${source}`);
  });
  const connection = new SqliteDatabase(source, { ...sqliteOptions(), fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 5000');
    await connection.backup(target, { progress: () => 0x7fffffff });
  } finally {
    connection.close();
  }
}

/** libpq's variables for a postgres:// URL: the password travels in the environment, not in argv. */
function libpqEnv(url: string, env: Env): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: {
      PATH: env['PATH'] ?? '/usr/local/bin:/usr/bin:/bin',
      ...(env['HOME'] !== undefined ? { HOME: env['HOME'] } : {}),
      ...(env['PGSSLROOTCERT'] !== undefined ? { PGSSLROOTCERT: env['PGSSLROOTCERT'] } : {}),
      ...(password !== '' ? { PGPASSWORD: password } : {}),
    },
  };
}

const INSTALL_HINT =
  "install the PostgreSQL client tools of the server's major version (Debian: apt-get install postgresql-client)";

/** Runs a PostgreSQL client tool; rejects with its error output, or naming it when it is missing. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      if (stderr.length < 10_000) stderr += text;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT' ? new BackupError(`${tool} was not found on PATH: ${INSTALL_HINT}`) : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}

/**
 * Dumps a PostgreSQL database to `target` in pg_dump's custom format (compressed, for pg_restore).
 * With `snapshot` (pg_export_snapshot of an open transaction) the dump sees exactly what that
 * transaction sees.
 */
export async function dumpPostgres(url: string, target: string, env: Env, snapshot?: string): Promise<void> {
  const conn = libpqEnv(url, env);
  await runTool(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      '--no-acl',
      `--file=${target}`,
      ...(snapshot !== undefined ? [`--snapshot=${snapshot}`] : []),
      `--dbname=${conn.dbname}`,
    ],
    conn.env,
  );
}

/** Loads a pg_dump archive into an empty database, all or nothing. */
export async function restorePostgres(url: string, source: string, env: Env): Promise<void> {
  const conn = libpqEnv(url, env);
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${conn.dbname}`, source],
    conn.env,
  );
}
