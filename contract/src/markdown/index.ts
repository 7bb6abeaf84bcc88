export {
  renderMarkdown,
  isAllowedEmbed,
  EMBED_PREFIXES,
  MARKDOWN_SANITIZE_SCHEMA,
} from './render-markdown.ts';
