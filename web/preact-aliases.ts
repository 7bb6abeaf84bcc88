import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * React's module names, resolved to preact/compat: the app and every React library it uses (Mantine,
 * React Router, TanStack Query, react-i18next, MDXEditor) run on Preact, a much smaller runtime (the
 * first-load budgets of DESIGN.md). The build and the unit tests use the same list, so the tests test
 * what ships. `react` goes through a module that adds what preact/compat lacks (src/preact/react.ts).
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/preact/react.ts', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // React's useSyncExternalStore for React before 18 (react-i18next): Preact has its own.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];
