import { lazy, Suspense } from 'react';
import { Loader, Title, type TitleOrder } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UiSchema } from '@einwurf/contract';
import type { EntryData } from '../../lib/contract';

// The reader's renderer and its Markdown pipeline are large; they load with the first preview, never
// with the screen.
const EntryArticle = lazy(() => import('./entry-article'));

type EntryPreviewProps = { entry: EntryData; uiSchema: UiSchema; headingOrder?: TitleOrder };

/** The entry as edited, shown as readers will see it (the reader's page renderer). */
export function EntryPreview({ entry, uiSchema, headingOrder = 2 }: EntryPreviewProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="entry-preview-heading">
      <Title order={headingOrder} size="h3" id="entry-preview-heading" mb="sm">
        {t('admin.preview.title')}
      </Title>
      <Suspense fallback={<Loader size="sm" role="progressbar" aria-label={t('entry.preview.loading')} />}>
        <EntryArticle
          entry={{ ...entry, title: entry.title || t('admin.preview.untitled') }}
          uiSchema={uiSchema}
        />
      </Suspense>
    </section>
  );
}
