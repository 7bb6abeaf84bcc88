import type { Element, Root } from 'hast';
import type { Html, Root as MdastRoot } from 'mdast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Plugin } from 'unified';
import { visit, SKIP } from 'unist-util-visit';
import { IMAGE_WIDTH_PRESETS, isAllowedEmbed } from './forms.ts';

export { isAllowedEmbed };

// Entries are written by anonymous authors and shown to moderation and the public: their Markdown
// goes through one pipeline here, for the web preview and, later, the server's public output. Raw
// HTML is parsed (embedded media is written as <iframe>) and then cut down to a strict allow-list.
//
// Two HTML forms carry what plain Markdown cannot, and are what the editor writes:
// - embedded media: `<iframe src="https://www.youtube-nocookie.com/embed/ID" title="…"></iframe>` or
//   the same with `https://player.vimeo.com/video/ID`; other renderers show the player too, and an
//   iframe from any other host (or over http) is dropped here. The editor's MDX serializer writes it
//   self-closed (`<iframe … />`), which HTML does not know; it is reopened before parsing.
// - an image resized to a preset: `<img src="/api/v1/files/…" alt="…" width="50%" />` (or 75%); only
//   these two widths survive on images, so a resize never carries a style attribute.

const globalAttributes = (defaultSchema.attributes?.['*'] ?? []).filter((name) => name !== 'width');

/**
 * GitHub's allow-list (rehype-sanitize's default: no script, style, event handlers, forms) with
 * links limited to http(s) and mailto, images to http(s) or relative URLs, plus iframes whose
 * attributes are only src, title, size and fullscreen. `width` is taken off every element but
 * iframes (pixels) and images (the presets only).
 */
export const MARKDOWN_SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []).filter((name) => name !== 'input'), 'iframe'],
  attributes: {
    ...defaultSchema.attributes,
    '*': globalAttributes,
    img: [...(defaultSchema.attributes?.['img'] ?? []), ['width', ...IMAGE_WIDTH_PRESETS]],
    iframe: ['src', 'title', ['width', /^\d{1,4}$/], 'height', 'allowFullScreen'],
  },
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    src: ['http', 'https'],
    cite: ['http', 'https'],
    longDesc: ['http', 'https'],
  },
};

/** Removes iframes from other hosts and hardens the allowed ones (no referrer, lazy, sandboxed). */
const rehypeEmbeds: Plugin<[], Root> = () => (tree) => {
  visit(tree, 'element', (node: Element, index, parent) => {
    if (node.tagName !== 'iframe' || !parent || index === undefined) return;
    if (!isAllowedEmbed(node.properties['src'])) {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    node.properties = {
      src: node.properties['src'],
      title: node.properties['title'] ?? 'Embedded media',
      width: node.properties['width'],
      height: node.properties['height'],
      allowFullScreen: true,
      loading: 'lazy',
      referrerPolicy: 'strict-origin-when-cross-origin',
      sandbox: ['allow-scripts', 'allow-same-origin', 'allow-presentation', 'allow-popups'],
    };
    node.children = [];
    return SKIP;
  });
};

/** `<iframe … />` as the editor writes it, which an HTML parser would leave open. */
const SELF_CLOSED_IFRAME = /<iframe\b([^<>]*?)\s*\/>/gi;

/** Reopens self-closed iframes in raw HTML so they do not swallow the rest of the entry. */
const remarkCloseIframes: Plugin<[], MdastRoot> = () => (tree) => {
  visit(tree, 'html', (node: Html) => {
    node.value = node.value.replace(SELF_CLOSED_IFRAME, '<iframe$1></iframe>');
  });
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkCloseIframes)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, MARKDOWN_SANITIZE_SCHEMA)
  .use(rehypeEmbeds)
  .use(rehypeStringify)
  .freeze();

const URL_PROPERTIES = ['src', 'href'] as const;

/**
 * Prefixes root-relative `src` and `href` (file URLs such as `/api/v1/files/…`) with an origin, so the
 * HTML works on other sites; runs after the sanitiser, which has already vetted the URLs.
 */
const rehypeAbsoluteUrls: Plugin<[string], Root> = (origin) => (tree) => {
  visit(tree, 'element', (node: Element) => {
    for (const name of URL_PROPERTIES) {
      const value = node.properties[name];
      if (typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')) {
        node.properties[name] = origin + value;
      }
    }
  });
};

export type RenderMarkdownOptions = {
  /** An origin (`https://example.org`) for root-relative links and images; they stay relative without. */
  origin?: string;
};

/** Renders an entry's Markdown (GFM) to HTML that is safe to insert into a page. */
export function renderMarkdown(markdown: string, options: RenderMarkdownOptions = {}): string {
  if (options.origin === undefined) return String(processor.processSync(markdown));
  return String(processor().use(rehypeAbsoluteUrls, options.origin).processSync(markdown));
}
