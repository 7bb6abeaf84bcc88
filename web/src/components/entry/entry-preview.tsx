import { lazy, Suspense } from 'react';
import { Loader, Text, Title, type TitleOrder } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The sanitizing renderer is large; it loads with the first preview, never with the screen.
const MarkdownPreview = lazy(() => import('./markdown-preview'));

type EntryPreviewProps = { title: string; markdown: string; headingOrder?: TitleOrder };

/** An entry's title and its Markdown rendered through the contract's sanitizing pipeline. */
export function EntryPreview({ title, markdown, headingOrder = 2 }: EntryPreviewProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="entry-preview-heading">
      <Title order={headingOrder} size="h3" id="entry-preview-heading" mb="sm">
        {t('admin.preview.title')}
      </Title>
      <Text fw={700} mb="xs">
        {title || t('admin.preview.untitled')}
      </Text>
      <Suspense fallback={<Loader size="sm" aria-label={t('entry.preview.loading')} />}>
        <MarkdownPreview markdown={markdown} />
      </Suspense>
    </section>
  );
}
