import { Badge, Group, Text, Title, type TitleOrder } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './entry-panels.module.css';

type EntryPreviewProps = { title: string; markdown: string; headingOrder?: TitleOrder };

/**
 * The slot for an entry's rendered preview. Until the sanitizing Markdown renderer lands in
 * contract/src/markdown, it shows the raw Markdown as text (never as HTML), and says so.
 */
export function EntryPreview({ title, markdown, headingOrder = 2 }: EntryPreviewProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="entry-preview-heading">
      <Group gap="xs" mb="sm">
        <Title order={headingOrder} size="h3" id="entry-preview-heading">
          {t('admin.preview.title')}
        </Title>
        <Badge variant="outline" color="gray.8" tt="none">
          {t('admin.preview.rawBadge')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {t('admin.preview.rawNote')}
      </Text>
      <Text fw={700} mb="xs">
        {title || t('admin.preview.untitled')}
      </Text>
      <pre className={classes.preview} data-testid="entry-preview">
        {markdown}
      </pre>
    </section>
  );
}
