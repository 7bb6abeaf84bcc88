import { createElement, type ReactNode } from 'preact/compat';

// The app runs on preact/compat instead of React (a smaller first load, DESIGN.md); the builds alias
// `react` to this module (web/preact-aliases.ts). It adds the React 19 API a dependency needs that
// preact/compat does not provide. React Router also asks for useOptimistic, and does without it
// where it is missing (the build says the import is undefined).
// @ts-expect-error preact/compat types itself as one `export =` namespace; the module has named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

type ActivityProps = { mode?: 'visible' | 'hidden'; children?: ReactNode };

/**
 * React's Activity keeps hidden content mounted (its state kept) but out of sight: Mantine's Tabs and
 * Tree use it for panels and branches they keep mounted. A box-less wrapper, so the layout is the
 * same, whose display is none while hidden; it stays in the tree in both modes, so the content is
 * not mounted again when it shows.
 */
export function Activity({ mode = 'visible', children }: ActivityProps) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
