// How the server opens a SQLite file, shared by the in-process connection and the worker threads'
// (db/sqlite-pool.ts), which must not import more than this to keep each thread small.
import SqliteDatabase from 'better-sqlite3';

export const BUSY_TIMEOUT_MS = 5000;

/**
 * better-sqlite3's options for every database the server opens: EINWURF_SQLITE_BINDING names its
 * native addon when the installed one was built for another Node version (the Node 24 test run,
 * scripts/test-node24.mjs, builds its own beside the one the install built).
 */
export function sqliteOptions(env: NodeJS.ProcessEnv = process.env): SqliteDatabase.Options {
  const binding = env['EINWURF_SQLITE_BINDING'];
  return binding ? { nativeBinding: binding } : {};
}

/** Opens a connection with the server's settings: WAL, foreign keys, a busy timeout, NORMAL sync. */
export function openSqlite(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file, sqliteOptions());
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  return sqlite;
}
