import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and API tests; each workspace keeps its own settings. The JSON
// report feeds the closing `N passed, N failed` line of scripts/test-summary.mjs.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
