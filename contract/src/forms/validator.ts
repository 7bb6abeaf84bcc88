import Ajv2020 from 'ajv/dist/2020.js';
import type { Options, ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { entryValidatorFrom, relaxForDraft, type EntryValidator } from './entry-validation.ts';

export * from './entry-validation.ts';

/** The options every entry validator compiles with, at run time and for standalone code alike. */
export const AJV_OPTIONS = { allErrors: true, strict: false } as const satisfies Options;

/** A new Ajv 2020-12 instance with formats, set up as every entry validator needs it. */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, ...options });
  addFormats(ajv);
  return ajv;
}

const cache = new WeakMap<object, EntryValidator>();
/** Validators already compiled, by schema object; read-only so only createEntryValidator fills it. */
export const entryValidatorCache: Pick<WeakMap<object, EntryValidator>, 'get' | 'has'> = cache;

/** How createEntryValidator compiles. */
export type EntryValidatorOptions = {
  /**
   * An instance from createAjv to compile in, shared by every schema given it; without, each schema gets
   * an instance of its own (~50 ms to make, where a compile in an existing one takes ~1 ms). Ajv keeps
   * what it compiled for as long as the instance lives, so share one only among schemas that are fixed
   * for that time (the server's types), never among schemas made at each edit (the schema builder).
   */
  ajv?: Ajv2020 | (() => Ajv2020);
  /**
   * Compile at the first validation rather than now. Only for schemas known to compile (the server's
   * types when the same files compiled at an earlier start): a schema that does not compile then
   * throws at its first use instead of here.
   */
  deferCompile?: boolean;
};

/** The schema without its top-level $id; the same object when it has none. */
function withoutId(schema: object): object {
  if (!('$id' in schema)) return schema;
  const { $id: _id, ...rest } = schema as Record<string, unknown>;
  return rest;
}

/**
 * The validator of a merged entry schema, compiled once (strict and draft variants, one Ajv instance)
 * and cached by schema object: pass the same object (mergeSchemas returns one) to reuse it, whatever
 * instance it was compiled in. The strict variant compiles at once (a schema that does not compile
 * throws here) unless `deferCompile` says otherwise; the draft variant, the same schema with less
 * required, at its first use, which keeps it off the server's start.
 * Ajv compiles with `new Function`, so in a browser this needs 'unsafe-eval' unless standalone code is used.
 */
export function createEntryValidator(
  schema: object,
  { ajv: given, deferCompile = false }: EntryValidatorOptions = {},
): EntryValidator {
  const cached = cache.get(schema);
  if (cached) return cached;
  let own: Ajv2020 | undefined;
  const ajv = () => (typeof given === 'function' ? given() : (given ?? (own ??= createAjv())));
  // An Ajv instance refuses a second schema under an $id it holds: the draft variant beside the strict
  // one always, and in a shared instance any other schema of the same $id, so there both compile without.
  const compileStrict = () => ajv().compile(given ? withoutId(schema) : schema);
  let strict = deferCompile ? undefined : compileStrict();
  let draft: ValidateFunction | undefined;
  const validator = entryValidatorFrom({
    get strict() {
      return (strict ??= compileStrict());
    },
    get draft() {
      return (draft ??= ajv().compile(withoutId(relaxForDraft(schema) as object)));
    },
  });
  cache.set(schema, validator);
  return validator;
}
