export { EMBED_PREFIXES, IMAGE_WIDTH_PRESETS, isAllowedEmbed } from './forms.ts';
export { renderMarkdown, MARKDOWN_SANITIZE_SCHEMA } from './render-markdown.ts';
