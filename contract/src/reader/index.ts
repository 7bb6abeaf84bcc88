export {
  READER_ARTICLE_CLASS,
  renderEntryArticle,
  type ReaderEntry,
  type RenderEntryOptions,
} from './render-entry.ts';
export { READER_TEXT_KEYS, escapeHtml, type ReaderTextKey, type ReaderTranslate } from './text.ts';
