import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
// A relative path, not @einwurf/contract: Vite externalizes linked packages when it loads the config,
// and Node 20 cannot import the contract's TypeScript sources itself.
import { createAjv, mergeSchemas, relaxForDraft, type ObjectSchema } from '../../contract/src/index.ts';

const MODULE_ID = 'virtual:entry-validators';
const RESOLVED_ID = `\0${MODULE_ID}`;
const TYPE_PREFIX = `${MODULE_ID}/`;

export type EntryValidatorsOptions = {
  /** The folder of the shipped types; `../content-types` beside the web app by default. */
  contentTypesDir?: string;
};

type Generated = { code: string; imports: string[]; files: string[] };

function readJson(path: string): ObjectSchema {
  return JSON.parse(readFileSync(path, 'utf8')) as ObjectSchema;
}

function listTypes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'schema.json')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Ajv's standalone code loads its runtime helpers and the formats with `require`; a browser bundle
 * wants imports, so each required module becomes a namespace import read back as its CommonJS exports.
 */
export function requiresToImports(code: string): { code: string; imports: string[] } {
  const specifiers: string[] = [];
  const body = code.replace(/require\(("[^"]+")\)/g, (_match, literal: string) => {
    const specifier = JSON.parse(literal) as string;
    if (!specifiers.includes(specifier)) specifiers.push(specifier);
    return `__ajv_${specifiers.indexOf(specifier)}`;
  });
  const header = [
    // Vite's dev server hands a namespace import of CommonJS as { ...exports, default: exports }, the
    // production bundle as the exports themselves; either way this yields the exports.
    'const __ajv_exports = (ns) => (ns.default && ns.default.__esModule ? ns.default : ns);',
    ...specifiers.map((s, i) => `import * as __ajv_ns_${i} from ${JSON.stringify(s)};`),
    ...specifiers.map((_, i) => `const __ajv_${i} = __ajv_exports(__ajv_ns_${i});`),
  ].join('\n');
  return { code: `${header}\n${body.replace(/^"use strict";/, '')}`, imports: specifiers };
}

/** The strict and draft validators of one type as ESM, with no `new Function` left for run time. */
export function generateTypeValidators(contentTypesDir: string, type: string): Generated {
  const basePath = join(contentTypesDir, 'base.json');
  const schemaPath = join(contentTypesDir, type, 'schema.json');
  const merged = mergeSchemas(readJson(basePath), readJson(schemaPath));
  const ajv = createAjv({ code: { source: true, esm: true } });
  // Both variants share one instance, which refuses a second schema under the same $id.
  const { $id: _id, ...draft } = relaxForDraft(merged) as Record<string, unknown>;
  ajv.addSchema(merged, 'strict');
  ajv.addSchema(draft, 'draft');
  const { code, imports } = requiresToImports(standaloneCode(ajv, { strict: 'strict', draft: 'draft' }));
  return { code, imports, files: [basePath, schemaPath] };
}

/**
 * Generates each shipped type's validators at build time, so the browser validates entries without
 * compiling (Ajv compiles with `new Function`, which the app's CSP forbids). Provides
 * `virtual:entry-validators` ({ entryTypes, validatorLoaders }) and one lazily loaded chunk per type.
 */
export function entryValidators(options: EntryValidatorsOptions = {}): Plugin {
  let dir = '';
  const generated = new Map<string, Generated>();
  const generate = (type: string) => {
    let result = generated.get(type);
    if (!result) generated.set(type, (result = generateTypeValidators(dir, type)));
    return result;
  };

  return {
    name: 'einwurf:entry-validators',
    config(config) {
      dir = resolve(config.root ?? process.cwd(), options.contentTypesDir ?? '../content-types');
      // The dev server pre-bundles the CommonJS helpers up front instead of discovering them mid-session.
      const include = [...new Set(listTypes(dir).flatMap((type) => generate(type).imports))];
      return { optimizeDeps: { include } };
    },
    resolveId(id) {
      if (id === MODULE_ID) return RESOLVED_ID;
      if (id.startsWith(TYPE_PREFIX)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (id === RESOLVED_ID) {
        const types = listTypes(dir);
        // Watch the files, not the folder: Vitest takes every watched path for an import to resolve.
        types.forEach((type) => this.addWatchFile(join(dir, type, 'schema.json')));
        const loaders = types.map(
          (t) => `  ${JSON.stringify(t)}: () => import(${JSON.stringify(TYPE_PREFIX + t)}),`,
        );
        return [
          `export const entryTypes = ${JSON.stringify(types)};`,
          `export const validatorLoaders = {\n${loaders.join('\n')}\n};`,
        ].join('\n');
      }
      if (id.startsWith(`\0${TYPE_PREFIX}`)) {
        const type = id.slice(TYPE_PREFIX.length + 1);
        const result = generate(type);
        result.files.forEach((file) => this.addWatchFile(file));
        return result.code;
      }
      return undefined;
    },
    watchChange(id) {
      if (id.startsWith(dir)) generated.clear();
    },
  };
}
