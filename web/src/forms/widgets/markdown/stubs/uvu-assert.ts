// Stands in for `uvu/assert` (see the alias in web/vite.config.ts): MDXEditor's highlight syntax
// (micromark-extension-highlight-mark) checks its own state with it, as micromark's development
// builds do; the production builds of micromark leave such checks out, and so does the editor.

/** Checks nothing. */
export function ok(_value: unknown, _message?: string): void {}
