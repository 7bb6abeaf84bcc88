import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
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
import { VERSION } from '../../version.ts';

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

/** The file in the data folder that marks the content types the last start checked in full. */
export const CONTENT_TYPES_CHECKED_MARK = 'content-types.checked';

/** How loadContentTypes may spare a check it has made before. */
export type LoadOptions = {
  /**
   * A file (in the data folder) holding the digest of the last files that passed every check, and of
   * the product version that checked them. When it matches, the schemas are not checked against JSON
   * Schema's meta-schema once more (its own compilation took ~80 ms of the start) and each type's
   * validator compiles at its first use rather than at the start (~45 ms: the Ajv instance and two
   * compiles); the form engine's rules still run. Written after a load that passed; an unreadable or
   * unwritable file means the full check.
   */
  checkedMark?: string;
};

type TypeFiles = { name: string; folder: string; schema: unknown; uischema: unknown; config: unknown };

/**
 * The digest of what the full check reads: base.json and each type's files, as parsed, and the version
 * of the product that checks them (a new release may compile or check otherwise).
 */
export function contentTypesDigest(
  base: unknown,
  files: readonly Omit<TypeFiles, 'folder'>[],
  version = VERSION,
): string {
  const hash = createHash('sha256');
  hash.update(`${version}\n${JSON.stringify(base)}`);
  for (const { name, schema, uischema, config } of files) {
    hash.update(`\n${name}\n${JSON.stringify([schema, uischema, config])}`);
  }
  return hash.digest('hex');
}

async function readMark(file: string | undefined): Promise<string | undefined> {
  if (file === undefined) return undefined;
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    return undefined;
  }
}

/** Writes the mark whole (a reader never sees half of it); a data folder that refuses is no error. */
async function writeMark(file: string, digest: string): Promise<void> {
  const partial = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(partial, digest + '\n');
    await rename(partial, file);
  } catch {
    // The next start checks in full again.
  }
}

/** Reads base.json and every type folder; any missing or malformed file throws naming it. */
export async function loadContentTypes(
  dir: string,
  { checkedMark }: LoadOptions = {},
): Promise<ContentTypes> {
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
  const files: TypeFiles[] = [];
  for (const name of folders) {
    const folder = path.join(dir, name);
    if (!TYPE_NAME.test(name))
      throw new ContentTypeError(folder, 'folder name must be lower-case letters, digits, -');
    const [schema, uischema, config] = await Promise.all(
      ['schema.json', 'uischema.json', 'config.json'].map((file) => readJson(path.join(folder, file))),
    );
    files.push({ name, folder, schema, uischema, config });
  }
  const digest = contentTypesDigest(base, files);
  const checkedBefore = (await readMark(checkedMark)) === digest;
  const types = new Map<string, ContentType>();
  // The types' validators compile in one Ajv instance: making one costs ~10 ms and memory, a compile in
  // it ~1 ms once warm. What it keeps lives as long as the types (the process); one per load, so apps
  // made one after another (tests) free theirs with their types. Made at the first compile: with the
  // mark, that is the first entry validated, not the start.
  let shared: ReturnType<typeof createAjv> | undefined;
  const ajv = () => (shared ??= createAjv(checkedBefore ? { validateSchema: false } : {}));
  for (const { name, folder, schema, uischema, config } of files) {
    const schemaFile = path.join(folder, 'schema.json');
    const uischemaFile = path.join(folder, 'uischema.json');
    const configFile = path.join(folder, 'config.json');
    assertSchema(schemaFile, schema);
    if (!Array.isArray(uischema)) throw new ContentTypeError(uischemaFile, 'must be an array');
    if (!isObject(config)) throw new ContentTypeError(configFile, 'must be an object');
    // The form engine's own rules (widgets fit their properties, every property has an element…).
    // Files that compiled before (the mark) compile at their first entry, not at the start.
    const problems = checkContentType(
      { name, base, schema, uiSchema: uischema, config },
      { ajv, deferCompile: checkedBefore },
    );
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
  if (checkedMark !== undefined && !checkedBefore) await writeMark(checkedMark, digest);
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
