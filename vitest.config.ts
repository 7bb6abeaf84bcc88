import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and API tests; each workspace keeps its own settings.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web'],
  },
});
