/**
 * A file's displayed name: the text after the last slash of its URI (spec section 3), without a query
 * or fragment, its percent-encoding decoded for reading.
 */
export function fileNameOf(uri: string): string {
  const path = uri.replace(/[?#].*$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1) || path;
  try {
    return decodeURIComponent(last);
  } catch {
    // A stray "%" is no encoding: show the name as it is stored.
    return last;
  }
}
