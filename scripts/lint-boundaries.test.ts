import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// Lints fixtures with the repository's own eslint.config.js, so the dependency rules of STYLE.md are
// shown to refuse what they should and to let the legal direction pass. The fixtures are two throwaway
// features under web/src/features (the config lists the features when it loads, so they exist first).
const root = join(import.meta.dirname, '..');
const features = join(root, 'web/src/features');
let featureA: string;
let featureB: string;
let eslint: ESLint;

beforeAll(() => {
  featureA = mkdtempSync(join(features, 'lint-fixture-'));
  featureB = mkdtempSync(join(features, 'lint-fixture-'));
  for (const feature of [featureA, featureB]) {
    writeFileSync(join(feature, 'value.ts'), 'export const value = 1;\n');
  }
  mkdirSync(join(featureA, 'cycle'));
  writeFileSync(
    join(featureA, 'cycle/first.ts'),
    "import { second } from './second';\n\nexport const first = () => second();\n",
  );
  writeFileSync(
    join(featureA, 'cycle/second.ts'),
    "import { first } from './first';\n\nexport const second = () => first;\n",
  );
  writeFileSync(
    join(featureA, 'cycle/leaf.ts'),
    "import { value } from '../value';\n\nexport const leaf = value;\n",
  );
  eslint = new ESLint({ cwd: root });
});

afterAll(() => {
  for (const feature of [featureA, featureB]) if (feature) rmSync(feature, { recursive: true, force: true });
});

/** The rule ids of the errors ESLint reports for `code` as if it were the file at `filePath`. */
async function errorsOf(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((message) => message.severity === 2).map((message) => message.ruleId);
}

const fixturePath = (feature: string, file: string) => `web/src/features/${basename(feature)}/${file}`;

describe('lint enforces the dependency direction', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const code = `import { value } from '../${basename(featureB)}/value';\n\nexport const copy = value;\n`;
    expect(await errorsOf(code, fixturePath(featureA, 'importer.ts'))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses a feature importing the app', async () => {
    const code =
      "import { createAppRouter } from '../../app/router';\n\nexport const copy = createAppRouter;\n";
    expect(await errorsOf(code, fixturePath(featureA, 'importer.ts'))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses shared code importing a feature', async () => {
    const code = `import { value } from '../features/${basename(featureA)}/value';\n\nexport const copy = value;\n`;
    expect(await errorsOf(code, 'web/src/lib/lint-fixture.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a route module importing another route module', async () => {
    const code = "import { userRoutes } from '../users/routes.ts';\n\nexport const copy = userRoutes;\n";
    expect(await errorsOf(code, 'server/src/features/comments/lint-fixture-routes.ts')).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('lets a feature import shared code and itself', async () => {
    const code =
      "import { paths } from '../../lib/paths';\nimport { value } from './value';\n\nexport const copy = [paths, value];\n";
    expect(await errorsOf(code, fixturePath(featureA, 'importer.ts'))).toEqual([]);
  });

  it('refuses two modules that import each other', async () => {
    const [first, second] = await eslint.lintFiles([
      join(featureA, 'cycle/first.ts'),
      join(featureA, 'cycle/second.ts'),
    ]);
    for (const result of [first!, second!]) {
      expect(result.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
    }
  });

  it('lets a module import one that does not import it back', async () => {
    const [leaf] = await eslint.lintFiles([join(featureA, 'cycle/leaf.ts')]);
    expect(leaf!.messages).toEqual([]);
  });
});
