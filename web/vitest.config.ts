import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { entryValidators } from './vite-plugins/entry-validators.ts';
import { preactAliases } from './preact-aliases.ts';

const packageFile = (name: string, file: string) =>
  join(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), file);

// Two packages name a CommonJS build for Node, whose require() of React no alias reaches: Testing
// Library (its `main`) and React Router (its `node` condition). Their ES module builds import React by
// name, which the aliases send to Preact.
const esmBuilds = [
  {
    find: /^@testing-library\/react$/,
    replacement: packageFile('@testing-library/react', 'dist/@testing-library/react.esm.js'),
  },
  { find: /^react-router$/, replacement: packageFile('react-router', 'dist/development/index.mjs') },
];

export default defineConfig({
  plugins: [react(), entryValidators()],
  // The tests run on Preact, as the app does (preact-aliases.ts).
  resolve: {
    alias: [...preactAliases, ...esmBuilds],
    // Packages without an exports map (react-transition-group, react-remove-scroll and more): their ES
    // module build too, for the same reason.
    mainFields: ['module', 'jsnext:main', 'jsnext', 'main'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A test may wait up to 5 s for one lazily loaded part (src/test/setup.ts); its own time-out must
    // leave room for that and the steps around it, or a busy machine fails it by timing alone.
    testTimeout: 20_000,
    css: false,
    server: {
      deps: {
        // Node would load these libraries itself, past the aliases, and bring real React with them
        // (Testing Library's CommonJS build, react-i18next): Vite transforms them instead, so their
        // imports of React reach Preact too.
        inline: [
          /@testing-library\/react/,
          /react-i18next/,
          /@mantine\//,
          /@tanstack\/react-query/,
          /react-router/,
          /@mdxeditor\//,
          /@lexical\/react/,
          /react-easy-crop/,
          /react-remove-scroll/,
          /react-hook-form/,
          /react-transition-group/,
          /react-number-format/,
          /use-callback-ref/,
          /use-sidecar/,
          /react-style-singleton/,
          /@floating-ui\/react/,
          /@radix-ui\//,
        ],
      },
    },
  },
});
