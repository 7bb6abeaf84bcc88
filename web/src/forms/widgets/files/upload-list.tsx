import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UploadInProgress } from './use-upload-queue';

type UploadListProps = {
  uploads: readonly UploadInProgress[];
  disabled: boolean;
  onCancel: (key: number) => void;
};

/** The files on their way to the server, each with its progress and its cancel; nothing when none. */
export function UploadList({ uploads, disabled, onCancel }: UploadListProps) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <ul aria-label={t('forms.files.uploads')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {uploads.map((upload) => (
        <li key={upload.key}>
          <Group gap="xs" wrap="nowrap">
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {upload.name}
                </Text>
                <Text size="xs" c="dimmed" aria-hidden>
                  {t('forms.files.uploading', { percent: upload.percent })}
                </Text>
              </Group>
              <Progress
                value={upload.percent}
                aria-label={t('forms.files.progress', { name: upload.name })}
                size="sm"
              />
            </Stack>
            <Button
              variant="default"
              size="compact-sm"
              disabled={disabled}
              onClick={() => onCancel(upload.key)}
              aria-label={t('forms.files.cancelUploadLabel', { name: upload.name })}
            >
              {t('forms.files.cancelUpload')}
            </Button>
          </Group>
        </li>
      ))}
    </ul>
  );
}
