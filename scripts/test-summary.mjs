// Sums the results every test runner wrote under test-results/ and prints the closing line
// `N passed, N failed` (with `, N skipped` when any were) that CI reads; its argument is the
// exit status of the run.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => (existsSync(root + path) ? JSON.parse(readFileSync(root + path, 'utf8')) : undefined);

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  console.log(`unit and API tests: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
} else {
  console.log('unit and API tests: no results (they did not run)');
}
const playwright = read('test-results/playwright.json');
if (playwright) {
  const { expected, unexpected, flaky, skipped: pwSkipped } = playwright.stats;
  passed += expected + flaky;
  failed += unexpected;
  skipped += pwSkipped;
  console.log(`browser journeys: ${expected + flaky} passed, ${unexpected} failed`);
} else {
  console.log('browser journeys: no results (they did not run)');
}
const container = read('test-results/container.json');
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
const node24 = read('test-results/vitest-node24.json');
if (node24) {
  passed += node24.numPassedTests;
  failed += node24.numFailedTests;
  skipped += node24.numPendingTests + node24.numTodoTests;
  console.log(`server tests on Node 24: ${node24.numPassedTests} passed, ${node24.numFailedTests} failed`);
}
// A run that failed outside any test (typecheck, lint, build) counts as one failure.
const exitStatus = Number(process.argv[2] ?? 0);
if (exitStatus !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
