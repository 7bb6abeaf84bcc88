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

/**
 * The validator of a merged entry schema, compiled once (strict and draft variants, one Ajv instance)
 * and cached by schema object: pass the same object (mergeSchemas returns one) to reuse it. The strict
 * variant compiles at once (a schema that does not compile throws here); the draft variant, the same
 * schema with less required, at its first use, which keeps it off the server's start.
 * Ajv compiles with `new Function`, so in a browser this needs 'unsafe-eval' unless standalone code is used.
 */
export function createEntryValidator(schema: object): EntryValidator {
  const cached = cache.get(schema);
  if (cached) return cached;
  const ajv = createAjv();
  const strict = ajv.compile(schema);
  let draft: ValidateFunction | undefined;
  const validator = entryValidatorFrom({
    strict,
    get draft() {
      // Both variants live in one Ajv instance, which refuses a second schema under the same $id.
      const { $id: _id, ...relaxed } = relaxForDraft(schema) as Record<string, unknown>;
      return (draft ??= ajv.compile(relaxed));
    },
  });
  cache.set(schema, validator);
  return validator;
}
