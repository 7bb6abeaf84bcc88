// Stands in for MDXEditor's default icon set (dist/defaultSvgIcons.js, see the alias in
// web/vite.config.ts): the editor passes its own iconComponentFor (icons.tsx), so the default set
// of every toolbar's icons would only weigh on the editor's chunk.

/** No icons: MDXEditor falls back to these only without an iconComponentFor of its own. */
export const defaultSvgIcons = {};
