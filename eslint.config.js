import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = import.meta.dirname;

// The web app's dependency direction (STYLE.md): shared → features → app. Each feature may import
// shared code and itself, never another feature; its zone is generated from the folder list, so a new
// feature is covered the day it appears.
const webFeatures = readdirSync(`${root}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webShared = ['components', 'lib', 'forms', 'locales', 'test'].map((folder) => `web/src/${folder}`);

const boundaryZones = [
  ...webFeatures.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature; move what both need to shared code.',
  })),
  {
    target: 'web/src/features',
    from: 'web/src/app',
    message: 'Features do not import the app; the app wires the features.',
  },
  {
    target: webShared,
    from: ['web/src/features', 'web/src/app'],
    message: 'Shared code does not import features or the app.',
  },
  {
    target: ['server/src/features/*/routes.ts', 'server/src/features/*/*-routes.ts'],
    from: ['server/src/features/*/routes.ts', 'server/src/features/*/*-routes.ts'],
    message: 'Route modules do not import each other; schemas go to contract/, guards to plugins/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files the rules read (no-cycle follows imports through them) and how to parse them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['contract', 'server', 'web', 'e2e', 'bench'].map((dir) => `${root}/${dir}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
