import type { ErrorObject } from 'ajv/dist/2020.js';
import type { FieldError } from '../error-codes.ts';

// What runs an entry validator without compiling one (Ajv stays in validator.ts): the browser loads
// validators generated at build time and needs only this.

/** Draft saves check types and formats only; proposing and publishing check the whole schema. */
export type ValidationMode = 'draft' | 'strict';
export type EntryValidator = { validate(data: unknown, mode: ValidationMode): FieldError[] };
/** A compiled Ajv validation function, whether compiled at run time or generated as standalone code. */
export type CompiledValidate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Keywords whose errors carry their own message key `validation.<keyword>`; others get `validation.invalid`. */
export const VALIDATION_KEYWORDS = [
  'required',
  'type',
  'format',
  'enum',
  'const',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'additionalProperties',
] as const;
export type ValidationKeyword = (typeof VALIDATION_KEYWORDS)[number];
export const FALLBACK_VALIDATION_MESSAGE = 'validation.invalid';
/** Every `message` a FieldError from this validator can carry: the web catalogues must translate each. */
export const VALIDATION_MESSAGE_KEYS = [
  ...VALIDATION_KEYWORDS.map((k) => `validation.${k}` as const),
  FALLBACK_VALIDATION_MESSAGE,
] as const;

// Keywords whose value is one subschema, a map of subschemas, or a list of subschemas (JSON Schema 2020-12).
const SUBSCHEMA = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const RELAXED_IN_DRAFT = new Set(['required', 'minLength', 'minItems']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The draft variant of a schema: `required`, `minLength` and `minItems` removed at every depth, so an
 * empty or half-filled draft saves while wrong types, formats, enums and too-long values still fail.
 */
export function relaxForDraft(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const relaxed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (RELAXED_IN_DRAFT.has(key)) continue;
    if (SUBSCHEMA.includes(key)) relaxed[key] = relaxForDraft(value);
    else if (SUBSCHEMA_MAPS.includes(key) && isObject(value)) {
      relaxed[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relaxForDraft(v)]));
    } else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) relaxed[key] = value.map(relaxForDraft);
    else relaxed[key] = value;
  }
  return relaxed;
}

/**
 * Drops the entry's fields that hold an empty string. A form sends '' for a field the author cleared;
 * a cleared optional field is absent, not a bad email, date or URL, and a cleared required field then
 * fails as `required`, the message a person expects. Only top-level fields: entries are flat, one UI
 * element per property; an empty string inside an array (a blank tag) is a value and stays.
 */
export function withoutEmptyFields(data: unknown): unknown {
  if (!isObject(data)) return data;
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== ''));
}

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Turns Ajv's errors into the contract's field errors with stable i18n keys as messages. */
export function toFieldErrors(errors: readonly ErrorObject[]): FieldError[] {
  return errors.map((error) => {
    const path = error.instancePath.slice(1);
    const params: Record<string, unknown> = { ...error.params };
    const child =
      error.keyword === 'required'
        ? params.missingProperty
        : error.keyword === 'additionalProperties'
          ? params.additionalProperty
          : undefined;
    const field = typeof child === 'string' ? [path, escapePointer(child)].filter(Boolean).join('/') : path;
    const known = (VALIDATION_KEYWORDS as readonly string[]).includes(error.keyword);
    return {
      field,
      keyword: error.keyword,
      message: known ? `validation.${error.keyword}` : FALLBACK_VALIDATION_MESSAGE,
      params,
    };
  });
}

/** Wraps a strict and a draft validation function (compiled or standalone) as one entry validator. */
export function entryValidatorFrom(compiled: Record<ValidationMode, CompiledValidate>): EntryValidator {
  return {
    validate(data, mode) {
      const validate = compiled[mode];
      return validate(withoutEmptyFields(data)) ? [] : toFieldErrors(validate.errors ?? []);
    },
  };
}
