// How the server opens a SQLite file, shared by the in-process connection and the worker threads'
// (db/sqlite-pool.ts), which must not import more than this to keep each thread small.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

export const BUSY_TIMEOUT_MS = 5000;

/**
 * A commit that finds the write-ahead log past SQLite's 1,000 pages copies it into the database file
 * and syncs both: a few milliseconds every fifty saves, ~60 % of a commit's mean time. The server
 * checkpoints every CHECKPOINT_MS instead, off its event loop (`checkpointOnThread`, or a reader
 * thread), a commit only past WRITER_CHECKPOINT_PAGES, should those fall behind.
 */
export const CHECKPOINT_MS = 250;
const WRITER_CHECKPOINT_PAGES = 10_000;

/**
 * better-sqlite3's options for every database the server opens: EINWURF_SQLITE_BINDING names its
 * native addon when the installed one was built for another Node version (the Node 24 test run,
 * scripts/test-node24.mjs, builds its own beside the one the install built).
 */
export function sqliteOptions(env: NodeJS.ProcessEnv = process.env): SqliteDatabase.Options {
  const binding = env['EINWURF_SQLITE_BINDING'];
  return binding ? { nativeBinding: binding } : {};
}

/**
 * Opens a connection with the server's settings: WAL, foreign keys, a busy timeout, NORMAL sync; a
 * `writer` leaves checkpoints to CHECKPOINT_MS.
 */
export function openSqlite(file: string, { writer = false } = {}): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file, sqliteOptions());
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  if (writer) sqlite.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  return sqlite;
}

// The checkpointing thread's whole program: its own connection, a PASSIVE checkpoint every
// `everyMs` (one that finds the log busy leaves it to the next).
const CHECKPOINTER = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const sqlite = new Database(workerData.file, workerData.options);
setInterval(() => {
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
}, workerData.everyMs);
`;

/**
 * How long the server waits after its start before it starts the checkpointing thread: the thread's
 * start (a Node instance of its own, some 40 ms of a core) competed with the server's own start on a
 * machine of two cores, about 20 ms of the first answer. Until then the writer checkpoints on this
 * thread (`checkpointEvery`), which costs a look at the log's header while nothing is written.
 */
export const CHECKPOINT_THREAD_DELAY_MS = 2_000;

/**
 * Checkpoints a SQLite file every CHECKPOINT_MS on a thread of its own, so the event loop never
 * waits for a checkpoint: under saves each one copied the log's pages and synced both files on the
 * server's thread, 10–20 ms four times a second, most of it in fsync. The thread starts after
 * `delayMs`; until then, and should the thread fail, the writer's connection checkpoints on this
 * thread instead (`checkpointEvery`). Answers the function that stops it.
 */
export function checkpointOnThread(
  file: string,
  writer: SqliteDatabase.Database,
  { delayMs = 0 }: { delayMs?: number } = {},
): () => void {
  let stopFallback = delayMs > 0 ? checkpointEvery(writer) : undefined;
  let worker: Worker | undefined;
  let stopped = false;
  const start = () => {
    worker = new Worker(CHECKPOINTER, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        options: sqliteOptions(),
        everyMs: CHECKPOINT_MS,
      },
    });
    // It never keeps the process alive.
    worker.unref();
    worker.on('online', () => {
      stopFallback?.();
      stopFallback = undefined;
    });
    worker.on('error', () => {
      if (!stopped) stopFallback ??= checkpointEvery(writer);
    });
  };
  const timer = delayMs > 0 ? setTimeout(start, delayMs).unref() : undefined;
  if (timer === undefined) start();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopFallback?.();
    void worker?.terminate();
  };
}

/**
 * Checkpoints a writer's connection on this thread every CHECKPOINT_MS (SQLite's PASSIVE: as far as
 * no read still needs the log; nothing to do costs a look at the log's header), between
 * transactions; answers the function that stops it.
 */
export function checkpointEvery(sqlite: SqliteDatabase.Database): () => void {
  const timer = setInterval(() => {
    // A transaction (or the reads of this turn shared in one) ends first; the next tick checkpoints.
    if (!sqlite.open || sqlite.inTransaction) return;
    try {
      sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy with another process's checkpoint: the next one does it.
    }
  }, CHECKPOINT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
