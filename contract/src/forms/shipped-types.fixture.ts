// Test-only: reads the shipped content-types from disk, so it stays out of index.ts and the browser build.
import { readFileSync, readdirSync } from 'node:fs';
import type { ContentTypeFiles, ObjectSchema } from './content-type.ts';

const root = new URL('../../../content-types/', import.meta.url);
/** Every type folder in content-types/, so a type added later is checked without touching the tests. */
export const SHIPPED_TYPES = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Parses one JSON file below content-types/. */
export function readContentTypeFile(path: string): unknown {
  return JSON.parse(readFileSync(new URL(path, root), 'utf8')) as unknown;
}

/** The parsed files of a shipped type, ready for checkContentType. */
export function loadShippedType(
  name: string,
): ContentTypeFiles & { base: ObjectSchema; schema: ObjectSchema } {
  return {
    name,
    base: readContentTypeFile('base.json') as ObjectSchema,
    schema: readContentTypeFile(`${name}/schema.json`) as ObjectSchema,
    uiSchema: readContentTypeFile(`${name}/uischema.json`),
    config: readContentTypeFile(`${name}/config.json`),
  };
}
