import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and API tests; each workspace keeps its own settings. The JSON
// report feeds the closing `N passed, N failed` line of scripts/test-summary.mjs.
export default defineConfig({
  test: {
    projects: [
      'contract',
      'server',
      'web',
      // Tests of the repository's own tooling (lint rules, scripts), run in plain Node.
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
