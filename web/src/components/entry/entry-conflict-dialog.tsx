import { Button, Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatPointInTime } from '../../lib/time-zone';
import { DialogFrame } from '../dialog-frame';
import type { EntryViewer } from './describe-event';

type EntryConflictDialogProps = {
  opened: boolean;
  viewer: EntryViewer;
  /** When the stored version was saved. */
  savedAt: string;
  /** Labels of the fields in which the two versions differ; none listed when not given. */
  differingFields?: readonly string[];
  busy: boolean;
  onReloadTheirs: () => void;
  onKeepMine: () => void;
  onClose: () => void;
};

/** A save found a newer stored version: the editor takes it or saves theirs over it; nothing is lost silently. */
export function EntryConflictDialog({
  opened,
  viewer,
  savedAt,
  differingFields = [],
  busy,
  onReloadTheirs,
  onKeepMine,
  onClose,
}: EntryConflictDialogProps) {
  const { t } = useTranslation();
  const formatTime = useFormatPointInTime();
  const context = { context: viewer };
  return (
    <DialogFrame opened={opened} onClose={onClose} title={t('conflict.title', context)} size="lg">
      <Text mb="sm">{t('conflict.text', { ...context, date: formatTime(savedAt) })}</Text>
      <Text mb="md" size="sm">
        {t('conflict.hint', context)}
      </Text>
      {differingFields.length > 0 && (
        <div>
          <Text fw={600}>{t('conflict.fields')}</Text>
          <List mb="md">
            {differingFields.map((field) => (
              <List.Item key={field}>{field}</List.Item>
            ))}
          </List>
        </div>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onReloadTheirs} disabled={busy} data-autofocus>
          {t('conflict.reloadTheirs', context)}
        </Button>
        <Button color="red.9" onClick={onKeepMine} loading={busy}>
          {t('conflict.keepMine', context)}
        </Button>
      </Group>
    </DialogFrame>
  );
}
