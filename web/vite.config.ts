import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleBudgetReport } from '../scripts/bundle-budget.mjs';
import { entryValidators } from './vite-plugins/entry-validators.ts';

const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/publish/',
  // The build ends with the first-load budgets of DESIGN.md (scripts/bundle-budget.mjs).
  plugins: [react(), entryValidators(), bundleBudgetReport()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/metrics': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // scripts/bundle-budget.mjs reads it to measure each screen's first load.
    manifest: true,
    rolldownOptions: {
      // The contract keeps its TypeBox schemas in modules apart from the constants the app needs (see
      // contract/src/index.ts); building a schema has no side effect, so an unused one drops out.
      treeshake: { manualPureFunctions: ['Type'] },
    },
  },
});
