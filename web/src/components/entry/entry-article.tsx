import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import '@einwurf/contract/reader/reader.css';
import { renderEntryArticle, type ReaderEntry } from '@einwurf/contract/reader';
import type { UiSchema } from '@einwurf/contract';

type EntryArticleProps = { entry: ReaderEntry; uiSchema: UiSchema };

/**
 * The entry exactly as readers see it on the server's reader's page: the contract's article renderer
 * with its stylesheet, in the interface language. Loaded with the preview only (it brings the Markdown
 * pipeline).
 */
export default function EntryArticle({ entry, uiSchema }: EntryArticleProps) {
  const { t, i18n } = useTranslation();
  const html = useMemo(
    () => renderEntryArticle(entry, uiSchema, { locale: i18n.language, t: (key) => t(key) }),
    [entry, uiSchema, i18n.language, t],
  );
  return <div data-testid="entry-article" dangerouslySetInnerHTML={{ __html: html }} />;
}
