import { ENTRY_SYSTEM_FIELDS } from '../entry-rules.ts';
import type { UiElement } from '../forms/ui-schema.ts';
import { fileNameOf } from '../file-names.ts';
import { privateFieldsOf } from '../forms/widgets.ts';
import { valueText } from '../forms/choice-text.ts';
import { formatDate, formatDateTime, localizeText } from '../localize.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { escapeHtml, type ReaderTranslate } from './text.ts';

// The reader's view of an entry, as one HTML string: the server wraps it in the reader's page, and the
// web app's author and moderation previews show the draft through this very function, so a preview is
// what readers will see. A plain module (no TypeBox, no Ajv); its one heavy import is the Markdown
// pipeline, which the web loads with the preview only. Every value is escaped; the Markdown goes through
// the sanitising renderer; URLs outside http(s) and root-relative paths are shown, never linked.

/**
 * An entry as the article shows it: title, Markdown content, publication time (a draft's preview has
 * none) and the type's fields by name. Other keys (id, state, password …) may be present; only fields
 * the UI schema lists and does not mark private are shown.
 */
export type ReaderEntry = {
  title: string;
  content?: unknown;
  published_at?: string | undefined;
} & Readonly<Record<string, unknown>>;

export type RenderEntryOptions = {
  /** The reader's language, for the type's labels and choices. */
  locale: string;
  t: ReaderTranslate;
  /** Prefixes root-relative links and images in the Markdown (the public origin); relative without. */
  origin?: string;
};

/** The class of the article's root element; the reader's stylesheet styles nothing outside it. */
export const READER_ARTICLE_CLASS = 'einwurf-reader';

/** The field whose text is the entry's lead (the article type's), shown under the title. */
const LEAD_FIELD = 'lead';
/** The field with the entry's body in Markdown. */
const CONTENT_FIELD = 'content';
/** A place shown with the dates, before the body (the event type's). */
const PLACE_FIELD = 'location';

const NOT_SHOWN = new Set<string>([...ENTRY_SYSTEM_FIELDS, 'title', 'published_at', 'content_html']);

/** Whether a URL may be linked or loaded: http(s), or a path on this server. */
function isSafeUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'));
}

const EMAIL = /^[^\s@<>"'/:]+@[^\s@<>"'/:]+$/;

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');

/** Plain text with its paragraphs and line breaks. */
function paragraphs(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((part) => `<p>${escapeHtml(part.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function timeHtml(iso: string, shown: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(shown)}</time>`;
}

function linkHtml(url: string, text: string, external: boolean): string {
  if (!isSafeUrl(url)) return escapeHtml(text);
  const rel = external ? ' rel="nofollow ugc noopener noreferrer"' : '';
  return `<a href="${escapeHtml(url)}"${rel}>${escapeHtml(text)}</a>`;
}

function imageHtml(url: string): string | undefined {
  // The image widget stores a URL and no description, so the image is decorative to screen readers.
  return isSafeUrl(url) ? `<img src="${escapeHtml(url)}" alt="" loading="lazy">` : undefined;
}

function listHtml(items: string[], className: string): string {
  return `<ul class="${className}">${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

/** A field's value as HTML, by its widget; undefined when there is nothing to show. */
function valueHtml(element: UiElement, value: unknown, options: RenderEntryOptions): string | undefined {
  if (isBlank(value)) return undefined;
  switch (element.widget) {
    case 'checkbox':
      return typeof value === 'boolean'
        ? escapeHtml(options.t(value ? 'reader.yes' : 'reader.no'))
        : undefined;
    case 'datetime':
      return typeof value === 'string' ? timeHtml(value, `${formatDateTime(value)} UTC`) : undefined;
    case 'date':
      return typeof value === 'string' ? timeHtml(value, formatDate(value)) : undefined;
    case 'time':
      return typeof value === 'string' ? timeHtml(value, value) : undefined;
    case 'textarea':
      return typeof value === 'string' ? paragraphs(value) : undefined;
    case 'markdown':
      return typeof value === 'string'
        ? renderMarkdown(value, options.origin === undefined ? {} : { origin: options.origin })
        : undefined;
    case 'image':
      return strings(value).map(imageHtml).filter(Boolean).join('') || undefined;
    case 'files':
      return listHtml(
        strings(value).map((url) => linkHtml(url, fileNameOf(url), false)),
        'einwurf-reader-files',
      );
    case 'tags':
      return listHtml(strings(value).map(escapeHtml), 'einwurf-reader-tags');
    case 'tags-predefined':
      return listHtml(
        strings(value).map((tag) => escapeHtml(valueText(element, tag, options.locale))),
        'einwurf-reader-tags',
      );
    case 'select': {
      const items = Array.isArray(value) ? value : [value];
      return escapeHtml(items.map((item) => valueText(element, item, options.locale)).join(', '));
    }
    case 'input': {
      if (typeof value === 'number') return escapeHtml(String(value));
      if (typeof value !== 'string') return undefined;
      switch (element.options?.type) {
        case 'url':
          return linkHtml(value, value, true);
        case 'email':
          return EMAIL.test(value)
            ? `<a href="mailto:${escapeHtml(value)}">${escapeHtml(value)}</a>`
            : escapeHtml(value);
        case 'date':
          return timeHtml(value, formatDate(value));
        case 'time':
          return timeHtml(value, value);
        default:
          return escapeHtml(value);
      }
    }
  }
}

type Shown = { element: UiElement; label: string; html: string };

/**
 * The entry as readers see it: an `<article>` with the title (h1), lead, publication time, cover
 * image, date and place, the body, the attachments and the type's other fields with their labels.
 */
export function renderEntryArticle(
  entry: ReaderEntry,
  uiSchema: readonly UiElement[],
  options: RenderEntryOptions,
): string {
  const hidden = privateFieldsOf(uiSchema);
  const elements = uiSchema.filter((element) => !NOT_SHOWN.has(element.scope) && !hidden.has(element.scope));
  const label = (element: UiElement) => localizeText(element.label, options.locale) || element.scope;
  const shown = (element: UiElement): Shown | undefined => {
    const html = valueHtml(element, entry[element.scope], options);
    return html === undefined ? undefined : { element, label: label(element), html };
  };

  const cover = elements.find((e) => e.widget === 'image');
  const lead = elements.find((e) => e.scope === LEAD_FIELD && e.widget !== 'markdown');
  const body = elements.find((e) => e.scope === CONTENT_FIELD);
  const facts = elements.filter((e) => e.widget === 'datetime' || e.scope === PLACE_FIELD);
  const files = elements.filter((e) => e.widget === 'files');
  const special = new Set([cover, lead, body, ...facts, ...files]);
  const details = elements.filter((e) => !special.has(e));

  const parts: string[] = [];
  const header = [`<h1>${escapeHtml(entry.title)}</h1>`];
  const leadText = lead ? entry[lead.scope] : undefined;
  if (typeof leadText === 'string' && leadText.trim() !== '') {
    header.push(`<div class="einwurf-reader-lead">${paragraphs(leadText)}</div>`);
  }
  if (typeof entry.published_at === 'string') {
    header.push(
      `<p class="einwurf-reader-published">${escapeHtml(options.t('reader.published'))} ${timeHtml(
        entry.published_at,
        `${formatDateTime(entry.published_at)} UTC`,
      )}</p>`,
    );
  }
  parts.push(`<header>${header.join('')}</header>`);

  const coverHtml = cover ? shown(cover) : undefined;
  if (coverHtml) parts.push(`<figure class="einwurf-reader-cover">${coverHtml.html}</figure>`);

  parts.push(definitionList(facts.map(shown), 'einwurf-reader-facts'));

  // The body shows even when the UI schema does not list it (base.json gives every type one).
  const content = hidden.has(CONTENT_FIELD) ? undefined : entry[CONTENT_FIELD];
  if (typeof content === 'string' && content.trim() !== '') {
    const html = renderMarkdown(content, options.origin === undefined ? {} : { origin: options.origin });
    parts.push(`<div class="einwurf-reader-body">${html}</div>`);
  }

  const attachments = files.map(shown).filter((item): item is Shown => item !== undefined);
  if (attachments.length > 0) {
    const lists = attachments.map((item) =>
      attachments.length > 1 ? `<h3>${escapeHtml(item.label)}</h3>${item.html}` : item.html,
    );
    parts.push(section('attachments', options.t('reader.attachments'), lists.join('')));
  }

  const detailList = definitionList(details.map(shown), 'einwurf-reader-details');
  if (detailList !== '') parts.push(section('details', options.t('reader.details'), detailList));

  return `<article class="${READER_ARTICLE_CLASS}">${parts.join('')}</article>`;
}

function definitionList(items: (Shown | undefined)[], className: string): string {
  const present = items.filter((item): item is Shown => item !== undefined);
  if (present.length === 0) return '';
  const rows = present.map(
    (item) =>
      `<div data-field="${escapeHtml(item.element.scope)}"><dt>${escapeHtml(item.label)}</dt><dd>${item.html}</dd></div>`,
  );
  return `<dl class="${className}">${rows.join('')}</dl>`;
}

function section(name: string, heading: string, html: string): string {
  const id = `einwurf-reader-${name}`;
  return `<section class="${id}" aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(heading)}</h2>${html}</section>`;
}
