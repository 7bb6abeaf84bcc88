import type { Kysely } from 'kysely';
import type { FieldError } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { fileFieldsOf, type ContentType } from '../content-types/service.ts';
import { findFileIdsOfEntry } from './repository.ts';
import { fileIdFromUrl } from './urls.ts';

// Image and file fields name files of their own entry, or files on an origin the type's config.json
// allows (`file.allowed_origins`); anything else (`javascript:`, data: URLs, another entry's file, a
// foreign tracker) is refused with 400 naming the field.

type Db = Kysely<Database>;

const MESSAGE = 'must be the URL of a file uploaded to this entry';

function allowedOriginsOf(type: ContentType): readonly string[] {
  const file = type.config['file'] as { allowed_origins?: string[] } | undefined;
  return (file?.allowed_origins ?? []).map((origin) => origin.toLowerCase());
}

function isOnAllowedOrigin(value: string, origins: readonly string[]): boolean {
  if (origins.length === 0) return false;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.username === '' && origins.includes(url.origin);
  } catch {
    return false;
  }
}

/** Refuses (400 VALIDATION_FAILED) file field values that are not files of `entryId` or allowed origins. */
export async function assertOwnFileUrls(
  db: Db,
  type: ContentType,
  entryId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  const origins = allowedOriginsOf(type);
  const wanted = new Map<string, string[]>();
  const bad: FieldError[] = [];
  for (const name of fileFieldsOf(type)) {
    const value = fields[name];
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    values.forEach((item, index) => {
      const field = Array.isArray(value) ? `data/${name}/${index}` : `data/${name}`;
      if (item === '' || item === null) return;
      if (typeof item !== 'string') return; // the schema names a value of the wrong type
      const isPath = item.startsWith('/') && !item.startsWith('//');
      const id = isPath ? fileIdFromUrl(item) : undefined;
      if (id !== undefined) wanted.set(id, [...(wanted.get(id) ?? []), field]);
      else if (!isOnAllowedOrigin(item, origins)) bad.push({ field, keyword: 'fileUrl', message: MESSAGE });
    });
  }
  if (wanted.size > 0) {
    const found = await findFileIdsOfEntry(db, entryId, [...wanted.keys()]);
    for (const [id, names] of wanted) {
      if (!found.has(id))
        for (const field of names) bad.push({ field, keyword: 'fileUrl', message: MESSAGE });
    }
  }
  if (bad.length > 0) {
    throw new AppError('VALIDATION_FAILED', `${bad[0]!.field}: ${MESSAGE}`, bad);
  }
}
