// Stands in for MDXEditor's own image dialog (dist/plugins/image/ImageDialog.js, see the alias in
// web/vite.config.ts): the toolbar opens image-dialog.tsx instead, and the default one would bring
// react-hook-form and downshift into the editor's chunk. imagePlugin still mounts this component.

/** Renders nothing: MDXEditor's image dialog state is never opened here. */
export function ImageDialog(): null {
  return null;
}
