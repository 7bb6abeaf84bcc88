import { API_BASE } from '@einwurf/contract';
import type { FileRow } from '../../db/types.ts';

/** The URL path of a file: `/api/v1/files/<id>/<name>`; the id finds it, the name is for people. */
export function fileUrl(file: Pick<FileRow, 'id' | 'name'>): string {
  return `${API_BASE}/files/${file.id}/${encodeURIComponent(file.name)}`;
}

/** The id in a file URL (absolute or a path), or undefined when the URL is not one of ours. */
export function fileIdFromUrl(url: string): string | undefined {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  const match = new RegExp(`^${API_BASE}/files/([A-Za-z0-9_-]{22})(?:/[^/?#]*)?(?:[?#].*)?$`).exec(path);
  return match?.[1];
}
