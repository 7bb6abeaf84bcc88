import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  ATOM_FEED_ENTRIES,
  atomFeedPath,
  CALENDAR_FEED_EVENTS,
  DEFAULT_LOCALE,
  ENTRY_LIFECYCLE,
  ENTRY_SYSTEM_FIELDS,
  PAGE_SIZE_MAX,
  PUBLIC_MAX_AGE_SECONDS,
  PUBLIC_PAGE_SIZE_DEFAULT,
  privateFieldsOf,
  type PublicAtomFeedQuery,
  type PublicCalendarFeedQuery,
  type PublicEntry,
  type PublicEntryFields,
  type PublicEntryList,
  type PublicEntryListQuery,
  type TypeConfig,
} from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { badParam, integerParam, PAGE_MAX, paginate } from '../../list-params.ts';
import { isoDateTime, parseIsoDateTime } from '../../time.ts';
import { fileFieldsOf, type ContentType, type ContentTypes } from '../content-types/service.ts';
import { VERSION } from '../../version.ts';
import { renderAtomFeed } from './atom.ts';
import { calendarEventOf, renderCalendar, type CalendarEvent } from './calendar.ts';
import { entryUuid, feedUuid } from './feed-ids.ts';
import * as repo from './repository.ts';
import { markdownRenderer, type RenderMarkdown } from './markdown.ts';
import { contentOfData, renderHtmlToStore, storedHtmlFor } from './stored-html.ts';

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

const publicStates = (): readonly string[] => ENTRY_LIFECYCLE.public;
/** What every public output reads: what readers see at `now`, of one type or of all. */
const publicFilter = (now: number, type?: string): repo.PublicListFilter => ({
  now,
  ...(type !== undefined ? { type } : {}),
});

/** The type a query names, when it names one; 400 naming `type` for a type there is not. */
function typeParam(contentTypes: ContentTypes, name: string | undefined): ContentType | undefined {
  if (name === undefined) return undefined;
  const type = contentTypes.types.get(name);
  if (!type) throw badParam('type', `there is no type "${name}"`);
  return type;
}

function dateTimeParam(field: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = parseIsoDateTime(raw);
  if (value === undefined) throw badParam(field, 'must be an ISO date-time such as 2026-11-23T18:00:00Z');
  return value;
}

/** The fields a type shows readers, and which of them hold file URLs. */
type PublicFields = { names: string[]; fileFields: ReadonlySet<string> };
const fieldsCache = new WeakMap<ContentType, PublicFields>();

function publicFieldsOf(type: ContentType | undefined): PublicFields {
  // A type no longer installed has no known private fields: none of its own fields are shown.
  if (!type) return { names: [], fileFields: new Set() };
  const cached = fieldsCache.get(type);
  if (cached) return cached;
  const hidden = privateFieldsOf(type.uischema);
  const names = Object.keys(type.schema.properties).filter((n) => !OWN_FIELDS.has(n) && !hidden.has(n));
  const fields = { names, fileFields: fileFieldsOf(type) };
  fieldsCache.set(type, fields);
  return fields;
}

function absolute(origin: string, value: unknown): unknown {
  if (typeof value === 'string')
    return value.startsWith('/') && !value.startsWith('//') ? origin + value : value;
  if (Array.isArray(value)) return value.map((item) => absolute(origin, item));
  return value;
}

/** A stored entry as readers get it, but for its rendered HTML; `origin` makes its file URLs absolute. */
function toPublicFields(
  contentTypes: ContentTypes,
  row: repo.PublicEntryRow,
  origin: string,
): PublicEntryFields {
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
    published_at: isoDateTime(row.published_at ?? row.updated_at),
    // A scheduled publication was last changed before readers saw it; to them it is new from then.
    updated_at: isoDateTime(Math.max(row.updated_at, row.published_at ?? row.updated_at)),
    ...fields,
    content,
  };
}

/**
 * Rendered HTML by origin and Markdown, for entries without stored HTML (public before it was kept).
 * Rendering takes milliseconds per entry, and every list page and
 * feed asks for the same newest entries again and again; keyed by the text itself, an edited entry
 * simply misses, so nothing stale is ever served. Bounded by characters held (keys and values).
 */
const renderedHtml = new LRUCache<string, string>({
  maxSize: 4_000_000,
  sizeCalculation: (html, key) => html.length + key.length,
});

function publicHtml(render: RenderMarkdown, content: string, origin: string): string {
  const key = `${origin}\n${content}`;
  let html = renderedHtml.get(key);
  if (html === undefined) {
    html = render(content, { origin });
    renderedHtml.set(key, html);
  }
  return html;
}

/**
 * Stored entries as readers get them; `origin` makes their file URLs absolute. The Markdown renderer
 * loads only when one of them has no stored HTML.
 */
async function toPublicEntries(
  contentTypes: ContentTypes,
  rows: repo.PublicEntryRow[],
  origin: string,
): Promise<PublicEntry[]> {
  const render = rows.some((row) => row.stored_html === null) ? await markdownRenderer() : undefined;
  return rows.map((row) => {
    const entry = toPublicFields(contentTypes, row, origin);
    const html =
      row.stored_html !== null
        ? storedHtmlFor(row.stored_html, origin)
        : publicHtml(render!, entry.content, origin);
    return { ...entry, content_html: html };
  });
}

/**
 * Keeps readers' HTML of an entry after a write, in the write's transaction: rendered for its
 * revision while it is in a public state, none otherwise. Every write that moves an entry or
 * changes its fields calls it.
 */
export async function keepPublicHtml(
  db: Db,
  row: { id: string; state: string; data: string; revision: number },
): Promise<void> {
  if (!publicStates().includes(row.state)) return repo.deletePublicHtml(db, row.id);
  await repo.writePublicHtml(db, {
    entry_id: row.id,
    revision: row.revision,
    html: await renderHtmlToStore(contentOfData(row.data)),
  });
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
  typeParam(contentTypes, params.type);
  const updatedSince = dateTimeParam('updated_since', params.updated_since);
  const filter: repo.PublicListFilter = {
    ...publicFilter(now, params.type),
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
    data: await toPublicEntries(contentTypes, rows, origin),
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
  const [entry] = await toPublicEntries(contentTypes, [row], origin);
  return entry!;
}

/**
 * Feed documents by content types, then by feed and links, with the rows they were made of: a feed is
 * a function of its rows (each change moves `updated_at`), so while the newest rows are the same,
 * the document is too, and it is not built again for every reader that polls it.
 */
const feedDocuments = new WeakMap<ContentTypes, LRUCache<string, { rows: string; document: string }>>();

async function feedDocument(
  contentTypes: ContentTypes,
  key: string,
  rows: repo.PublicEntryRow[],
  build: () => string | Promise<string>,
): Promise<string> {
  let documents = feedDocuments.get(contentTypes);
  if (!documents) feedDocuments.set(contentTypes, (documents = new LRUCache({ max: 200 })));
  const fingerprint = rows.map((r) => `${r.id}:${r.updated_at}:${r.published_at}`).join(',');
  const cached = documents.get(key);
  if (cached?.rows === fingerprint) return cached.document;
  const document = await build();
  documents.set(key, { rows: fingerprint, document });
  return document;
}

/** Where the feeds point: the origin of their own URLs, and where readers read an entry. */
export type FeedLinks = { origin: string; entryUrl: (id: string) => string };

/** The site a feed belongs to: the organisation's, when entries are read on its pages, else this server. */
function siteOf(links: FeedLinks): string {
  const sample = links.entryUrl('x');
  return URL.canParse(sample) ? `${new URL(sample).origin}/` : `${links.origin}/`;
}

/**
 * The Atom feed: the newest published entries, of one type or of all (400 naming `type` for a type
 * there is not), each with its lead as summary and its sanitised HTML as content.
 */
export async function getAtomFeed(
  db: Db,
  contentTypes: ContentTypes,
  params: PublicAtomFeedQuery,
  links: FeedLinks,
  now: number,
): Promise<string> {
  const type = typeParam(contentTypes, params.type);
  const rows = await repo.listNewestPublicEntries(db, publicFilter(now, type?.name), ATOM_FEED_ENTRIES);
  const key = `atom\n${type?.name ?? ''}\n${links.origin}\n${links.entryUrl('{id}')}`;
  return feedDocument(contentTypes, key, rows, () => buildAtomFeed(contentTypes, type, rows, links));
}

async function buildAtomFeed(
  contentTypes: ContentTypes,
  type: ContentType | undefined,
  rows: repo.PublicEntryRow[],
  links: FeedLinks,
): Promise<string> {
  const entries = await toPublicEntries(contentTypes, rows, links.origin);
  const updated = Math.max(0, ...rows.map((row) => row.updated_at));
  return renderAtomFeed({
    id: `urn:uuid:${feedUuid(links.origin, type?.name)}`,
    title: type ? `Einwurf: ${type.title[DEFAULT_LOCALE]}` : 'Einwurf',
    self: links.origin + atomFeedPath(type?.name),
    alternate: siteOf(links),
    updated: isoDateTime(updated),
    language: DEFAULT_LOCALE,
    author: 'Einwurf',
    generator: { name: 'Einwurf', version: VERSION },
    entries: entries.map((entry) => ({
      id: `urn:uuid:${entryUuid(entry.id)}`,
      title: entry.title,
      link: links.entryUrl(entry.id),
      published: entry.published_at,
      updated: entry.updated_at,
      summary: typeof entry['lead'] === 'string' ? entry['lead'] : undefined,
      contentHtml: entry.content_html,
      category: {
        term: entry.type,
        label: contentTypes.types.get(entry.type)?.title[DEFAULT_LOCALE] ?? entry.type,
      },
    })),
  });
}

/**
 * The iCalendar feed of a type whose config.json maps fields to calendar events: the events of its
 * newest published entries. 400 naming `type` when it is missing, no type, or a type without mapping.
 */
export async function getCalendarFeed(
  db: Db,
  contentTypes: ContentTypes,
  params: PublicCalendarFeedQuery,
  links: FeedLinks,
  now: number,
): Promise<string> {
  const type = typeParam(contentTypes, params.type);
  const mapping = (type?.config as TypeConfig | undefined)?.calendar;
  if (!type || !mapping) {
    throw badParam('type', `type "${params.type}" has no calendar: its config.json maps no fields to events`);
  }
  const formats = {
    start: type.schema.properties[mapping.start]?.format,
    end: mapping.end === undefined ? undefined : type.schema.properties[mapping.end]?.format,
  };
  const rows = await repo.listNewestPublicEntries(db, publicFilter(now, type.name), CALENDAR_FEED_EVENTS);
  const key = `ics\n${type.name}\n${links.origin}\n${links.entryUrl('{id}')}`;
  return feedDocument(contentTypes, key, rows, () => {
    const events = rows.flatMap((row): CalendarEvent[] => {
      // The calendar reads no HTML: the Markdown is not rendered for it.
      const entry = toPublicFields(contentTypes, row, links.origin);
      const event = calendarEventOf(entry, mapping, formats, {
        uid: entryUuid(entry.id),
        url: links.entryUrl(entry.id),
      });
      return event ? [event] : [];
    });
    return renderCalendar(
      { name: `Einwurf: ${type.title[DEFAULT_LOCALE]}`, version: VERSION, language: DEFAULT_LOCALE },
      events,
    );
  });
}

/**
 * Keeps the ids of once public entries that a purge is about to delete, so `updated_since` still
 * reports them; call it in the purge's transaction.
 */
export async function rememberPurgedPublicEntries(
  db: Db,
  ids: readonly string[],
  now: number,
): Promise<void> {
  await repo.insertTombstones(db, ids, publicStates(), now);
}

/** Forgets the purged entries that were purged before the given time (epoch ms). */
export async function forgetPurgedPublicEntries(db: Db, before: number): Promise<void> {
  await repo.deleteTombstonesPurgedBefore(db, before);
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
