import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type CompiledQuery,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type MigrationLockOptions,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';
import type pg from 'pg';
import type { DatabaseTarget, DatabaseTimeouts } from '../config.ts';
import { prepareStatements } from './pg-statements.ts';
import { BUSY_TIMEOUT_MS, checkpointOnThread, openSqlite } from './sqlite-connection.ts';
import { SqliteWorkerDriver, SqliteWorkerPool } from './sqlite-pool.ts';
import { GroupCommitSqliteDriver } from './group-commit.ts';
import { cacheStatements, registerStatementCache, type CachingSqliteDatabase } from './statement-cache.ts';
import type { Database } from './types.ts';

const LOCK_WAIT_MS = 60_000;
const STALE_LOCK_MS = 10 * 60_000;

// The migrator hands adapters an untyped Kysely; its lock table is not part of Database.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Kysely's SQLite adapter takes no migration lock, since one process holds one connection. Two
 * instances on one file need one, so it is a row in Kysely's lock table holding the time it was
 * taken (a crashed holder's lock goes stale). better-sqlite3 is synchronous: waiting on SQLite's
 * busy handler would block the thread, so the lock is polled asynchronously with busy_timeout 0.
 * SQLite's DDL is transactional, so each migration run is one transaction.
 */
class LockingSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }

  override async acquireMigrationLock(db: AnyKysely, options: MigrationLockOptions): Promise<void> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    await sql`pragma busy_timeout = 0`.execute(db);
    try {
      for (;;) {
        const now = Date.now();
        try {
          const result = await db
            .updateTable(options.lockTable)
            .set({ is_locked: now })
            .where('id', '=', options.lockRowId)
            .where((eb) => eb.or([eb('is_locked', '=', 0), eb('is_locked', '<', now - STALE_LOCK_MS)]))
            .executeTakeFirst();
          if (result.numUpdatedRows > 0n) return;
        } catch (error) {
          if (!isSqliteBusy(error)) throw error;
        }
        if (Date.now() > deadline) throw new Error('timed out waiting for the migration lock');
        await sleep(20 + Math.random() * 30);
      }
    } finally {
      await sql`pragma busy_timeout = ${sql.lit(BUSY_TIMEOUT_MS)}`.execute(db);
    }
  }

  override async releaseMigrationLock(db: AnyKysely, options: MigrationLockOptions): Promise<void> {
    await db
      .updateTable(options.lockTable)
      .set({ is_locked: 0 })
      .where('id', '=', options.lockRowId)
      .execute();
  }
}

class LockingSqliteDialect extends SqliteDialect {
  /** Kysely's driver, with the commits of transactions that follow one another grouped. */
  readonly driver: GroupCommitSqliteDriver;

  constructor(database: CachingSqliteDatabase) {
    super({ database: database as unknown as SqliteDialectConfig['database'] });
    this.driver = new GroupCommitSqliteDriver(database);
  }

  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }

  override createDriver(): Driver {
    return this.driver;
  }
}

/** SQLite on worker threads (db/sqlite-pool.ts), with the same adapter and compiler. */
class WorkerSqliteDialect implements Dialect {
  readonly #pool: SqliteWorkerPool;

  constructor(pool: SqliteWorkerPool) {
    this.#pool = pool;
  }

  createDriver(): Driver {
    return new SqliteWorkerDriver(this.#pool);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}

// PostgreSQL answers bigint (int8) and numeric counts as strings; every bigint here is an epoch-ms
// timestamp or a count, both far below 2^53.
const pgTypesOf = ({ types }: typeof pg) => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === types.builtins.INT8
      ? (value: string) => Number(value)
      : types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
});

/**
 * The PostgreSQL client, loaded when a PostgreSQL database is opened: a SQLite server never needs it.
 * pg asks at load whether it runs in a Cloudflare Worker: by `navigator.userAgent`, or, where Node has
 * no `navigator` (before Node 21), by making a fetch Response, which loads Node's fetch implementation
 * (about 30 ms of a start). Where `navigator` is missing, one naming Node stands in while pg loads.
 */
function loadPg(): typeof pg {
  const globals = globalThis as { navigator?: unknown };
  const standIn = globals.navigator === undefined;
  if (standIn) globals.navigator = { userAgent: `Node.js/${process.versions.node}` };
  try {
    return createRequire(import.meta.url)('pg') as typeof pg;
  } finally {
    if (standIn) delete globals.navigator;
  }
}

// The server cancels a statement at the query time-out; the client waits a little longer, so the
// server's clean cancel wins whenever the server still answers.
const CLIENT_GRACE_MS = 500;
const KEEPALIVE_DELAY_MS = 10_000;

/** The bounds on every wait of a pg pool: connect (and waiting for a pooled client), statement, idle. */
function boundedPoolConfig(timeouts: DatabaseTimeouts | undefined): pg.PoolConfig {
  if (timeouts === undefined) return {};
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.queryMs,
    query_timeout: timeouts.queryMs + CLIENT_GRACE_MS,
    // A transaction left open by a client that went away holds its locks no longer than this.
    idle_in_transaction_session_timeout: timeouts.queryMs * 2,
    idleTimeoutMillis: timeouts.idleMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
}

/**
 * pg gives up on a query at `query_timeout` but keeps the connection, whose answer may still come
 * (or never will, behind a partition); Kysely hands it back to the pool, where the next query would
 * queue behind the lost one. Ending the client at once makes the pool drop it on release, so the
 * next query opens a fresh connection and the pool heals without a restart.
 */
function dropClientsAfterReadTimeout(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout') {
            client.end().catch(() => {});
            // Behind a black hole the goodbye is never answered; the socket goes now.
            client.connection.stream.destroy();
          }
        });
      }
      return result;
    };
  });
}

// better-sqlite3's options (EINWURF_SQLITE_BINDING), for the connections opened beside the server's.
export { sqliteOptions } from './sqlite-connection.ts';

export type DatabaseOptions = {
  /**
   * SQLite files: worker threads that run the statements off the event loop (one writer, the rest
   * readers); 0 or none runs them on the calling thread. `:memory:` always stays on it.
   */
  readonly sqliteWorkers?: number;
  /**
   * A SQLite file on the calling thread: how long until its checkpoints move to a thread of their
   * own (checkpointOnThread); the server's start passes CHECKPOINT_THREAD_DELAY_MS.
   */
  readonly checkpointThreadDelayMs?: number;
};

/**
 * Opens the database the target names: better-sqlite3 (WAL, foreign keys), on the calling thread
 * or on `sqliteWorkers` threads, or a pg pool, whose every wait is bounded when `timeouts` are given
 * (the app's pool; migrations and the CLI wait as long as their work takes).
 */
export function createDatabase(
  target: DatabaseTarget,
  timeouts?: DatabaseTimeouts,
  { sqliteWorkers = 0, checkpointThreadDelayMs = 0 }: DatabaseOptions = {},
): Kysely<Database> {
  if (target.dialect === 'postgres') {
    const pgModule = loadPg();
    const pool = new pgModule.Pool({
      connectionString: target.url,
      max: 10,
      types: pgTypesOf(pgModule),
      // Statements are prepared once per connection (prepareStatements); after five runs PostgreSQL
      // may keep one generic plan for all parameters, blind to how many rows a word or a state
      // matches: at a million entries a rare word's search took a parallel plan of 100–170 ms instead
      // of 4 ms. Each run is planned for its parameters; parsing is still saved.
      options: '-c plan_cache_mode=force_custom_plan',
      ...boundedPoolConfig(timeouts),
    });
    // An idle client whose connection the server ends (restart, failover, a dropped test database)
    // is emitted as 'error' on the pool; unheard, that event would crash the process. The pool has
    // already discarded the client, and the next query opens a new one.
    pool.on('error', () => {});
    // The same loss while a client is checked out is emitted on the client, where the pool does not
    // listen; the query in flight fails on its own (503), the pool drops the client on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const statements = prepareStatements(pool, pgModule.Query);
    if (timeouts !== undefined) dropClientsAfterReadTimeout(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerStatementCache(db, statements);
    return db;
  }
  if (target.path !== ':memory:') mkdirSync(path.dirname(target.path), { recursive: true });
  if (target.path !== ':memory:' && sqliteWorkers > 0) {
    const pool = new SqliteWorkerPool({ file: target.path, workers: sqliteWorkers });
    const db = new Kysely<Database>({ dialect: new WorkerSqliteDialect(pool) });
    registerStatementCache(db, pool);
    pools.set(db, pool);
    return db;
  }
  const file = target.path !== ':memory:';
  const sqlite = openSqlite(target.path, { writer: file });
  const stopCheckpoints = file
    ? checkpointOnThread(target.path, sqlite, { delayMs: checkpointThreadDelayMs })
    : undefined;
  const cache = cacheStatements(sqlite, { sharedReads: true, onClose: stopCheckpoints });
  const dialect = new LockingSqliteDialect(cache);
  const db = new Kysely<Database>({ dialect });
  registerStatementCache(db, cache);
  runnersAtOnce.set(db, (query) => dialect.driver.runAlone(query));
  return db;
}

type RunAtOnce = (query: CompiledQuery) => QueryResult<unknown> | undefined;
const runnersAtOnce = new WeakMap<object, RunAtOnce>();

/**
 * For a Kysely instance on SQLite on this thread (itself, not one of its transactions): runs a
 * statement at once when the connection is free, answering undefined when it is not. Kysely's own
 * way there (executor, connection provider, driver) costs a few promises a statement.
 */
export function runnerAtOnceOf(db: Kysely<Database>): RunAtOnce | undefined {
  return runnersAtOnce.get(db);
}

const pools = new WeakMap<object, SqliteWorkerPool>();

/** The worker threads behind a Kysely instance that runs SQLite on them. */
export function sqliteWorkerPoolOf(db: Kysely<Database>): SqliteWorkerPool | undefined {
  return pools.get(db);
}

/** The dialect a Kysely instance runs on, for the few queries that differ. */
export function dialectOf(db: Kysely<Database>): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
