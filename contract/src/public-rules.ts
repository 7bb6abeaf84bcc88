import type { Pagination } from './admin.ts';

// The public reading API's plain types and constants without their TypeBox schemas (public.ts), so a
// reader page can import them without TypeBox.

/** `GET public/entries` lists this many entries when `page_size` is not given (at most PAGE_SIZE_MAX). */
export const PUBLIC_PAGE_SIZE_DEFAULT = 20;
/** How long browsers and shared caches may keep a public answer before they revalidate it. */
export const PUBLIC_MAX_AGE_SECONDS = 60;

/**
 * A published entry as readers get it: no state, revision or password, none of the fields its type
 * marks private; file URLs absolute; `content_html` the sanitised rendering of `content`.
 */
export type PublicEntry = {
  id: string;
  type: string;
  title: string;
  published_at: string;
  updated_at: string;
  content: string;
  content_html: string;
} & Record<string, unknown>;

/** `GET public/entries`: newest publication first; `removed` only when `updated_since` was given. */
export type PublicEntryList = {
  meta: { pagination: Pagination; removed?: string[] };
  data: PublicEntry[];
};

/** `GET public/entries/{id}`. */
export type PublicEntryAnswer = { data: PublicEntry };
