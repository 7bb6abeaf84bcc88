import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UiSchema } from '@einwurf/contract';
import { DialogFrame } from '../../../components/dialog-frame';
import type { EntryData } from '../../../lib/contract';

// The reader's renderer (with unified, remark, rehype) loads when the preview opens, never with the page.
const EntryArticle = lazy(() => import('../../../components/entry/entry-article'));

type PreviewDialogProps = { opened: boolean; entry: EntryData; uiSchema: UiSchema; onClose: () => void };

/** The entry as readers will see it: the reader's page renderer over the values as edited. */
export function PreviewDialog({ opened, entry, uiSchema, onClose }: PreviewDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened={opened} onClose={onClose} title={t('entry.preview.title')} size="xl">
      <Suspense fallback={<Loader role="progressbar" aria-label={t('entry.preview.loading')} />}>
        <EntryArticle entry={{ ...entry, title: entry.title || t('entry.untitled') }} uiSchema={uiSchema} />
      </Suspense>
    </DialogFrame>
  );
}
