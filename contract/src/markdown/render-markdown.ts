import type { Element, Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Plugin } from 'unified';
import { visit, SKIP } from 'unist-util-visit';

// Entries are written by anonymous authors and shown to moderation and the public: their Markdown
// goes through one pipeline here, for the web preview and, later, the server's public output. Raw
// HTML is parsed (embedded media is written as <iframe>) and then cut down to a strict allow-list.

/** Embeds allowed in entries: only these players, only over https. */
export const EMBED_PREFIXES = [
  'https://www.youtube-nocookie.com/embed/',
  'https://player.vimeo.com/video/',
] as const;

/** Whether an iframe `src` points into one of the allowed players (after URL normalisation). */
export function isAllowedEmbed(src: unknown): boolean {
  if (typeof src !== 'string') return false;
  try {
    const href = new URL(src).href;
    return EMBED_PREFIXES.some((prefix) => href.startsWith(prefix));
  } catch {
    return false;
  }
}

/**
 * GitHub's allow-list (rehype-sanitize's default: no script, style, event handlers, forms) with
 * links limited to http(s) and mailto, images to http(s) or relative URLs, plus iframes whose
 * attributes are only src, title, size and fullscreen.
 */
export const MARKDOWN_SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []).filter((name) => name !== 'input'), 'iframe'],
  attributes: {
    ...defaultSchema.attributes,
    iframe: ['src', 'title', 'width', 'height', 'allowFullScreen'],
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
      allowFullScreen: node.properties['allowFullScreen'],
      loading: 'lazy',
      referrerPolicy: 'strict-origin-when-cross-origin',
      sandbox: ['allow-scripts', 'allow-same-origin', 'allow-presentation', 'allow-popups'],
    };
    node.children = [];
    return SKIP;
  });
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, MARKDOWN_SANITIZE_SCHEMA)
  .use(rehypeEmbeds)
  .use(rehypeStringify)
  .freeze();

/** Renders an entry's Markdown (GFM) to HTML that is safe to insert into a page. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
