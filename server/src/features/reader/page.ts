import { escapeHtml } from '@einwurf/contract/reader/text';

// The reader's page around the contract's article: a complete HTML document that needs no JavaScript,
// with the meta tags link previews and feed readers look for. Every inserted value is escaped.

export type FeedLink = { href: string; title: string };

export type ReaderPage = {
  lang: string;
  title: string;
  /** The lead, for search results and link previews. */
  description: string | undefined;
  /** Where readers read the entry (EINWURF_PUBLIC_ENTRY_URL or this page), absolute. */
  canonicalUrl: string;
  /** The cover image, absolute. */
  imageUrl: string | undefined;
  publishedAt: string;
  modifiedAt: string;
  feeds: FeedLink[];
  stylesheetHref: string;
  /** The contract's rendered article (already escaped and sanitised). */
  articleHtml: string;
};

const OG_LOCALES: Record<string, string> = { de: 'de_DE', 'de-CH': 'de_CH', en: 'en_GB' };

const meta = (property: string, content: string) =>
  `<meta property="${property}" content="${escapeHtml(content)}">`;

function head(lang: string, title: string, stylesheetHref: string, extra: string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Light or dark as the reader's system is set (reader.css); the browser's own parts follow.
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(title)}</title>`,
    ...extra,
    `<link rel="stylesheet" href="${escapeHtml(stylesheetHref)}">`,
    '</head>',
  ].join('\n');
}

/** The reader's page of a published entry. */
export function readerPageHtml(page: ReaderPage): string {
  const extra = [
    page.description === undefined
      ? ''
      : `<meta name="description" content="${escapeHtml(page.description)}">`,
    `<link rel="canonical" href="${escapeHtml(page.canonicalUrl)}">`,
    meta('og:type', 'article'),
    meta('og:title', page.title),
    page.description === undefined ? '' : meta('og:description', page.description),
    meta('og:url', page.canonicalUrl),
    page.imageUrl === undefined ? '' : meta('og:image', page.imageUrl),
    meta('og:locale', OG_LOCALES[page.lang] ?? page.lang),
    meta('article:published_time', page.publishedAt),
    meta('article:modified_time', page.modifiedAt),
    ...page.feeds.map(
      (feed) =>
        `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}">`,
    ),
  ].filter((line) => line !== '');
  const feedLinks = page.feeds
    .map((feed) => `<li><a href="${escapeHtml(feed.href)}">${escapeHtml(feed.title)} (Atom)</a></li>`)
    .join('');
  return `${head(page.lang, page.title, page.stylesheetHref, extra)}
<body class="einwurf-reader-page">
<main>
${page.articleHtml}
</main>
<footer><ul>${feedLinks}</ul></footer>
</body>
</html>
`;
}

/** The page for an entry readers cannot see (none, or not published): the same look, a plain message. */
export function notFoundPageHtml(page: {
  lang: string;
  title: string;
  text: string;
  stylesheetHref: string;
}): string {
  return `${head(page.lang, page.title, page.stylesheetHref, ['<meta name="robots" content="noindex">'])}
<body class="einwurf-reader-page">
<main>
<article class="einwurf-reader"><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p></article>
</main>
</body>
</html>
`;
}
