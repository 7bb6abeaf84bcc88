// The reader's page strings and HTML escaping, apart from render-entry.ts and its Markdown pipeline:
// the server's reader page needs them at start, the pipeline only when it renders an article.

/** The page strings the article needs, as keys of the web app's catalogues (`reader.*`). */
export const READER_TEXT_KEYS = [
  'reader.published',
  'reader.attachments',
  'reader.details',
  'reader.yes',
  'reader.no',
] as const;
export type ReaderTextKey = (typeof READER_TEXT_KEYS)[number];
/** Translates one of the article's page strings into the reader's language. */
export type ReaderTranslate = (key: ReaderTextKey) => string;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
