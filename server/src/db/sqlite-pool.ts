// better-sqlite3 is synchronous: a slow statement on the server's own thread stalls every other
// request. This Kysely driver runs reads outside a transaction (lists, searches, exports: what can
// take long) on worker threads instead (db/sqlite-worker.ts), each with its own connection, which
// WAL lets run beside the writer. Writes and transactions run on a connection of the server's own
// thread: they are short (one entry and what comes with it), and a transaction on a thread of its
// own paid a round trip through the event loop for each of its statements while it held the only
// writer, which made saves a third as fast. A read that follows a write sees it, since the caller
// awaited the write.
//
// A reader runs one statement at a time, so a quick read queued behind a slow one (a search for a
// common word) would wait as long. The pool learns which statements are slow, by their text, and
// gives them readers of their own: with two readers or more, the quick reads never queue behind them.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import {
  CompiledQuery,
  SelectQueryNode,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { CHECKPOINT_MS, openSqlite } from './sqlite-connection.ts';
import { GroupCommit, savepointCommand } from './group-commit.ts';
import { cacheStatements, runQuery, type CachingSqliteDatabase } from './statement-cache.ts';

export type WorkerData = { readonly file: string };

export type WorkerRequest =
  | { readonly type: 'query'; readonly sql: string; readonly parameters: readonly unknown[] }
  | { readonly type: 'clear' }
  | { readonly type: 'count' }
  | { readonly type: 'checkpoint' }
  | { readonly type: 'close' };

export type WorkerAnswer =
  | {
      readonly type: 'rows';
      readonly rows: Record<string, unknown>[];
      readonly blobs: boolean;
      /** How long the statement ran, in milliseconds. */
      readonly ms: number;
    }
  | { readonly type: 'not-readonly' }
  | { readonly type: 'cleared' | 'counted'; readonly count: number }
  | { readonly type: 'checkpointed'; readonly log: number; readonly checkpointed: number }
  | { readonly type: 'closed' }
  | {
      readonly type: 'error';
      readonly name: string;
      readonly message: string;
      readonly code: string | undefined;
    };

type Pending = { resolve(answer: WorkerAnswer): void; reject(error: Error): void };

/**
 * The worker's module: the compiled one beside the compiled server (server/build.mjs makes it an
 * entry), else the TypeScript source, loaded through tsx as the rest of the server is.
 */
function startWorker(data: WorkerData): Worker {
  const compiled = import.meta.url.endsWith('.js');
  const file = new URL(`./sqlite-worker.${compiled ? 'js' : 'ts'}`, import.meta.url);
  if (compiled) return new Worker(file, { workerData: data });
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs');
  const load =
    `import(${JSON.stringify(pathToFileURL(tsx).href)})` +
    `.then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(load, { eval: true, workerData: data });
}

/** The error the worker caught, as the class and code the server's error mapping (db/errors.ts) knows. */
function rebuildError(answer: WorkerAnswer & { type: 'error' }): Error {
  if (answer.name === 'SqliteError' && answer.code !== undefined) {
    return new SqliteDatabase.SqliteError(answer.message, answer.code);
  }
  const Kind = answer.name === 'TypeError' ? TypeError : answer.name === 'RangeError' ? RangeError : Error;
  const error = new Kind(answer.message) as Error & { code?: string };
  if (answer.code !== undefined) error.code = answer.code;
  return error;
}

/** One worker thread and its connection; messages are answered in order, so a queue matches them. */
class SqliteThread {
  readonly #worker: Worker;
  readonly #pending: Pending[] = [];
  #failure: Error | undefined;
  #running = true;
  readonly exited: Promise<void>;

  constructor(data: WorkerData) {
    this.#worker = startWorker(data);
    // An idle worker does not keep the process alive; one with work does, until it answers.
    this.#worker.unref();
    this.#worker.on('message', (answer: WorkerAnswer) => {
      const pending = this.#pending.shift();
      if (this.#pending.length === 0) this.#worker.unref();
      pending?.resolve(answer);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.exited = new Promise((resolve) => {
      this.#worker.once('exit', () => {
        this.#running = false;
        this.#fail(new Error('the SQLite worker has ended'));
        resolve();
      });
    });
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const pending of this.#pending.splice(0)) pending.reject(error);
  }

  get running(): boolean {
    return this.#running;
  }

  /** Requests not yet answered: the busiest reader gets no more. */
  get load(): number {
    return this.#pending.length;
  }

  send(request: WorkerRequest): Promise<WorkerAnswer> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      if (this.#pending.length === 0) this.#worker.ref();
      this.#pending.push({ resolve, reject });
      this.#worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    if (this.#failure === undefined) await this.send({ type: 'close' }).catch(() => {});
    await this.exited;
  }
}

function resultOf(answer: WorkerAnswer): QueryResult<never> {
  if (answer.type === 'error') throw rebuildError(answer);
  if (answer.type === 'rows') {
    if (answer.blobs) {
      // Structured cloning turns a Buffer into a plain Uint8Array.
      for (const row of answer.rows) {
        for (const key in row) {
          const value = row[key];
          if (value instanceof Uint8Array)
            row[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        }
      }
    }
    return { rows: answer.rows as never[] };
  }
  throw new Error(`unexpected answer from the SQLite worker: ${answer.type}`);
}

const READ = /^\s*(select|with)\b/i;
/** A read that took longer than this, on average, goes to the slow readers from then on. */
const SLOW_MS = 10;
/** Statement texts whose running time is kept (as the statement caches keep them). */
const TIMED_STATEMENTS = 500;

export type SqliteWorkerPoolOptions = {
  readonly file: string;
  /** Reader threads (at least one); the writer is a connection on the calling thread. */
  readonly workers: number;
};

/** The writer's connection, on the server's own thread: a statement runs at once, as Kysely's driver runs it. */
class Writer {
  readonly #connection: CachingSqliteDatabase;

  constructor(file: string) {
    // The readers checkpoint (CHECKPOINT_MS), the writer only should they fall behind.
    this.#connection = cacheStatements(openSqlite(file, { writer: true }));
  }

  run(query: CompiledQuery): QueryResult<never> {
    return runQuery(this.#connection, query);
  }

  clear(): number {
    return this.#connection.clear();
  }

  size(): number {
    return this.#connection.size();
  }

  close(): void {
    this.#connection.close();
  }
}

/** The writer and the readers; the driver's connections route each statement to one of them. */
export class SqliteWorkerPool {
  readonly #writer: Writer;
  readonly #readers: SqliteThread[];
  /** The readers for quick reads, and those for reads known to be slow (the same with one reader). */
  readonly #quickReaders: SqliteThread[];
  readonly #slowReaders: SqliteThread[];
  /** Each read's running time, a moving average, by its text. */
  readonly #readMs = new LRUCache<string, number>({ max: TIMED_STATEMENTS });
  /** Hands the writer to one holder at a time and groups the commits of its transactions. */
  readonly #group: GroupCommit;
  readonly #checkpoints: NodeJS.Timeout;
  /** Whether the writer ran a statement since the last checkpoint began. */
  #wrote = false;
  #checkpointing = false;

  constructor({ file, workers }: SqliteWorkerPoolOptions) {
    if (workers < 1) throw new Error('a SQLite worker pool needs at least one worker');
    this.#writer = new Writer(file);
    this.#group = new GroupCommit((sql) => void this.#writer.run(CompiledQuery.raw(sql)));
    this.#readers = Array.from({ length: workers }, () => new SqliteThread({ file }));
    const slow = this.#readers.length < 2 ? 0 : Math.floor(this.#readers.length / 2);
    this.#quickReaders = this.#readers.slice(0, this.#readers.length - slow);
    this.#slowReaders = slow === 0 ? this.#quickReaders : this.#readers.slice(this.#readers.length - slow);
    this.#checkpoints = setInterval(() => {
      if (this.#wrote && !this.#checkpointing) this.checkpoint().catch(() => {});
    }, CHECKPOINT_MS);
    this.#checkpoints.unref();
  }

  /**
   * Copies the write-ahead log into the database file on a reader (the one slow reads go to), as
   * far as no read still needs it (SQLite's PASSIVE checkpoint); answers the log's pages and those copied.
   */
  async checkpoint(): Promise<{ log: number; checkpointed: number }> {
    this.#wrote = false;
    this.#checkpointing = true;
    try {
      const answer = await this.#slowReaders.at(-1)!.send({ type: 'checkpoint' });
      if (answer.type === 'error') throw rebuildError(answer);
      if (answer.type !== 'checkpointed')
        throw new Error(`unexpected answer from the SQLite worker: ${answer.type}`);
      return { log: answer.log, checkpointed: answer.checkpointed };
    } finally {
      this.#checkpointing = false;
    }
  }

  /** Takes the writer and starts a transaction on it (in the open group of them, db/group-commit.ts). */
  async beginOnWriter(): Promise<void> {
    await this.#group.hold();
    this.#wrote = true;
    this.#group.begin();
  }

  /** Ends the transaction the caller holds and gives the writer back; answers once its commit ran. */
  commitOnWriter(): Promise<void> {
    return this.#group.commit();
  }

  /** Takes back the transaction the caller holds and gives the writer back. */
  rollbackOnWriter(): void {
    this.#group.rollback();
  }

  /** Runs a statement on the writer, which the caller holds. */
  async onWriter(query: CompiledQuery): Promise<QueryResult<never>> {
    this.#wrote = true;
    return this.#writer.run(query);
  }

  /** Runs a statement outside a transaction: a read on the least busy reader, anything else on the writer. */
  async run(query: CompiledQuery): Promise<QueryResult<never>> {
    if (SelectQueryNode.is(query.query) || READ.test(query.sql)) {
      const known = this.#readMs.get(query.sql);
      // A read not timed yet may be slow: it goes to whichever reader is least busy.
      const reader = leastBusy(
        known === undefined ? this.#readers : known > SLOW_MS ? this.#slowReaders : this.#quickReaders,
      );
      const answer = await reader.send({ type: 'query', sql: query.sql, parameters: query.parameters });
      if (answer.type === 'rows') {
        this.#readMs.set(query.sql, known === undefined ? answer.ms : known * 0.8 + answer.ms * 0.2);
      }
      // A statement that writes (a CTE that inserts, say) goes to the writer after all.
      if (answer.type !== 'not-readonly') return resultOf(answer);
    }
    await this.#group.hold();
    try {
      // What it writes comes after what the open group's callers were told is committed.
      this.#group.settle();
      return await this.onWriter(query);
    } finally {
      this.#group.release();
    }
  }

  /** Empties every connection's statement cache (after migrations); answers how many statements the writer had. */
  clear(): number {
    // Each thread empties its cache before it runs anything sent after this.
    for (const thread of this.#readers) thread.send({ type: 'clear' }).catch(() => {});
    return this.#writer.clear();
  }

  /** The statements each connection keeps, the writer's first. */
  async statementCounts(): Promise<number[]> {
    const answers = await Promise.all(this.#readers.map((thread) => thread.send({ type: 'count' })));
    return [
      this.#writer.size(),
      ...answers.map((answer) => (answer.type === 'counted' ? answer.count : Number.NaN)),
    ];
  }

  /** Reader threads not yet ended. */
  get running(): number {
    return this.#readers.filter((thread) => thread.running).length;
  }

  /** Closes every connection and ends every thread. */
  async close(): Promise<void> {
    clearInterval(this.#checkpoints);
    this.#group.settle();
    this.#writer.close();
    await Promise.all(this.#readers.map((thread) => thread.close()));
  }
}

function leastBusy(threads: readonly SqliteThread[]): SqliteThread {
  let best = threads[0]!;
  for (const thread of threads) if (thread.load < best.load) best = thread;
  return best;
}

/** One use of the pool by Kysely: statements outside a transaction, or one transaction on the writer. */
class PoolConnection implements DatabaseConnection {
  readonly #pool: SqliteWorkerPool;
  /** Whether it holds the writer for a transaction. */
  #member = false;

  constructor(pool: SqliteWorkerPool) {
    this.#pool = pool;
  }

  get inTransaction(): boolean {
    return this.#member;
  }

  async begin(): Promise<void> {
    await this.#pool.beginOnWriter();
    this.#member = true;
  }

  async commit(): Promise<void> {
    this.#member = false;
    await this.#pool.commitOnWriter();
  }

  /** Takes back its transaction; after a failed commit there is nothing left to (its group rolled back). */
  rollback(): void {
    if (!this.#member) return;
    this.#member = false;
    this.#pool.rollbackOnWriter();
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.inTransaction ? this.#pool.onWriter(query) : this.#pool.run(query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    const { rows } = await this.executeQuery<R>(query);
    for (const row of rows) yield { rows: [row] };
  }
}

/** Kysely's SqliteDriver, with the statements run by a SqliteWorkerPool. */
export class SqliteWorkerDriver implements Driver {
  readonly #pool: SqliteWorkerPool;

  constructor(pool: SqliteWorkerPool) {
    this.#pool = pool;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PoolConnection(this.#pool);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PoolConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PoolConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as PoolConnection).rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await savepointCommand(connection, 'savepoint', name);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await savepointCommand(connection, 'rollback to', name);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await savepointCommand(connection, 'release', name);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction Kysely could neither commit nor roll back must not keep the writer.
    (connection as PoolConnection).rollback();
  }

  async destroy(): Promise<void> {
    await this.#pool.close();
  }
}
