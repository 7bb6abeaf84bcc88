import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// Lints fixtures with the repository's own eslint.config.js, so the dependency rules of STYLE.md are
// shown to refuse what they should and to let the legal direction pass. The importing side is passed
// as text under a made-up name; what it imports are real modules, since a rule sees only imports that
// resolve. Nothing is written under web/ (a new file there would make the web build look stale); the
// cycle's two files go to a throwaway folder beside this test.
const root = join(import.meta.dirname, '..');
const features = join(root, 'web/src/features');

/** The first module (not a test) under `dir`, as an import path relative to `dir`, without extension. */
function firstModule(dir: string): string | undefined {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) {
      return entry.name.replace(/\.tsx?$/, '');
    }
  }
  for (const entry of entries) {
    const inner = entry.isDirectory() ? firstModule(join(dir, entry.name)) : undefined;
    if (inner) return `${entry.name}/${inner}`;
  }
  return undefined;
}

// Two features with a module each: the importer lives in the first, the import target in the second.
const [own, other] = readdirSync(features, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && firstModule(join(features, entry.name)))
  .map((entry) => ({ name: entry.name, module: firstModule(join(features, entry.name))! }));

let cycleDir: string;
let eslint: ESLint;

beforeAll(() => {
  cycleDir = mkdtempSync(join(root, 'scripts', 'lint-fixture-'));
  writeFileSync(
    join(cycleDir, 'first.ts'),
    "import { second } from './second.ts';\n\nexport const first = () => second;\n",
  );
  writeFileSync(
    join(cycleDir, 'second.ts'),
    "import { first } from './first.ts';\n\nexport const second = () => first;\n",
  );
  writeFileSync(join(cycleDir, 'alone.ts'), 'export const alone = 1;\n');
  writeFileSync(
    join(cycleDir, 'user.ts'),
    "import { alone } from './alone.ts';\n\nexport const user = alone;\n",
  );
  eslint = new ESLint({ cwd: root });
});

afterAll(() => {
  if (cycleDir) rmSync(cycleDir, { recursive: true, force: true });
});

/** The rule ids of the errors ESLint reports for `code` as if it were the file at `filePath`. */
async function errorsOf(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((message) => message.severity === 2).map((message) => message.ruleId);
}

/** The rule ids ESLint reports for the fixture files `names`, file by file. */
async function errorsOfFiles(...names: string[]): Promise<(string | null)[][]> {
  const results = await eslint.lintFiles(names.map((name) => join(cycleDir, name)));
  return names.map((name) => {
    const result = results.find((r) => relative(cycleDir, r.filePath) === name)!;
    return result.messages.map((message) => message.ruleId);
  });
}

const importing = (path: string) => `import * as imported from '${path}';\n\nexport const copy = imported;\n`;

describe('lint enforces the dependency direction', { timeout: 60_000 }, () => {
  it('has two features to try', () => {
    expect(own).toBeDefined();
    expect(other).toBeDefined();
  });

  it('refuses a feature importing another feature', async () => {
    const code = importing(`../${other!.name}/${other!.module}`);
    expect(await errorsOf(code, `web/src/features/${own!.name}/lint-fixture.ts`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses a feature importing the app', async () => {
    const code = importing('../../app/router');
    expect(await errorsOf(code, `web/src/features/${own!.name}/lint-fixture.ts`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses shared code importing a feature', async () => {
    const code = importing(`../features/${other!.name}/${other!.module}`);
    expect(await errorsOf(code, 'web/src/lib/lint-fixture.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a route module importing another route module', async () => {
    const code = importing('../users/routes.ts');
    expect(await errorsOf(code, 'server/src/features/comments/lint-fixture-routes.ts')).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('lets a feature import shared code and itself', async () => {
    const code = `${importing('../../lib/paths')}\nexport * from './${own!.module}';\n`;
    expect(await errorsOf(code, `web/src/features/${own!.name}/lint-fixture.ts`)).toEqual([]);
  });

  it('refuses two modules that import each other', async () => {
    expect(await errorsOfFiles('first.ts', 'second.ts')).toEqual([
      ['import-x/no-cycle'],
      ['import-x/no-cycle'],
    ]);
  });

  it('lets a module import one that does not import it back', async () => {
    expect(await errorsOfFiles('user.ts', 'alone.ts')).toEqual([[], []]);
  });
});
