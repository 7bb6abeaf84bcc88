import type { ContentType } from '../content-types/service.ts';

/** The limits an upload to an entry of one type must keep. */
export type FileLimits = { maxFileSize: number; allowedExtensions: readonly string[] };

type ServerLimits = { maxFileSize: number; allowedExtensions: readonly string[] };

/**
 * The server's limits narrowed by a type's `config.json` `file` block: the smaller size, and only
 * extensions both allow (the operator's settings are the ceiling a type cannot lift).
 */
export function fileLimitsFor(
  server: ServerLimits,
  type: Pick<ContentType, 'config'> | undefined,
): FileLimits {
  const own = type?.config['file'] as { max_file_size?: number; allowed_extensions?: string[] } | undefined;
  const maxFileSize = Math.min(server.maxFileSize, own?.max_file_size ?? Number.POSITIVE_INFINITY);
  const typeExtensions = own?.allowed_extensions?.map((ext) => ext.toLowerCase());
  const allowedExtensions = typeExtensions
    ? server.allowedExtensions.filter((ext) => typeExtensions.includes(ext))
    : server.allowedExtensions;
  return { maxFileSize, allowedExtensions };
}
