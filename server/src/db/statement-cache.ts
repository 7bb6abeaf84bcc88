// Kysely's SQLite driver prepares every statement anew, and preparing took a tenth of a request's
// time. The connection handed to Kysely here keeps prepared statements by their SQL text.
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct statements kept; queries with lists of varying length make new texts, so it is bounded. */
const MAX_STATEMENTS = 500;
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

export type CachingSqliteDatabase = KyselySqliteDatabase & {
  /** Forgets every kept statement (after migrations); answers how many there were. */
  clear(): number;
  /** How many statements it keeps. */
  size(): number;
};

/**
 * Wraps a better-sqlite3 connection for Kysely's SqliteDialect so a statement is prepared once per
 * text. SQLite itself prepares a statement again when another connection changed the schema; a
 * schema change on this connection empties the cache besides, so nothing prepared before a
 * migration outlives it. A statement still being iterated is busy: a fresh one serves meanwhile.
 */
export function cacheStatements(database: SqliteDatabase.Database): CachingSqliteDatabase {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: MAX_STATEMENTS });
  const clear = () => {
    const size = statements.size;
    statements.clear();
    return size;
  };
  return {
    close: () => {
      clear();
      database.close();
    },
    prepare: (text: string) => {
      const cached = statements.get(text);
      if (cached !== undefined && !cached.busy) return cached;
      if (SCHEMA_CHANGE.test(text)) {
        clear();
        return database.prepare(text);
      }
      const statement = database.prepare(text);
      if (cached === undefined) statements.set(text, statement);
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
