import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { entryValidators } from './vite-plugins/entry-validators.ts';

const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/publish/',
  plugins: [react(), entryValidators()],
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
      // The contract declares TypeBox schemas beside the constants the app needs; building a schema has no
      // side effect, so the schemas (and TypeBox with them) drop out wherever nothing uses them.
      treeshake: { manualPureFunctions: ['Type'] },
    },
  },
});
