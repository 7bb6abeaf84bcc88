import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createEntryValidator,
  entryValidatorFrom,
  mergeSchemas,
  type CompiledValidate,
  type ObjectSchema,
  type ValidationMode,
} from '@einwurf/contract';
import { readFileSync } from 'node:fs';
import { generateTypeValidators, requiresToImports } from '../../vite-plugins/entry-validators';

// jsdom replaces URL, so the path is built from the string form of import.meta.url.
const contentTypes = `${resolve(dirname(fileURLToPath(import.meta.url)), '../../../content-types')}/`;
const require = createRequire(import.meta.url);
const readSchema = (path: string) => JSON.parse(readFileSync(contentTypes + path, 'utf8')) as ObjectSchema;

type Interop = 'bundle' | 'dev';
/** How a namespace import of a CommonJS module looks: the exports (bundle) or wrapped (Vite dev server). */
const namespaceOf = (exports: Record<string, unknown>, interop: Interop) =>
  interop === 'bundle' ? exports : { ...exports, default: exports };

/** Runs the generated ESM the way a bundle would, its imports bound to the real modules. */
function evaluate(type: string, interop: Interop): Record<ValidationMode, CompiledValidate> {
  const { code, imports } = generateTypeValidators(contentTypes, type);
  const body = code
    .replace(/^import \* as (__ajv_ns_\d+) from "[^"]+";$/gm, '')
    .replace(/export const (\w+) =/g, 'exports.$1 =');
  const exports: Record<string, CompiledValidate> = {};
  const names = imports.map((_, i) => `__ajv_ns_${i}`);
  const modules = imports.map((s) => namespaceOf(require(s) as Record<string, unknown>, interop));
  // Test-only evaluation of trusted, generated code; the browser gets it as a bundled module instead.
  new Function('exports', ...names, body)(exports, ...modules);
  return { strict: exports.strict!, draft: exports.draft! };
}

const samples: Record<string, unknown[]> = {
  article: [
    {},
    { title: 'T', content: '', lead: 'L', category: 'culture' },
    { title: 'T', content: 'x', lead: 'L', category: 'weather', author_email: 'nope', word_count: -1 },
    { title: '', content: 'x', lead: 'L'.repeat(1001), category: 'politics', topics: ['youth', 'youth'] },
    {
      title: 'T',
      content: 'x',
      lead: 'L',
      category: 'local',
      source_url: 'https://example.org',
      publish_on: '2026-02-30',
    },
  ],
  event: [
    {},
    { title: 'T', content: 'x', starts_at: '2026-11-21T18:30:00.000Z', location: 'Bern' },
    {
      title: 'T',
      content: 'x',
      starts_at: 'soon',
      location: '',
      doors_open: '25:00',
      colour: 'red',
      capacity: 101,
    },
    {
      title: 'T',
      content: 'x',
      starts_at: '2026-11-21T18:30:00.000Z',
      location: 'B',
      audience: ['adults', 'pets'],
    },
  ],
};

describe('entry validators generated at build time', () => {
  it('turns require calls into imports', () => {
    const { code, imports } = requiresToImports(
      '"use strict";const a = require("x/y").default; const b = require("z").f.g; const c = require("x/y").default;',
    );
    expect(imports).toEqual(['x/y', 'z']);
    expect(code).toContain('import * as __ajv_ns_0 from "x/y";');
    expect(code).toContain('const __ajv_0 = __ajv_exports(__ajv_ns_0);');
    expect(code).toContain('const a = __ajv_0.default; const b = __ajv_1.f.g; const c = __ajv_0.default;');
    expect(code).not.toContain('require(');
  });

  it.each(Object.keys(samples))('generate code for %s without require or eval', (type) => {
    const { code } = generateTypeValidators(contentTypes, type);
    expect(code).not.toMatch(/new Function|eval\(|require\(/);
    expect(code).toMatch(/export const strict =/);
    expect(code).toMatch(/export const draft =/);
  });

  const cases = Object.entries(samples).flatMap(([type, entries]) =>
    (['bundle', 'dev'] as const).map((interop) => [type, interop, entries] as const),
  );
  it.each(cases)(
    'judge %s entries exactly as the runtime validator does (%s interop)',
    (type, interop, entries) => {
      const generated = entryValidatorFrom(evaluate(type, interop));
      const runtime = createEntryValidator(
        mergeSchemas(readSchema('base.json'), readSchema(`${type}/schema.json`)),
      );
      for (const entry of entries) {
        for (const mode of ['draft', 'strict'] as const) {
          expect(generated.validate(entry, mode), `${mode} ${JSON.stringify(entry)}`).toEqual(
            runtime.validate(entry, mode),
          );
        }
      }
      expect(generated.validate(entries[2], 'draft').length).toBeGreaterThan(0);
    },
  );
});
