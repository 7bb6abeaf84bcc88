import { createHash } from 'node:crypto';
import type { SnippetPart } from '@einwurf/contract';
import { remembered } from '../../remembered.ts';

/**
 * The form text is indexed and searched in: diacritics removed and ß spelled ss, so "Strasse"
 * finds "Straße", "Zurich" finds "Zürich" and back, on both databases (PostgreSQL has no
 * unaccent without an extension, and SQLite's tokenizer keeps ß).
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/ẞ/g, 'SS');
}

/** Markdown reduced to its words, roughly: link and image targets, tags and markup characters go. */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_~`|]+/g, ' ')
    .replace(/[ \t]+/g, ' ');
}

/** The body an entry is searched by: its Markdown content first, then its other text fields. */
export function entryBodyText(fields: Record<string, unknown>): string {
  return stripMarkdown(entryText(fields));
}

/** An entry's text fields as they are stored, content first, one per line (entryBodyText before markup goes). */
export function entryText(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  const content = fields['content'];
  if (typeof content === 'string') parts.push(content);
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'content' || name === 'title') continue;
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) parts.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return parts.join('\n');
}

/**
 * The SQLite full-text rowid of an entry: 64 bits of a hash of its (random, 128-bit) id, kept for
 * the last 10,000 entries asked (those saved in the last minutes, whose next save needs it again).
 */
export const searchRowid = remembered(
  (entryId: string): bigint => createHash('sha256').update(entryId).digest().readBigInt64BE(0),
  10_000,
);

/** The facets column of an entry's SQLite full-text document: one token for its state, one for its type. */
export function searchFacets(state: string, type: string): string {
  return `${stateFacet(state)} ${typeFacet(type)}`;
}

/** The token of a state in the facets column. */
export function stateFacet(state: string): string {
  return `s${state}`;
}

/** The token of a type in the facets column: hex, so a name with a dash stays one exact token. */
export function typeFacet(type: string): string {
  return `t${Buffer.from(type).toString('hex')}`;
}

/** The words of a query, folded and lower-cased; punctuation separates words. */
export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      foldSearchText(query)
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    ),
  ];
}

const WORD = /[\p{L}\p{N}]+/gu;
const BEFORE = 60;
const AFTER = 140;

function matches(word: string, terms: string[]): boolean {
  const folded = foldSearchText(word).toLowerCase();
  // A prefix match stands in for the stemming the databases do ("Velowege" for "Veloweg").
  return terms.some((t) => folded.startsWith(t) || (t.length > 4 && folded.startsWith(t.slice(0, -1))));
}

function window(text: string, terms: string[]): SnippetPart[] | undefined {
  const words = [...text.matchAll(WORD)];
  const first = words.find((w) => matches(w[0], terms));
  if (first?.index === undefined) return undefined;
  let start = Math.max(0, first.index - BEFORE);
  let end = Math.min(text.length, first.index + first[0].length + AFTER);
  // Cut at word boundaries.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > first.index ? text.lastIndexOf(' ', end) : end;
  const parts: SnippetPart[] = [];
  const push = (part: string, match: boolean) => {
    if (part === '') return;
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += part;
    else parts.push({ text: part, match });
  };
  if (start > 0) push('… ', false);
  let at = start;
  for (const w of words) {
    const index = w.index ?? 0;
    if (index < start || index + w[0].length > end) continue;
    if (!matches(w[0], terms)) continue;
    push(text.slice(at, index).replace(/\s+/g, ' '), false);
    push(w[0], true);
    at = index + w[0].length;
  }
  push(text.slice(at, end).replace(/\s+/g, ' '), false);
  if (end < text.length) push(' …', false);
  return parts;
}

/** A short plain-text window around the first match in the body, else the title, with matches marked. */
export function buildSnippet(title: string, body: string, query: string): SnippetPart[] {
  const terms = queryTerms(query);
  const text = body.trim();
  const found = window(text, terms) ?? window(title, terms);
  if (found) return found;
  const head = text.slice(0, BEFORE + AFTER);
  return head === '' ? [] : [{ text: head.length < text.length ? `${head} …` : head, match: false }];
}
