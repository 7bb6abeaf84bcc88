import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The closing summary of CI (scripts/test-summary.mjs) over reports in the shapes Vitest's and
// Playwright's JSON reporters write: the sums, and each failed test named above the closing line.
const script = join(import.meta.dirname, 'test-summary.mjs');
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function summary(reports: Record<string, unknown>, status = 1): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'einwurf-summary-'));
  folders.push(dir);
  for (const [name, report] of Object.entries(reports))
    writeFileSync(join(dir, name), JSON.stringify(report));
  const out = execFileSync(process.execPath, [script, String(status)], {
    env: { ...process.env, EINWURF_TEST_RESULTS: dir },
    encoding: 'utf8',
  });
  return out.trim().split('\n');
}

const vitest = {
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    {
      name: '/somewhere/server/src/a.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'a › passes', status: 'passed', failureMessages: [] },
        {
          fullName: 'a › waits too long',
          status: 'failed',
          failureMessages: ['\u001b[31mError: Test timed out in 20000ms.\u001b[39m\n    at somewhere'],
        },
      ],
    },
    {
      name: '/somewhere/web/src/b.test.tsx',
      status: 'failed',
      message: 'Cannot find module x',
      assertionResults: [],
    },
  ],
};

const playwright = {
  stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 0 },
  suites: [
    {
      title: 'author.spec.ts',
      file: 'author.spec.ts',
      specs: [
        { title: 'creates', file: 'author.spec.ts', line: 9, tests: [{ status: 'expected', results: [] }] },
      ],
      suites: [
        {
          title: 'nested',
          file: 'author.spec.ts',
          specs: [
            {
              title: 'checks the dialog',
              file: 'author.spec.ts',
              line: 40,
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    {
                      status: 'failed',
                      error: { message: '\n\nError: expect(locator).toBeVisible() failed\nmore' },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('the CI summary', () => {
  it('sums every report and names each failure above the closing line', () => {
    const lines = summary({ 'vitest.json': vitest, 'playwright.json': playwright });
    expect(lines).toEqual([
      'unit and API tests: 3 passed, 1 failed',
      'browser journeys: 3 passed, 1 failed',
      'container test: no results (it did not run)',
      '  failed: /somewhere/server/src/a.test.ts › a › waits too long: Error: Test timed out in 20000ms.',
      '  failed: /somewhere/web/src/b.test.tsx › (the file): Cannot find module x',
      '  failed: e2e/tests/author.spec.ts:40 › checks the dialog: Error: expect(locator).toBeVisible() failed',
      '6 passed, 2 failed, 1 skipped',
    ]);
  });

  it('counts a run that failed outside any test as one failure, and names none', () => {
    const passing = { ...vitest, numFailedTests: 0, testResults: [] };
    expect(summary({ 'vitest.json': passing }, 2).slice(-1)).toEqual(['3 passed, 1 failed, 1 skipped']);
    expect(summary({ 'vitest.json': passing }, 0).slice(-1)).toEqual(['3 passed, 0 failed, 1 skipped']);
  });
});
