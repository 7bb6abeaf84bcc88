import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    // build.test.ts sits beside build.mjs, the production build it tests.
    include: ['src/**/*.test.ts', '*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
  },
});
