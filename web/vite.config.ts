import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { bundleBudgetReport } from '../scripts/bundle-budget.mjs';
import { colorSchemeScript } from './vite-plugins/color-scheme-script.ts';
import { entryValidators } from './vite-plugins/entry-validators.ts';
import { preactAliases } from './preact-aliases.ts';

const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/publish/',
  // Every text file of the build (and of public/) gets a brotli (.br) and a gzip (.gz) sibling; the
  // server sends the one the browser accepts (server/src/plugins/web-app.ts). A sibling no smaller than
  // its file is not written. Brotli at quality 10: 11 saves another 1.5 % (the entry chunk: 101.1
  // instead of 102.8 KB) at three and a half times the build's compression time. The build ends with
  // the first-load budgets of DESIGN.md (scripts/bundle-budget.mjs).
  plugins: [
    react(),
    entryValidators(),
    colorSchemeScript(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
    bundleBudgetReport(),
  ],
  resolve: {
    // Parts of MDXEditor the Markdown editor replaces with its own, swapped for stubs so their
    // dependencies stay out of the editor's chunk (see web/src/forms/widgets/markdown/stubs/). The
    // patterns match MDXEditor's relative imports of these files.
    alias: [
      ...preactAliases,
      {
        // Its image dialog (react-hook-form, downshift); the toolbar opens image-dialog.tsx instead.
        find: /^\.\/ImageDialog\.js$/,
        replacement: fileURLToPath(
          new URL('./src/forms/widgets/markdown/stubs/image-dialog.ts', import.meta.url),
        ),
      },
      {
        // Its default icons; the editor passes its own (icons.tsx).
        find: /^\.\/defaultSvgIcons\.js$/,
        replacement: fileURLToPath(
          new URL('./src/forms/widgets/markdown/stubs/default-svg-icons.ts', import.meta.url),
        ),
      },
      {
        // An assertion library the highlight syntax imports for development checks.
        find: /^uvu\/assert$/,
        replacement: fileURLToPath(
          new URL('./src/forms/widgets/markdown/stubs/uvu-assert.ts', import.meta.url),
        ),
      },
    ],
  },
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
    // What a screen loads is held to the budgets of scripts/bundle-budget.mjs; the chunks above Vite's
    // 500 kB default are loaded on demand (the emoji picker's data per language, about 600 kB), and
    // warning about them at every build (and every `npm start` that builds) tells nothing new.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // The contract keeps its TypeBox schemas in modules apart from the constants the app needs (see
      // contract/src/index.ts); building a schema has no side effect, so an unused one drops out.
      treeshake: { manualPureFunctions: ['Type'] },
      // Everything the entry imports statically is loaded by every screen anyway: one chunk compresses
      // better than the twenty small ones the automatic splitting made of it (8 KB less gzip on every
      // first load) and keeps Vite's preload helper there, whatever the lazy chunks share.
      output: {
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
