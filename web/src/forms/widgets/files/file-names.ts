export { fileNameOf } from '../../../lib/contract';

/** A file name split for renaming: the editable base and the kept extension (with its dot, '' when none). */
export function splitFileName(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { base: name, extension: '' };
  return { base: name.slice(0, dot), extension: name.slice(dot) };
}

/**
 * React keys for a list of file URIs that survive a rename: an uploaded file's URL is `…/<id>/<name>`
 * and a rename changes only the name, so the part before the last slash names the file. URIs that share
 * that part (not uploads of this app) are keyed by themselves, exact repeats by their count.
 */
export function fileKeysOf(uris: readonly string[]): string[] {
  const stems = uris.map((uri) => {
    const path = uri.replace(/[?#].*$/, '');
    const slash = path.lastIndexOf('/');
    return slash > 0 ? path.slice(0, slash) : path;
  });
  const stemCounts = new Map<string, number>();
  for (const stem of stems) stemCounts.set(stem, (stemCounts.get(stem) ?? 0) + 1);
  const seen = new Map<string, number>();
  return uris.map((uri, index) => {
    const stem = stems[index]!;
    const key = stemCounts.get(stem) === 1 ? stem : uri;
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return count === 0 ? key : `${key}#${count}`;
  });
}
