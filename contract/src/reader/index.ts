export {
  READER_ARTICLE_CLASS,
  READER_TEXT_KEYS,
  escapeHtml,
  renderEntryArticle,
  type ReaderEntry,
  type ReaderTextKey,
  type ReaderTranslate,
  type RenderEntryOptions,
} from './render-entry.ts';
