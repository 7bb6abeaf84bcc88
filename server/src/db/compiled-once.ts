// Building a Kysely query and compiling it to SQL took about a tenth of a hot request's time, the
// same work for the same SQL on every call. A query of a fixed shape is built and compiled here once
// per dialect, with stand-ins for its parameters; each call swaps its values in and runs the SQL.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './types.ts';
import { dialectOf, runnerAtOnceOf } from './database.ts';

type Db = Kysely<Database>;

/** A stand-in for parameter `index`: a string no caller sends, recognised among the compiled parameters. */
const STAND_IN = '\u0000einwurf-parameter-';
const standIn = (index: number) => `${STAND_IN}${index}`;
const standInIndex = (value: unknown) =>
  typeof value === 'string' && value.startsWith(STAND_IN) ? Number(value.slice(STAND_IN.length)) : -1;

type Compiled = {
  readonly template: CompiledQuery;
  /** For each compiled parameter: the index of the call's value, or -1 for a constant of the shape. */
  readonly slots: readonly number[];
};

function compile(query: Compilable<unknown>): Compiled {
  const template = query.compile();
  const slots = template.parameters.map(standInIndex);
  // A shape may leave a parameter out (a filter it does not have), but none may end up in the text.
  if (template.sql.includes(STAND_IN)) throw new Error('a parameter was written into the SQL text');
  return { template, slots };
}

/**
 * A query compiled once per dialect and shape. `build` gets the shape (what changes the SQL text:
 * which filters, which order) and stand-ins for the parameters (values bound to the statement), so it
 * must pass each parameter through to Kysely as a value, never compute with it or decide by it (a
 * shape may leave some out); `shapeKey` names a
 * shape (the default: there is one). Runs on the database or transaction given at each call.
 */
export function compiledOnce<S, P extends readonly unknown[], R>(
  build: (db: Db, shape: S, ...params: P) => Compilable<R>,
  shapeKey: (shape: S) => string = () => '',
): (db: Db, shape: S, ...params: P) => Promise<R[]> {
  const compiled = new Map<string, Compiled>();
  return async (db, shape, ...params) => {
    const key = `${dialectOf(db)}\n${shapeKey(shape)}`;
    let query = compiled.get(key);
    if (query === undefined) {
      const standIns = params.map((_, index) => standIn(index)) as unknown as P;
      query = compile(build(db, shape, ...standIns));
      compiled.set(key, query);
    }
    const { template, slots } = query;
    const parameters = slots.map((slot, i) => (slot < 0 ? template.parameters[i] : params[slot]));
    // The query id is the template's; Kysely's plugins key their state by it, and none is used.
    const compiledQuery = { ...template, parameters };
    const result = runnerAtOnceOf(db)?.(compiledQuery) ?? (await db.executeQuery<R>(compiledQuery));
    return result.rows as R[];
  };
}
