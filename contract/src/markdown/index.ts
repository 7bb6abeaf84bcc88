export { EMBED_PREFIXES, IMAGE_WIDTH_PRESETS, isAllowedEmbed } from './forms.ts';
export { renderMarkdown, MARKDOWN_SANITIZE_SCHEMA, type RenderMarkdownOptions } from './render-markdown.ts';
