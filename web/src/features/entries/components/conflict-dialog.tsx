import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { DialogFrame } from '../../../components/dialog-frame';

type ConflictDialogProps = {
  opened: boolean;
  /** When the stored version was saved. */
  savedAt: string;
  busy: boolean;
  onReloadTheirs: () => void;
  onKeepMine: () => void;
  onClose: () => void;
};

/** A save found a newer stored version: the author takes it or saves theirs over it. */
export function ConflictDialog({
  opened,
  savedAt,
  busy,
  onReloadTheirs,
  onKeepMine,
  onClose,
}: ConflictDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened={opened} onClose={onClose} title={t('entry.conflict.title')}>
      <Text mb="sm">{t('entry.conflict.text', { date: formatDateTime(savedAt) })}</Text>
      <Text mb="md" size="sm">
        {t('entry.conflict.hint')}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onReloadTheirs} disabled={busy}>
          {t('entry.conflict.reloadTheirs')}
        </Button>
        <Button onClick={onKeepMine} loading={busy}>
          {t('entry.conflict.keepMine')}
        </Button>
      </Group>
    </DialogFrame>
  );
}
