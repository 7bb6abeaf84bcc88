import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The modules index.ts names as free of TypeBox and Ajv: the web app bundles these, so neither they nor
// anything they import at run time may load either library (type-only imports are erased).
const PLAIN_MODULES = [
  'error-codes.ts',
  'roles.ts',
  'limits.ts',
  'pow-rule.ts',
  'entry-rules.ts',
  'lifecycle.ts',
  'admin-rules.ts',
  'public-rules.ts',
  'webhook-rules.ts',
  'outbox-events.ts',
  'audit-rules.ts',
  'reply-template-rules.ts',
  'mail-rules.ts',
  'passwords.ts',
  'forms/widgets.ts',
  'forms/entry-validation.ts',
  'localize.ts',
  'file-names.ts',
  'reader/render-entry.ts',
];
const HEAVY = /^(typebox|ajv|ajv-formats)(\/|$)/;
const here = dirname(fileURLToPath(import.meta.url));

/** The specifiers a module imports or re-exports at run time (`import type` and `export type` left out). */
function runtimeImports(path: string): string[] {
  const source = readFileSync(path, 'utf8');
  const statements = source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms);
  return [...statements].map((match) => match[1]!);
}

/** Every package the module and its relative run-time imports load, and the chain that loads each. */
function packagesLoadedBy(start: string): Map<string, string> {
  const loaded = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (path: string, chain: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const specifier of runtimeImports(path)) {
      if (specifier.startsWith('.')) visit(join(dirname(path), specifier), `${chain} > ${specifier}`);
      else if (!loaded.has(specifier)) loaded.set(specifier, chain);
    }
  };
  visit(join(here, start), start);
  return loaded;
}

describe("the contract's plain modules", () => {
  it.each(PLAIN_MODULES)('%s loads neither TypeBox nor Ajv', (module) => {
    const heavy = [...packagesLoadedBy(module)].filter(([specifier]) => HEAVY.test(specifier));
    expect(heavy.map(([specifier, chain]) => `${specifier} via ${chain}`)).toEqual([]);
  });

  it('sees a run-time import of TypeBox where there is one', () => {
    expect([...packagesLoadedBy('errors.ts').keys()]).toContain('typebox');
    expect([...packagesLoadedBy('forms/validator.ts').keys()]).toContain('ajv/dist/2020.js');
  });
});
