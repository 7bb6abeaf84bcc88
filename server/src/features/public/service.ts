import type { Kysely } from 'kysely';
import {
  ENTRY_LIFECYCLE,
  ENTRY_SYSTEM_FIELDS,
  PAGE_SIZE_MAX,
  PUBLIC_MAX_AGE_SECONDS,
  PUBLIC_PAGE_SIZE_DEFAULT,
  privateFieldsOf,
  type PublicEntry,
  type PublicEntryList,
  type PublicEntryListQuery,
} from '@einwurf/contract';
import { renderMarkdown } from '@einwurf/contract/markdown';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { badParam, integerParam, PAGE_MAX, paginate } from '../../list-params.ts';
import { parseIsoDateTime } from '../../time.ts';
import type { ContentType, ContentTypes } from '../content-types/service.ts';
import * as repo from './repository.ts';

// What readers get: published entries only (the lifecycle's public states), without anything that is
// moderation's or the author's alone: state, revision, password, the fields a type marks private.

type Db = Kysely<Database>;

/** Fields the public answer sets itself, or that are never the public's. */
const OWN_FIELDS = new Set<string>([
  ...ENTRY_SYSTEM_FIELDS,
  'title',
  'content',
  'published_at',
  'content_html',
]);
/** Widgets whose values are file URLs (one, or a list). */
const FILE_WIDGETS = new Set(['image', 'files']);

const publicStates = (): readonly string[] => ENTRY_LIFECYCLE.public;
const iso = (ms: number) => new Date(ms).toISOString();

function dateTimeParam(field: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = parseIsoDateTime(raw);
  if (value === undefined) throw badParam(field, 'must be an ISO date-time such as 2026-11-23T18:00:00Z');
  return value;
}

/** The fields a type shows readers, and which of them hold file URLs. */
type PublicFields = { names: string[]; fileFields: Set<string> };
const fieldsCache = new WeakMap<ContentType, PublicFields>();

function publicFieldsOf(type: ContentType | undefined): PublicFields {
  // A type no longer installed has no known private fields: none of its own fields are shown.
  if (!type) return { names: [], fileFields: new Set() };
  const cached = fieldsCache.get(type);
  if (cached) return cached;
  const hidden = privateFieldsOf(type.uischema);
  const names = Object.keys(type.schema.properties).filter((n) => !OWN_FIELDS.has(n) && !hidden.has(n));
  const fileFields = new Set(
    type.uischema.flatMap((element) => {
      const { scope, widget } = element as { scope?: unknown; widget?: unknown };
      return typeof scope === 'string' && typeof widget === 'string' && FILE_WIDGETS.has(widget)
        ? [scope]
        : [];
    }),
  );
  const fields = { names, fileFields };
  fieldsCache.set(type, fields);
  return fields;
}

function absolute(origin: string, value: unknown): unknown {
  if (typeof value === 'string')
    return value.startsWith('/') && !value.startsWith('//') ? origin + value : value;
  if (Array.isArray(value)) return value.map((item) => absolute(origin, item));
  return value;
}

/** A stored entry as readers get it; `origin` makes its file URLs absolute. */
function toPublicEntry(contentTypes: ContentTypes, row: repo.PublicEntryRow, origin: string): PublicEntry {
  const stored = JSON.parse(row.data) as Record<string, unknown>;
  const { names, fileFields } = publicFieldsOf(contentTypes.types.get(row.type));
  const fields: Record<string, unknown> = {};
  for (const name of names) {
    if (!Object.hasOwn(stored, name)) continue;
    fields[name] = fileFields.has(name) ? absolute(origin, stored[name]) : stored[name];
  }
  const content = typeof stored['content'] === 'string' ? stored['content'] : '';
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    // Set with every move to a public state; the update time stands in should a row lack it.
    published_at: iso(row.published_at ?? row.updated_at),
    // A scheduled publication was last changed before readers saw it; to them it is new from then.
    updated_at: iso(Math.max(row.updated_at, row.published_at ?? row.updated_at)),
    ...fields,
    content,
    content_html: renderMarkdown(content, { origin }),
  };
}

/**
 * The public list: published entries, newest publication first, filtered by type and by update time
 * (then with the ids of entries that left publication since, for mirrors); each parameter is checked
 * and a bad one named (400).
 */
export async function listPublicEntries(
  db: Db,
  contentTypes: ContentTypes,
  params: PublicEntryListQuery,
  origin: string,
  now: number,
): Promise<PublicEntryList> {
  const currentPage = integerParam('current_page', params.current_page, 1, 1, PAGE_MAX);
  const pageSize = integerParam('page_size', params.page_size, PUBLIC_PAGE_SIZE_DEFAULT, 1, PAGE_SIZE_MAX);
  if (params.type !== undefined && !contentTypes.types.has(params.type)) {
    throw badParam('type', `there is no type "${params.type}"`);
  }
  const updatedSince = dateTimeParam('updated_since', params.updated_since);
  const filter: repo.PublicListFilter = {
    now,
    ...(params.type !== undefined ? { type: params.type } : {}),
    ...(updatedSince !== undefined ? { updatedSince } : {}),
  };
  const { rows, total } = await repo.listPublicEntries(db, filter, {
    limit: pageSize,
    offset: (currentPage - 1) * pageSize,
  });
  const pagination = paginate(currentPage, pageSize, total);
  const removed =
    updatedSince === undefined
      ? undefined
      : await repo.listEntriesLeftSince(db, {
          states: publicStates(),
          since: updatedSince,
          ...(params.type !== undefined ? { type: params.type } : {}),
        });
  return {
    meta: removed === undefined ? { pagination } : { pagination, removed },
    data: rows.map((row) => toPublicEntry(contentTypes, row, origin)),
  };
}

/**
 * One published entry as readers get it; 404 NOT_FOUND for any other (a scheduled one until its
 * time), as for an id that does not exist.
 */
export async function getPublicEntry(
  db: Db,
  contentTypes: ContentTypes,
  id: string,
  origin: string,
  now: number,
): Promise<PublicEntry> {
  const row = await repo.findPublicEntry(db, id, now);
  if (!row) throw new AppError('NOT_FOUND', 'no such entry');
  return toPublicEntry(contentTypes, row, origin);
}

/**
 * How long (seconds) caches may keep a public answer given at `now`: PUBLIC_MAX_AGE_SECONDS, or less
 * when a scheduled publication comes sooner, so no cache shows a list without it past its time.
 */
export async function publicMaxAge(db: Db, now: number): Promise<number> {
  const next = await repo.findNextPublication(db, now);
  if (next === undefined) return PUBLIC_MAX_AGE_SECONDS;
  return Math.max(0, Math.min(PUBLIC_MAX_AGE_SECONDS, Math.ceil((next - now) / 1000)));
}
