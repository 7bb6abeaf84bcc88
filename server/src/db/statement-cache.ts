// Kysely's SQLite driver prepares every statement anew, and preparing took a tenth of a request's
// time. The connection handed to Kysely here keeps prepared statements by their SQL text, and reads
// rows as arrays that become objects here: better-sqlite3 builds each row's object through V8's API,
// about 2 µs a row of eight columns, of which an object made in JavaScript takes a tenth.
import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery, SqliteDatabase as KyselySqliteDatabase, QueryResult } from 'kysely';
import { LRUCache } from 'lru-cache';
import { connectionWrites, noteWrite } from './write-version.ts';

/** Distinct statements kept; queries with lists of varying length make new texts, so it is bounded. */
const MAX_STATEMENTS = 500;
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/** What callers use of a statement: Kysely's driver, the worker pool's writer and readers. */
export type CachedStatement = {
  readonly reader: boolean;
  readonly readonly: boolean;
  /** Whether it is being iterated (a fresh statement serves meanwhile). */
  readonly busy: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SqliteDatabase.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
};

export type CachingSqliteDatabase = Omit<KyselySqliteDatabase, 'prepare'> & {
  prepare(text: string): CachedStatement;
  /** Forgets every kept statement (after migrations); answers how many there were. */
  clear(): number;
  /** How many statements it keeps. */
  size(): number;
};

const SELECT = /^\s*(select|with)\b/i;

/**
 * Reads outside a transaction share one read transaction until the event loop turns: in WAL mode
 * every transaction of its own takes and drops a read lock on the shared-memory index (two `fcntl`
 * calls, about 8 µs of a 10 µs lookup here), so the selects of the requests answered in one turn
 * take the lock once. Any other statement (a write, `begin`, a pragma, a schema change) ends the
 * shared read first, so writes run as before and the next read sees them. So does a statement of
 * another connection of this process (a command run in-process, a test's own connection); another
 * process's commit is seen from the next turn on.
 */
function readEpochs(database: SqliteDatabase.Database) {
  const begin = database.prepare('begin');
  const commit = database.prepare('commit');
  let open = false;
  let openedAt = 0;
  const end = () => {
    if (!open) return;
    open = false;
    if (database.inTransaction) commit.run();
  };
  const other = () => {
    end();
    otherStatements += 1;
  };
  return {
    /**
     * Called before any statement but a select is prepared and run: it ends the shared read first
     * (SQLite decides some pragmas as it prepares them: `foreign_keys` inside a transaction is
     * prepared as a no-op).
     */
    beforeOther: other,
    /** Called before a select runs: joins or opens the shared read, unless it writes (a `with … insert`). */
    beforeSelect(readonly: boolean): void {
      if (!readonly) return other();
      if (open && openedAt !== otherStatements) end();
      if (!open && !database.inTransaction) {
        begin.run();
        open = true;
        openedAt = otherStatements;
        setImmediate(end);
      }
    },
    end,
  };
}

/** Runs a compiled query on a caching connection, as Kysely's SQLite driver runs one. */
export function runQuery(database: CachingSqliteDatabase, query: CompiledQuery): QueryResult<never> {
  const statement = database.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) as never[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** Statements other than selects run on any connection of this process: a shared read older than one ends. */
let otherStatements = 0;

/**
 * Whether a statement may expand a `*` into a table's columns (`select *`, `"e".*`, `returning *`):
 * the names of such a statement's columns follow the schema, which another connection may change
 * (SQLite then prepares the statement again). Any `*` but `count(*)`'s counts as one.
 */
const expandsColumns = (text: string) => text.replace(/\(\s*\*\s*\)/g, '()').includes('*');

/**
 * A statement whose rows are read as arrays and made into objects with its column names, which
 * its text fixes unless it expands a `*` (that one keeps better-sqlite3's objects). A name that comes
 * twice keeps its last value, as better-sqlite3's objects do.
 */
function withRows(statement: SqliteDatabase.Statement): CachedStatement {
  if (!statement.reader || expandsColumns(statement.source)) return statement;
  const names = statement.columns().map((column) => column.name);
  statement.raw(true);
  const toObject = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i += 1) row[names[i]!] = values[i];
    return row;
  };
  return {
    reader: true,
    get readonly() {
      return statement.readonly;
    },
    get busy() {
      return statement.busy;
    },
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters)) yield toObject(values as unknown[]);
    },
  };
}

/**
 * Wraps a better-sqlite3 connection for Kysely's SqliteDialect so a statement is prepared once per
 * text. SQLite itself prepares a statement again when another connection changed the schema; a
 * schema change on this connection empties the cache besides, so nothing prepared before a
 * migration outlives it. A statement still being iterated is busy: a fresh one serves meanwhile.
 * With `sharedReads`, reads outside a transaction share one per event-loop turn (`readEpochs`).
 */
export function cacheStatements(
  database: SqliteDatabase.Database,
  { sharedReads = false, onClose }: { sharedReads?: boolean; onClose?: () => void } = {},
): CachingSqliteDatabase {
  const statements = new LRUCache<string, CachedStatement>({ max: MAX_STATEMENTS });
  const epochs = sharedReads ? readEpochs(database) : undefined;
  const clear = () => {
    const size = statements.size;
    statements.clear();
    return size;
  };
  const prepared = (text: string) => {
    const cached = statements.get(text);
    if (cached !== undefined && !cached.busy) return cached;
    if (SCHEMA_CHANGE.test(text)) {
      clear();
      return withRows(database.prepare(text));
    }
    const statement = withRows(database.prepare(text));
    if (cached === undefined) statements.set(text, statement);
    return statement;
  };
  const writes = connectionWrites();
  const mayWrite = (text: string) => {
    if (writes(text)) noteWrite();
  };
  return {
    close: () => {
      onClose?.();
      epochs?.end();
      clear();
      database.close();
    },
    prepare: (text: string) => {
      const select = SELECT.test(text);
      if (!select) {
        epochs?.beforeOther();
        mayWrite(text);
      }
      const statement = prepared(text);
      if (select) {
        if (!statement.readonly) mayWrite(text);
        epochs?.beforeSelect(statement.readonly);
      }
      return statement;
    },
    clear,
    size: () => statements.size,
  };
}

// Kysely keeps its dialect's connection to itself; the migrations find the cache by the instance.
const caches = new WeakMap<object, { clear(): number }>();

/** Makes `clearStatementCache(db)` find the cache (SQLite's, or PostgreSQL's prepared statements) behind a Kysely instance. */
export function registerStatementCache(db: object, cache: { clear(): number }): void {
  caches.set(db, cache);
}

/** Empties the statement cache behind `db`; false when it has none (a test's own Kysely). */
export function clearStatementCache(db: object): boolean {
  const cache = caches.get(db);
  if (cache === undefined) return false;
  cache.clear();
  return true;
}
