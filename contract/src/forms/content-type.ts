import {
  checkTypeConfig,
  checkUiSchema,
  inputTypeOf,
  predefinedTagValue,
  privateFieldsOf,
} from './ui-schema.ts';
import type { CalendarMapping, InputType, TypeConfig, UiElement, UiSchema } from './ui-schema.ts';
import { createEntryValidator, type EntryValidatorOptions } from './validator.ts';

export type JsonObject = Record<string, unknown>;
/** A JSON Schema of one property, as far as the form engine reads it. */
export type PropertySchema = JsonObject & {
  type?: string | string[];
  enum?: unknown[];
  items?: PropertySchema;
  format?: string;
};
/** The shape of `base.json`, a type's `schema.json` and their merge. */
export type ObjectSchema = JsonObject & {
  type: 'object';
  properties: Record<string, PropertySchema>;
  required?: string[];
};

export type ContentTypeFile = 'schema.json' | 'uischema.json' | 'config.json' | 'base.json';
export type ContentTypeProblem = { file: ContentTypeFile; message: string };
/** The parsed files of one type folder plus the shared base schema. */
export type ContentTypeFiles = {
  name: string;
  base: unknown;
  schema: unknown;
  uiSchema: unknown;
  config: unknown;
};

/** The edit page renders the title itself, so no UI element may claim it. */
export const TITLE_PROPERTY = 'title';
/** A type's name is its folder and a URL segment (`/publish/{cpt}/{id}`, `filters=type:is:{cpt}`). */
export const TYPE_NAME_PATTERN = '^[a-z][a-z0-9-]{0,63}$';
// First path segments the web app already routes under /publish; a type of that name would be unreachable.
const RESERVED_TYPE_NAMES = new Set([
  'admin',
  'create',
  'login',
  'external',
  'components-demo',
  'schema-builder',
]);

const NUMBER_INPUT_TYPES = new Set<InputType>(['number', 'range']);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Lists why a parsed value is not an object schema (`type: object`, `properties` of schemas). */
function objectSchemaProblems(value: unknown): string[] {
  if (!isObject(value)) return ['must be a JSON object'];
  const problems: string[] = [];
  if (value.type !== 'object') problems.push('must have "type": "object"');
  if (!isObject(value.properties)) problems.push('must have "properties" as an object');
  else {
    for (const [name, property] of Object.entries(value.properties)) {
      if (!isObject(property)) problems.push(`property "${name}" must be a schema object`);
    }
  }
  const { required } = value;
  if (required !== undefined && (!Array.isArray(required) || !required.every((r) => typeof r === 'string'))) {
    problems.push('"required" must be an array of property names');
  }
  return problems;
}

function isObjectSchema(value: unknown): value is ObjectSchema {
  return objectSchemaProblems(value).length === 0;
}

const mergeCache = new WeakMap<ObjectSchema, WeakMap<ObjectSchema, ObjectSchema>>();

/**
 * Merges the base schema with a type's schema (properties of both, base winning; required of both);
 * the same two inputs give the same object, so validators compiled for it are reused. Do not mutate it.
 */
export function mergeSchemas(base: ObjectSchema, schema: ObjectSchema): ObjectSchema {
  let byType = mergeCache.get(base);
  if (!byType) mergeCache.set(base, (byType = new WeakMap()));
  const cached = byType.get(schema);
  if (cached) return cached;
  const merged: ObjectSchema = {
    type: 'object',
    properties: {
      ...base.properties,
      ...Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !(name in base.properties))),
    },
    required: [...new Set([...(base.required ?? []), ...(schema.required ?? [])])],
  };
  byType.set(schema, merged);
  return merged;
}

/** The one JSON type of a property (`null` aside), or undefined when it declares none or several. */
function typeOf(property: PropertySchema | undefined): string | undefined {
  const declared = property?.type;
  const types = (Array.isArray(declared) ? declared : [declared]).filter(
    (t) => t !== 'null' && t !== undefined,
  );
  return types.length === 1 ? types[0] : undefined;
}

function describeType(property: PropertySchema): string {
  const type = typeOf(property);
  if (type === 'array') return `array of ${typeOf(property.items) ?? 'untyped items'}`;
  return type ?? 'no single type';
}

/** The property types a widget can edit, as a check and the words for a message. */
function expectedType(element: UiElement): { accepts: (p: PropertySchema) => boolean; words: string } {
  const isString = (p: PropertySchema) => typeOf(p) === 'string';
  const isStringArray = (p: PropertySchema) => typeOf(p) === 'array' && typeOf(p.items) === 'string';
  const string = { accepts: isString, words: 'string' };
  const stringArray = { accepts: isStringArray, words: 'array of string' };
  switch (element.widget) {
    case 'checkbox':
      return { accepts: (p) => typeOf(p) === 'boolean', words: 'boolean' };
    case 'files':
    case 'tags':
    case 'tags-predefined':
      return stringArray;
    case 'select':
      return element.options.multiple ? stringArray : string;
    case 'input':
      return NUMBER_INPUT_TYPES.has(inputTypeOf(element))
        ? { accepts: (p) => typeOf(p) === 'number' || typeOf(p) === 'integer', words: 'number or integer' }
        : string;
    default:
      return string;
  }
}

function sameSetProblem(what: string, offered: string[], allowed: unknown[]): string | undefined {
  const missing = allowed.filter((v) => !offered.includes(v as string));
  const extra = offered.filter((v) => !allowed.includes(v));
  if (missing.length === 0 && extra.length === 0) return undefined;
  const parts = [
    missing.length > 0 ? `lacks ${missing.map((v) => JSON.stringify(v)).join(', ')}` : '',
    extra.length > 0 ? `offers ${extra.map((v) => JSON.stringify(v)).join(', ')} beyond the enum` : '',
  ].filter(Boolean);
  return `${what} must match the property's enum: it ${parts.join(' and ')}`;
}

/** Checks one element against its property: widget and type fit, offered values match the enum. */
function elementProblems(element: UiElement, property: PropertySchema): string[] {
  const at = `element "${element.scope}" (${element.widget}${element.widget === 'input' ? ` ${inputTypeOf(element)}` : ''})`;
  const expected = expectedType(element);
  if (!expected.accepts(property)) {
    return [
      `${at} needs a property of type ${expected.words}, but "${element.scope}" is ${describeType(property)}`,
    ];
  }
  const problems: string[] = [];
  if (element.widget === 'select') {
    const values = element.options.choices.map((c) => c.value);
    const duplicates = values.filter((v, i) => values.indexOf(v) !== i);
    if (duplicates.length > 0)
      problems.push(`${at} repeats choice value ${[...new Set(duplicates)].join(', ')}`);
    const allowed = element.options.multiple ? property.items?.enum : property.enum;
    const mismatch = Array.isArray(allowed) && sameSetProblem(`${at}: the choice values`, values, allowed);
    if (mismatch) problems.push(mismatch);
  }
  if (element.widget === 'tags-predefined') {
    const allowed = property.items?.enum;
    const mismatch =
      Array.isArray(allowed) &&
      sameSetProblem(`${at}: options.tags`, element.options.tags.map(predefinedTagValue), allowed);
    if (mismatch) problems.push(mismatch);
  }
  return problems;
}

/**
 * Checks the files of one entry type against the rules of the form engine; empty when the type is fine.
 * Its validator compiles as `options` say (createEntryValidator).
 */
export function checkContentType(
  { name, base, schema, uiSchema, config }: ContentTypeFiles,
  options: EntryValidatorOptions = {},
): ContentTypeProblem[] {
  const problems: ContentTypeProblem[] = [];
  const report = (file: ContentTypeFile) => (message: string) => problems.push({ file, message });

  if (!new RegExp(TYPE_NAME_PATTERN).test(name)) {
    report('config.json')(
      `type name "${name}" must match ${TYPE_NAME_PATTERN} (it is a folder name and a URL segment)`,
    );
  } else if (RESERVED_TYPE_NAMES.has(name)) {
    report('config.json')(`type name "${name}" is reserved: the web app routes /publish/${name} itself`);
  }
  objectSchemaProblems(base).forEach((m) => report('base.json')(`base schema ${m}`));
  objectSchemaProblems(schema).forEach((m) => report('schema.json')(`schema ${m}`));
  const uiProblems = checkUiSchema(uiSchema);
  uiProblems.forEach((p) =>
    report('uischema.json')(`uiSchema${p.path ? ` at ${p.path}` : ''}: ${p.message}`),
  );
  checkTypeConfig(config).forEach((p) =>
    report('config.json')(`config${p.path ? ` at ${p.path}` : ''}: ${p.message}`),
  );

  if (!isObjectSchema(base) || !isObjectSchema(schema) || !Array.isArray(uiSchema)) return problems;
  for (const property of Object.keys(schema.properties).filter((p) => p in base.properties)) {
    report('schema.json')(
      `property "${property}" is defined by base.json already; a type may not redefine it`,
    );
  }
  const merged = mergeSchemas(base, schema);
  try {
    // Compiles once for the server too (or, with deferCompile, at its first use): the validator is
    // cached by the merged object.
    createEntryValidator(merged, options);
  } catch (error) {
    report('schema.json')(
      `schema does not compile: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // base.json serves every type, so what it requires must be its own property.
  for (const [file, own, known] of [
    ['base.json', base, base.properties],
    ['schema.json', schema, merged.properties],
  ] as const) {
    for (const name of (own.required ?? []).filter((r) => !(r in known))) {
      report(file)(`"required" names "${name}", which is not a property`);
    }
  }
  // Elements that broke the format are reported above; coverage still counts every element with a scope.
  const scopes = uiSchema.flatMap((e: unknown) =>
    isObject(e) && typeof e.scope === 'string' ? [e.scope] : [],
  );
  for (const scope of new Set(scopes)) {
    const count = scopes.filter((s) => s === scope).length;
    if (count > 1)
      report('uischema.json')(`scope "${scope}" has ${count} elements; each property needs exactly one`);
    if (scope === TITLE_PROPERTY) {
      report('uischema.json')(
        `scope "${TITLE_PROPERTY}" must have no element: the edit page renders the title itself`,
      );
    } else if (!(scope in merged.properties)) {
      report('uischema.json')(`scope "${scope}" is not a property of the schema (base.json + schema.json)`);
    }
  }
  for (const property of Object.keys(merged.properties)) {
    if (property !== TITLE_PROPERTY && !scopes.includes(property)) {
      report('uischema.json')(`property "${property}" has no element in the uiSchema`);
    }
  }
  const elements = uiProblems.length === 0 ? (uiSchema as UiSchema) : [];
  for (const element of elements) {
    const property = merged.properties[element.scope];
    if (property && element.scope !== TITLE_PROPERTY)
      elementProblems(element, property).forEach(report('uischema.json'));
  }
  const calendar = problems.some((p) => p.file === 'config.json')
    ? undefined
    : (config as TypeConfig).calendar;
  if (calendar) calendarProblems(calendar, merged, privateFieldsOf(uiSchema)).forEach(report('config.json'));
  return problems;
}

/** The date formats a calendar's start and end may have: a moment, or a whole day. */
export const CALENDAR_DATE_FORMATS = ['date-time', 'date'] as const;

/** Checks a type's calendar mapping against its merged schema: each field fits its role and is public. */
function calendarProblems(
  mapping: CalendarMapping,
  merged: ObjectSchema,
  privateFields: Set<string>,
): string[] {
  const problems: string[] = [];
  for (const [role, field] of Object.entries(mapping) as [keyof CalendarMapping, string][]) {
    const at = `calendar.${role} "${field}"`;
    const property = merged.properties[field];
    if (!property) {
      problems.push(`${at} is not a property of the schema (base.json + schema.json)`);
      continue;
    }
    // The calendar feed is public: a private field would reach every reader through it.
    if (privateFields.has(field)) problems.push(`${at} is private; the calendar feed is public`);
    if (typeOf(property) !== 'string') {
      problems.push(`${at} must be a string property, but is ${describeType(property)}`);
    } else if (role === 'start' || role === 'end') {
      if (!(CALENDAR_DATE_FORMATS as readonly unknown[]).includes(property.format)) {
        problems.push(`${at} must have format "date-time" or "date"`);
      }
    } else if (role === 'url' && property.format !== 'uri') {
      problems.push(`${at} must have format "uri"`);
    }
  }
  return problems;
}

export type CoverageError =
  'ui-invalid-json' | 'ui-not-array' | 'schema-invalid-json' | 'schema-not-object' | 'properties-differ';
export type CoverageResult =
  | { ok: true; uiSchema: unknown[]; schema: JsonObject }
  | { ok: false; error: CoverageError; details?: { onlyInUi: string[]; onlyInSchema: string[] } };

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The schema builder's check (spec section 5): the UI schema is JSON and an array, the JSON schema is
 * JSON and an object, and both cover the same properties (`title` aside, as the edit page renders it).
 */
export function compareCoverage(uiSchemaText: string, jsonSchemaText: string): CoverageResult {
  const ui = parseJson(uiSchemaText);
  if (!ui.ok) return { ok: false, error: 'ui-invalid-json' };
  if (!Array.isArray(ui.value)) return { ok: false, error: 'ui-not-array' };
  const schema = parseJson(jsonSchemaText);
  if (!schema.ok) return { ok: false, error: 'schema-invalid-json' };
  if (!isObject(schema.value)) return { ok: false, error: 'schema-not-object' };

  const uiSchema: unknown[] = ui.value;
  const scopes = new Set(
    uiSchema.flatMap((e) => (isObject(e) && typeof e.scope === 'string' ? [e.scope] : [])),
  );
  const properties = new Set(
    Object.keys(isObject(schema.value.properties) ? schema.value.properties : {}).filter(
      (p) => p !== TITLE_PROPERTY,
    ),
  );
  const onlyInUi = [...scopes].filter((s) => !properties.has(s));
  const onlyInSchema = [...properties].filter((p) => !scopes.has(p));
  if (onlyInUi.length > 0 || onlyInSchema.length > 0) {
    return { ok: false, error: 'properties-differ', details: { onlyInUi, onlyInSchema } };
  }
  return { ok: true, uiSchema, schema: schema.value };
}
