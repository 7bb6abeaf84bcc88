import { markdownRenderer } from './markdown.ts';

// Readers' HTML is rendered once, when an entry becomes public or a public entry is saved, and kept
// (table public_html) with the revision it was rendered from. Each reader's answer needs its own
// origin in root-relative URLs (file links, images): the stored HTML carries a placeholder instead.
// The placeholder is NUL, which no stored text holds (storable-text refuses it, and Markdown turns a
// NUL or `&#0;` in the text into U+FFFD); the serialiser writes it as `&#x0;`, which text never
// becomes (a written `&` is `&#x26;`), so replacing every `&#x0;` replaces exactly the placeholders.

const PLACEHOLDER_ORIGIN = '\u0000';
const SERIALISED_PLACEHOLDER = '&#x0;';

/** An entry's Markdown as readers' HTML, to store: root-relative URLs start with the placeholder. */
export async function renderHtmlToStore(markdown: string): Promise<string> {
  return (await markdownRenderer())(markdown, { origin: PLACEHOLDER_ORIGIN });
}

const attributeEscapes: Record<string, string> = { '&': '&#x26;', '"': '&#x22;' };

/** Stored HTML with its root-relative URLs under `origin`, as `renderMarkdown(markdown, { origin })` gives it. */
export function storedHtmlFor(stored: string, origin: string): string {
  const escaped = origin.replace(/[&"]/g, (c) => attributeEscapes[c]!);
  return stored.replaceAll(SERIALISED_PLACEHOLDER, escaped);
}

/** The Markdown body of an entry's stored `data` (JSON). */
export function contentOfData(data: string): string {
  const content = (JSON.parse(data) as Record<string, unknown>)['content'];
  return typeof content === 'string' ? content : '';
}
