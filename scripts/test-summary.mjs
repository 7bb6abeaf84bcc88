// Sums the results every test runner wrote under test-results/ and prints the closing line
// `N passed, N failed` (with `, N skipped` when any were) that CI reads; its argument is the
// exit status of the run. Each failed test is named above that line, with the first line of its
// error, so the end of a CI log says what failed.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
// The reports' folder; EINWURF_TEST_RESULTS names another (the script's own test uses it).
const results = process.env.EINWURF_TEST_RESULTS ?? `${root}test-results`;
const read = (name) => {
  const path = `${results}/${name}`;
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
};

/** `place › title: first line of the error`, one line, at most 300 characters. */
const failure = (place, title, message = '') => {
  // Without colours; the error's first non-empty line says what was expected.
  const plain = stripVTControlCharacters(String(message));
  const first = plain.split('\n').find((line) => line.trim()) ?? '';
  return `  failed: ${place} › ${title}: ${first.trim()}`.slice(0, 300);
};
const failures = [];

/** Vitest's JSON report: every failed test, and a file that failed outside its tests. */
const vitestFailures = (report) => {
  for (const file of report.testResults ?? []) {
    const place = file.name.replace(root, '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(failure(place, test.fullName, test.failureMessages?.[0]));
    if (file.status === 'failed' && failed.length === 0)
      failures.push(failure(place, '(the file)', file.message));
  }
};

/** Playwright's JSON report: the suites nest; a spec's test failed when its status is unexpected. */
const playwrightFailures = (suites = []) => {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = test.results?.at(-1);
        failures.push(failure(`e2e/tests/${spec.file}:${spec.line}`, spec.title, result?.error?.message));
      }
    }
    playwrightFailures(suite.suites);
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = read('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  vitestFailures(vitest);
  console.log(`unit and API tests: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
} else {
  console.log('unit and API tests: no results (they did not run)');
}
const playwright = read('playwright.json');
if (playwright) {
  const { expected, unexpected, flaky, skipped: pwSkipped } = playwright.stats;
  passed += expected + flaky;
  failed += unexpected;
  skipped += pwSkipped;
  playwrightFailures(playwright.suites);
  console.log(`browser journeys: ${expected + flaky} passed, ${unexpected} failed`);
} else {
  console.log('browser journeys: no results (they did not run)');
}
const container = read('container.json');
if (container) {
  passed += container.passed;
  failed += container.failed;
  skipped += container.skipped;
  const outcome = container.passed ? 'passed' : container.failed ? 'failed' : 'skipped';
  console.log(
    `container test: ${outcome}, ${container.message} (${container.seconds} s: ${container.phases})`,
  );
} else {
  console.log('container test: no results (it did not run)');
}
// The server's tests again on Node 24 (scripts/test-node24.mjs), when that run took place.
const node24 = read('vitest-node24.json');
if (node24) {
  passed += node24.numPassedTests;
  failed += node24.numFailedTests;
  skipped += node24.numPendingTests + node24.numTodoTests;
  vitestFailures(node24);
  console.log(`server tests on Node 24: ${node24.numPassedTests} passed, ${node24.numFailedTests} failed`);
}
for (const line of failures.slice(0, 20)) console.log(line);
if (failures.length > 20) console.log(`  … and ${failures.length - 20} more failed`);
// A run that failed outside any test (typecheck, lint, build) counts as one failure.
const exitStatus = Number(process.argv[2] ?? 0);
if (exitStatus !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
