// pg sends every query unnamed, so PostgreSQL parses and plans it anew each time. Here a pool's
// clients give each query a name derived from its text: PostgreSQL prepares it once per connection
// and each later run only binds and executes it.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { connectionWrites, noteWrite, TRANSACTION_END, TRANSACTION_START } from './write-version.ts';

/** Distinct statements a connection keeps; past that, it forgets them all and starts again. */
export const MAX_PREPARED_PER_CONNECTION = 200;
/** Only single statements reading or writing rows are named; DDL, transactions and SETs never. */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;
const SCHEMA_CHANGE = /^\s*(create|alter|drop|comment|truncate)\b/i;
/**
 * A statement that reads only: a select (one that locks rows too), or a `with` whose text names no
 * change of rows; tested on the text without its locking clauses (`for update`, `for no key update`).
 */
const READ_ONLY = /^\s*(select|with)\b(?![\s\S]*\b(insert|update|delete|merge)\b)/i;
const LOCKING_CLAUSE = /\bfor\s+(no\s+key\s+)?update\b/gi;
/** PostgreSQL's "cached plan must not change result type" after another process changed the schema. */
const CACHED_PLAN_CHANGED = '0A000';

export type PreparedStatements = {
  /** Makes every connection forget its statements before its next query (after migrations). */
  clear(): number;
};

type ClientState = { names: Set<string>; generation: number; inTransaction: boolean };
type Connection = { parsedStatements: Record<string, string> };
type QueryFunction = (...args: unknown[]) => unknown;
/** pg's Query as a client submits it: the statement's name and the callback it answers. */
type NamedQuery = pg.Query & { name: string; callback: (error: Error | null, result: unknown) => void };

const TEXTS_KEPT = 2_000;

/** `compute` kept by query text: texts are of a few hundred shapes; should they ever be more, all are made anew. */
function byText<T>(compute: (text: string) => T): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    let value = kept.get(text);
    if (value === undefined) {
      value = compute(text);
      if (kept.size >= TEXTS_KEPT) kept.clear();
      kept.set(text, value);
    }
    return value;
  };
}

/** A statement's name (hashing a query's text took 2 % of a read's time, hence kept). */
const nameOf = byText((text) => `s${createHash('sha1').update(text).digest('hex').slice(0, 24)}`);
/** Whether a text reads only (a `with`'s is searched to its end). */
const isReadOnly = byText((text) => READ_ONLY.test(text.replace(LOCKING_CLAUSE, '')));

/**
 * Names the queries of every client `pool` connects: a statement is prepared once per connection
 * and text. A connection keeps at most MAX_PREPARED_PER_CONNECTION. A schema change (`clear()`
 * after migrating, or DDL through the pool) makes every connection deallocate its statements
 * before its next named query, so none runs a plan of the schema before; a query that still meets
 * a changed result type (a migration by another process) makes its connection forget them too,
 * and is tried once more when it was not in a transaction. `Query` is pg's (the module's export).
 */
export function prepareStatements(pool: pg.Pool, Query: typeof pg.Query): PreparedStatements {
  let generation = 0;
  let prepared = 0;
  const states = new WeakMap<pg.PoolClient, ClientState>();
  pool.on('remove', (client) => {
    prepared -= states.get(client)?.names.size ?? 0;
  });
  pool.on('connect', (client) => {
    const state: ClientState = { names: new Set(), generation, inTransaction: false };
    states.set(client, state);
    const writes = connectionWrites();
    const query = client.query.bind(client) as QueryFunction;
    const connection = (client as unknown as { connection: Connection }).connection;
    const forget = async () => {
      if (state.names.size > 0) {
        await query('deallocate all');
        prepared -= state.names.size;
        state.names.clear();
        connection.parsedStatements = {};
      }
      state.generation = generation;
    };
    const named = async (text: string, values: unknown[]) => {
      if (state.generation !== generation || state.names.size >= MAX_PREPARED_PER_CONNECTION) {
        await forget();
      }
      const name = nameOf(text);
      if (!state.names.has(name)) {
        state.names.add(name);
        prepared += 1;
      }
      // pg copies a query given as an object, property descriptor by property descriptor (5 µs, a
      // fiftieth of a read); a Query made from the text alone and named after is taken as it is.
      const submitted = new Query(text, values) as NamedQuery;
      submitted.name = name;
      return new Promise((resolve, reject) => {
        submitted.callback = (error, result) => (error ? reject(error) : resolve(result));
        query(submitted);
      });
    };
    const dispatch = (...args: unknown[]): unknown => {
      const [text, values] = args;
      if (typeof text !== 'string' || (values !== undefined && !Array.isArray(values))) return query(...args);
      if (TRANSACTION_START.test(text)) state.inTransaction = true;
      else if (TRANSACTION_END.test(text)) state.inTransaction = false;
      if (SCHEMA_CHANGE.test(text)) generation += 1;
      if (!NAMEABLE.test(text) || text.includes(';') || args.length > 2) return query(...args);
      const inTransaction = state.inTransaction;
      return named(text, values ?? []).catch(async (error: unknown) => {
        if ((error as { code?: unknown }).code !== CACHED_PLAN_CHANGED) throw error;
        // In a transaction the connection can do nothing but roll back: it forgets before its next query.
        state.generation = -1;
        if (inTransaction) throw error;
        return named(text, values ?? []);
      });
    };
    // A write counts once its answer arrived (db/write-version.ts): a commit is visible by then.
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const answer = dispatch(...args);
      if (!(answer instanceof Promise)) return answer;
      const [first] = args as [string | { text?: string } | undefined];
      const text = (typeof first === 'string' ? first : first?.text) ?? '';
      return isReadOnly(text) || !writes(text) ? answer : answer.finally(noteWrite);
    };
  });
  return {
    clear: () => {
      generation += 1;
      return prepared;
    },
  };
}
