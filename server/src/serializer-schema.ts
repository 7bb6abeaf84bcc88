// fast-json-stringify writes `anyOf` by trying each branch with Ajv: the validator is compiled at the
// route's first answer and run for every value, though for "a string or null" (TypeBox's
// `Type.Union([Type.String(), Type.Null()])`) the value's own type decides. The response schemas are
// therefore handed to the serializer with such pairs written as a type list (`type: ['string',
// 'null']`), which it writes without a validator: the same JSON, about half the time for a list page.
// The routes' schemas themselves (validation, the OpenAPI document, the types) are unchanged.

type Schema = Record<string, unknown>;

/** Keywords whose value is a map of schemas, a list of schemas, or one schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMAS = new Set([
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);
/** Types whose values fast-json-stringify can tell from null by looking at them. */
const PLAIN_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNull = (schema: unknown) =>
  isSchema(schema) && schema['type'] === 'null' && Object.keys(schema).length === 1;

/** The branch that is not null, as a schema with a type list; undefined when the pair is not plain. */
function withNull(branch: unknown): Schema | undefined {
  if (!isSchema(branch)) return undefined;
  if (['anyOf', 'oneOf', 'allOf', '$ref', 'const'].some((keyword) => keyword in branch)) return undefined;
  const type = branch['type'];
  if (typeof type === 'string' && PLAIN_TYPES.has(type)) return { ...branch, type: [type, 'null'] };
  // TypeBox's Type.Enum of strings: an enum without a type.
  const values = branch['enum'];
  if (type === undefined && Array.isArray(values) && values.every((value) => typeof value === 'string')) {
    return { ...branch, type: ['string', 'null'], enum: [...values, null] };
  }
  return undefined;
}

const rewritten = new WeakMap<object, unknown>();

/**
 * The schema with every `anyOf` of one plain type (or an enum of strings) and null written as a type
 * list, at any depth; the same object when nothing changes. Schemas are shared by many routes, so
 * each is rewritten once.
 */
export function withPlainNullables<T>(schema: T): T {
  if (!isSchema(schema)) return schema;
  const done = rewritten.get(schema);
  if (done !== undefined) return done as T;
  let changed = false;
  const out: Schema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    let next = value;
    if (SCHEMA_MAPS.has(keyword) && isSchema(value)) {
      const entries = Object.entries(value).map(([name, sub]) => [name, withPlainNullables(sub)] as const);
      if (entries.some(([name, sub]) => sub !== value[name])) next = Object.fromEntries(entries);
    } else if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) {
      const list = value.map((sub) => withPlainNullables(sub));
      if (list.some((sub, i) => sub !== value[i])) next = list;
    } else if (SCHEMAS.has(keyword)) {
      next = withPlainNullables(value);
    }
    if (next !== value) changed = true;
    out[keyword] = next;
  }
  const pair = out['anyOf'];
  if (Array.isArray(pair) && pair.length === 2 && pair.some(isNull)) {
    const plain = withNull(pair.find((branch) => !isNull(branch)));
    if (plain !== undefined) {
      const { anyOf: _pair, ...annotations } = out;
      const result = { ...plain, ...annotations };
      rewritten.set(schema, result);
      return result as T;
    }
  }
  const result = changed ? out : schema;
  rewritten.set(schema, result);
  return result as T;
}
