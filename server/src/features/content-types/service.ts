import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  checkContentType,
  createAjv,
  LOCALES,
  mergeSchemas,
  TYPE_NAME_PATTERN,
  type ApiRoot,
  type EntryTypeSummary,
  type LocalizedText,
  type ObjectSchema,
} from '@einwurf/contract';

type JsonObject = Record<string, unknown>;

/** One entry type as loaded from its folder. */
export type ContentType = {
  name: string;
  title: LocalizedText;
  description: LocalizedText;
  /** The type's own schema merged with base.json (the contract's merge, shared with the web app). */
  schema: ObjectSchema;
  uischema: unknown[];
  config: JsonObject;
};

export type ContentTypes = {
  base: ObjectSchema;
  types: ReadonlyMap<string, ContentType>;
};

export class ContentTypeError extends Error {
  constructor(file: string, reason: string) {
    super(`content type file ${file}: ${reason}`);
    this.name = 'ContentTypeError';
  }
}

const TYPE_NAME = new RegExp(TYPE_NAME_PATTERN);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ContentTypeError(
      file,
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : String(error),
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ContentTypeError(file, `not valid JSON (${(error as Error).message})`);
  }
}

function assertSchema(file: string, value: unknown): asserts value is ObjectSchema {
  if (!isObject(value) || !isObject(value['properties'])) {
    throw new ContentTypeError(file, 'must be a JSON Schema object with "properties"');
  }
  if (value['required'] !== undefined && !Array.isArray(value['required'])) {
    throw new ContentTypeError(file, '"required" must be an array');
  }
}

function localized(file: string, value: unknown, key: string): LocalizedText {
  if (!isObject(value) || LOCALES.some((l) => typeof value[l] !== 'string')) {
    throw new ContentTypeError(file, `"${key}" needs a text for each of ${LOCALES.join(', ')}`);
  }
  return Object.fromEntries(LOCALES.map((l) => [l, value[l]])) as LocalizedText;
}

/** Reads base.json and every type folder; any missing or malformed file throws naming it. */
export async function loadContentTypes(dir: string): Promise<ContentTypes> {
  const baseFile = path.join(dir, 'base.json');
  const base = await readJson(baseFile);
  assertSchema(baseFile, base);
  let folders: string[];
  try {
    folders = (await readdir(dir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch (error) {
    throw new ContentTypeError(dir, String(error));
  }
  const types = new Map<string, ContentType>();
  // The types' validators compile in one Ajv instance: making one costs ~50 ms and memory, a compile in
  // it ~1 ms. What it keeps lives as long as the types (the process); one per load, so apps made one
  // after another (tests) free theirs with their types.
  const ajv = createAjv();
  for (const name of folders) {
    const folder = path.join(dir, name);
    if (!TYPE_NAME.test(name))
      throw new ContentTypeError(folder, 'folder name must be lower-case letters, digits, -');
    const schemaFile = path.join(folder, 'schema.json');
    const uischemaFile = path.join(folder, 'uischema.json');
    const configFile = path.join(folder, 'config.json');
    const [schema, uischema, config] = await Promise.all([
      readJson(schemaFile),
      readJson(uischemaFile),
      readJson(configFile),
    ]);
    assertSchema(schemaFile, schema);
    if (!Array.isArray(uischema)) throw new ContentTypeError(uischemaFile, 'must be an array');
    if (!isObject(config)) throw new ContentTypeError(configFile, 'must be an object');
    // The form engine's own rules (widgets fit their properties, every property has an element…).
    const problems = checkContentType({ name, base, schema, uiSchema: uischema, config }, { ajv });
    const first = problems[0];
    if (first) {
      const file = first.file === 'base.json' ? baseFile : path.join(folder, first.file);
      const here = problems.filter((p) => p.file === first.file).map((p) => p.message);
      const elsewhere = problems.length - here.length;
      const more = elsewhere > 0 ? ` (and ${elsewhere} problem(s) in other files of ${folder})` : '';
      throw new ContentTypeError(file, here.join('; ') + more);
    }
    types.set(name, {
      name,
      title: localized(configFile, config['title'], 'title'),
      description: localized(configFile, config['description'], 'description'),
      schema: mergeSchemas(base, schema),
      uischema,
      config,
    });
  }
  if (types.size === 0) throw new ContentTypeError(dir, 'holds no type folder');
  return { base, types };
}

/** The API root: version and one summary per type. */
export function describeApi(contentTypes: ContentTypes, version: string): ApiRoot {
  const data: EntryTypeSummary[] = [...contentTypes.types.values()].map(({ name, title, description }) => ({
    name,
    title,
    description,
  }));
  return { meta: { version }, data };
}

/** Widgets whose values are file URLs (one, or a list). */
const FILE_WIDGETS = new Set(['image', 'files']);
const fileFieldsCache = new WeakMap<ContentType, ReadonlySet<string>>();

/** The fields of a type whose values are file URLs: those its UI schema shows with a file widget. */
export function fileFieldsOf(type: ContentType): ReadonlySet<string> {
  const cached = fileFieldsCache.get(type);
  if (cached) return cached;
  const fields = new Set(
    type.uischema.flatMap((element) => {
      const { scope, widget } = element as { scope?: unknown; widget?: unknown };
      return typeof scope === 'string' && typeof widget === 'string' && FILE_WIDGETS.has(widget)
        ? [scope]
        : [];
    }),
  );
  fileFieldsCache.set(type, fields);
  return fields;
}
