import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGETS,
  formatBudgets,
  isBuildFresh,
  measureBudgets,
  WEB_DIST,
  type BudgetName,
  type BudgetResult,
} from '../../../scripts/bundle-budget.mjs';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const temporary: string[] = [];

function temporaryDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'einwurf-budget-'));
  temporary.push(dir);
  return dir;
}

/** A production build into `outDir`, in a child process: Vitest's NODE_ENV=test must not reach it. */
function buildWeb(outDir: string): void {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
  );
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--logLevel', 'error'], {
    cwd: webDir,
    env,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);
}

afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the budget measurement', () => {
  const files: Record<string, string> = {
    'assets/index.js': 'entry '.repeat(300),
    'assets/shared.js': 'shared by the entry and the home screen '.repeat(40),
    'assets/home.js': 'home screen '.repeat(90),
    'assets/create.js': 'create screen '.repeat(70),
    'assets/edit.js': 'edit screen '.repeat(60),
    'assets/editor.js': 'markdown editor '.repeat(500),
    'assets/editor-lib.js': 'the editor library '.repeat(200),
    'assets/later.js': 'loaded only on demand '.repeat(900),
    'assets/pow-worker-abc.js': 'worker '.repeat(50),
  };
  const chunk = (file: string, imports: string[] = [], extra: object = {}) => ({ file, imports, ...extra });
  const manifest = {
    'index.html': chunk('assets/index.js', ['_shared.js'], { isEntry: true, dynamicImports: ['later.ts'] }),
    '_shared.js': chunk('assets/shared.js'),
    'later.ts': chunk('assets/later.js', ['index.html'], { isDynamicEntry: true }),
    [BUDGETS.home.modules![0]!]: chunk('assets/home.js', ['index.html', '_shared.js']),
    [BUDGETS.create.modules![0]!]: chunk('assets/create.js', ['index.html'], {
      assets: ['assets/pow-worker-abc.js'],
    }),
    [BUDGETS.edit.modules![0]!]: chunk('assets/edit.js', ['index.html']),
    [BUDGETS.edit.modules![1]!]: chunk('assets/editor.js', ['_editor-lib.js', 'index.html']),
    '_editor-lib.js': chunk('assets/editor-lib.js'),
  };
  const kb = (...names: string[]) =>
    Math.round(names.reduce((sum, name) => sum + gzipSync(files[name]!).length, 0) / 102.4) / 10;

  function fakeBuild(entries: object): string {
    const dist = temporaryDir();
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    Object.entries(files).forEach(([name, text]) => writeFileSync(join(dist, name), text));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(entries));
    return dist;
  }

  it('counts the entry, the screen and their static imports once each, not what loads on demand', () => {
    const result = measureBudgets(fakeBuild(manifest));
    expect(result.home).toMatchObject({
      kb: kb('assets/index.js', 'assets/shared.js', 'assets/home.js'),
      files: 3,
    });
    expect(result.create.files).toBe(3);
  });

  it("counts the edit screen with the Markdown editor's chunks, and the worker on its own", () => {
    const result = measureBudgets(fakeBuild(manifest));
    const editFiles = ['assets/index.js', 'assets/shared.js', 'assets/edit.js', 'assets/editor.js'];
    expect(result.edit).toMatchObject({ kb: kb(...editFiles, 'assets/editor-lib.js'), files: 5 });
    expect(result.edit.parts[BUDGETS.edit.modules![1]!]).toBe(kb('assets/editor.js', 'assets/editor-lib.js'));
    expect(result.powWorker).toMatchObject({ kb: kb('assets/pow-worker-abc.js'), files: 1 });
  });

  it('refuses a build that lacks a budgeted module instead of measuring less', () => {
    const { [BUDGETS.edit.modules![1]!]: _editor, ...withoutEditor } = manifest;
    expect(() => measureBudgets(fakeBuild(withoutEditor))).toThrow(/markdown-editor/);
  });
});

describe('the first-load budgets', () => {
  let result: Record<BudgetName, BudgetResult>;

  // A build newer than every source (the rule of `npm start`) is measured as it is; otherwise, or when
  // it is being rebuilt right now, the app is built into a temporary folder (slow on a busy machine).
  beforeAll(() => {
    let measured: Record<BudgetName, BudgetResult> | undefined;
    try {
      if (isBuildFresh(WEB_DIST)) measured = measureBudgets(WEB_DIST);
    } catch {
      measured = undefined;
    }
    if (!measured) {
      const dist = temporaryDir();
      buildWeb(dist);
      measured = measureBudgets(dist);
    }
    result = measured;
    console.log(formatBudgets(result));
  }, 300_000);

  it.each(Object.keys(BUDGETS) as BudgetName[])('%s stays within its budget', (name) => {
    const { kb, budget_kb, parts } = result[name];
    expect(kb, `${name}: ${kb} KB gzip over ${budget_kb} KB (${JSON.stringify(parts)})`).toBeLessThanOrEqual(
      budget_kb,
    );
  });
});
