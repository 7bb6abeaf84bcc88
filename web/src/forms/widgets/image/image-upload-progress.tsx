import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './image-widget.module.css';

type ImageUploadProgressProps = {
  name: string;
  /** An object URL of the file on its way; null where the browser makes none. */
  thumbnail: string | null;
  /** From 0 to 1. */
  progress: number;
  onCancel: () => void;
};

/** The image on its way to the server: its thumbnail and name, the progress and a cancel button. */
export function ImageUploadProgress({ name, thumbnail, progress, onCancel }: ImageUploadProgressProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} role="status">
      <Group gap="sm" wrap="nowrap">
        {thumbnail && <img className={classes.thumbnail} src={thumbnail} alt="" />}
        <Text size="sm">{t('forms.image.uploading', { name })}</Text>
      </Group>
      <Progress
        value={Math.round(progress * 100)}
        aria-label={t('forms.image.progress')}
        transitionDuration={150}
      />
      <Group>
        <Button variant="default" size="xs" onClick={onCancel}>
          {t('forms.image.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
