import type { XMLBuilder } from 'fast-xml-parser';

// Writes an Atom feed (RFC 4287). The builder escapes text and attributes; what it cannot express is
// a character XML 1.0 forbids (most C0 controls, lone surrogates), which an entry's text may hold:
// those are dropped, as no parser would read the feed otherwise.

const ATOM_NS = 'http://www.w3.org/2005/Atom';
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export type AtomEntry = {
  /** A URI that never changes (urn:uuid:…). */
  id: string;
  title: string;
  /** Where readers read it. */
  link: string;
  published: string;
  updated: string;
  /** Plain text. */
  summary?: string | undefined;
  /** Sanitised HTML. */
  contentHtml: string;
  category: { term: string; label: string };
};

export type AtomFeed = {
  id: string;
  title: string;
  /** The feed's own URL. */
  self: string;
  /** The site the feed belongs to. */
  alternate: string;
  updated: string;
  language: string;
  author: string;
  generator: { name: string; version: string };
  entries: AtomEntry[];
};

let builder: XMLBuilder | undefined;

/** fast-xml-parser loads at the first feed asked for, not at start. */
async function xmlBuilder(): Promise<XMLBuilder> {
  const { XMLBuilder } = await import('fast-xml-parser');
  return (builder ??= new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    textNodeName: '#text',
    processEntities: true,
    suppressEmptyNode: true,
  }));
}

const xmlText = (text: string) => text.replace(NOT_XML_CHAR, '');
const text = (value: string, type?: 'text' | 'html') => ({
  ...(type ? { '@_type': type } : {}),
  '#text': xmlText(value),
});
const link = (rel: string, type: string, href: string) => ({
  '@_rel': rel,
  '@_type': type,
  '@_href': xmlText(href),
});

/** The feed as an XML document. */
export async function renderAtomFeed(feed: AtomFeed): Promise<string> {
  return (await xmlBuilder()).build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    feed: {
      '@_xmlns': ATOM_NS,
      '@_xml:lang': feed.language,
      id: text(feed.id),
      title: text(feed.title, 'text'),
      updated: text(feed.updated),
      link: [link('self', 'application/atom+xml', feed.self), link('alternate', 'text/html', feed.alternate)],
      author: { name: text(feed.author) },
      generator: { '@_version': feed.generator.version, '#text': feed.generator.name },
      entry: feed.entries.map((entry) => ({
        id: text(entry.id),
        title: text(entry.title, 'text'),
        link: link('alternate', 'text/html', entry.link),
        published: text(entry.published),
        updated: text(entry.updated),
        category: { '@_term': xmlText(entry.category.term), '@_label': xmlText(entry.category.label) },
        ...(entry.summary ? { summary: text(entry.summary, 'text') } : {}),
        content: text(entry.contentHtml, 'html'),
      })),
    },
  }) as string;
}
