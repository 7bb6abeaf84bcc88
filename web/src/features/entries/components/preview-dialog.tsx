import { lazy, Suspense } from 'react';
import { Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';

// The Markdown pipeline (unified, remark, rehype) loads when the preview opens, never with the page.
const MarkdownPreview = lazy(() => import('../../../components/entry/markdown-preview'));

type PreviewDialogProps = { opened: boolean; title: string; content: string; onClose: () => void };

/** The entry as readers would see it: its title and the rendered, sanitized Markdown. */
export function PreviewDialog({ opened, title, content, onClose }: PreviewDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened={opened} onClose={onClose} title={t('entry.preview.title')} size="xl">
      <Title order={2} mb="md">
        {title || t('entry.untitled')}
      </Title>
      {content.trim() === '' ? (
        <Text c="dimmed">{t('entry.preview.empty')}</Text>
      ) : (
        <Suspense fallback={<Loader aria-label={t('entry.preview.loading')} />}>
          <MarkdownPreview markdown={content} />
        </Suspense>
      )}
    </DialogFrame>
  );
}
