import type { Pagination } from './pagination.ts';
import { API_BASE } from './limits.ts';

// The public reading API's plain types and constants without their TypeBox schemas (public.ts), so a
// reader page can import them without TypeBox.

/** `GET public/entries` lists this many entries when `page_size` is not given (at most PAGE_SIZE_MAX). */
export const PUBLIC_PAGE_SIZE_DEFAULT = 20;
/** How long browsers and shared caches may keep a public answer before they revalidate it. */
export const PUBLIC_MAX_AGE_SECONDS = 60;

/** The Atom feed carries this many entries, the newest publications. */
export const ATOM_FEED_ENTRIES = 50;
/** The calendar feed carries this many events, those of the newest publications. */
export const CALENDAR_FEED_EVENTS = 200;

/** The Atom feed of published entries, of all types or of one (readers' pages link to it). */
export function atomFeedPath(type?: string): string {
  return `${API_BASE}/public/feed.atom${type === undefined ? '' : `?type=${encodeURIComponent(type)}`}`;
}

/** The iCalendar feed of a type whose config.json maps its fields to calendar events. */
export function calendarFeedPath(type: string): string {
  return `${API_BASE}/public/feed.ics?type=${encodeURIComponent(type)}`;
}

/** A published entry's fields as readers get them, without the rendered HTML (see PublicEntry). */
export type PublicEntryFields = {
  id: string;
  type: string;
  title: string;
  published_at: string;
  updated_at: string;
  content: string;
} & Record<string, unknown>;

/**
 * A published entry as readers get it: no state, revision or password, none of the fields its type
 * marks private; file URLs absolute; `content_html` the sanitised rendering of `content`.
 */
export type PublicEntry = PublicEntryFields & { content_html: string };

/** `GET public/entries`: newest publication first; `removed` only when `updated_since` was given. */
export type PublicEntryList = {
  meta: { pagination: Pagination; removed?: string[] };
  data: PublicEntry[];
};

/** `GET public/entries/{id}`. */
export type PublicEntryAnswer = { data: PublicEntry };
