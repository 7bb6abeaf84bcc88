import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../../components/date-time-text';

type ConflictModalProps = {
  opened: boolean;
  /** When the other version was saved. */
  theirUpdatedAt: string;
  /** Labels of the fields in which the two versions differ. */
  differingFields: readonly string[];
  onReloadTheirs: () => void;
  onKeepMine: () => void;
  onClose: () => void;
  isSaving: boolean;
};

/** Someone saved in between: the moderator chooses which version holds; nothing is overwritten silently. */
export function ConflictModal({
  opened,
  theirUpdatedAt,
  differingFields,
  onReloadTheirs,
  onKeepMine,
  onClose,
  isSaving,
}: ConflictModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('moderate.conflict.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <Stack gap="md">
        <Text>
          {t('moderate.conflict.text')} <DateTimeText value={theirUpdatedAt} />
        </Text>
        {differingFields.length > 0 && (
          <div>
            <Text fw={600}>{t('moderate.conflict.fields')}</Text>
            <List>
              {differingFields.map((field) => (
                <List.Item key={field}>{field}</List.Item>
              ))}
            </List>
          </div>
        )}
        <Stack gap="xs">
          <Button variant="default" onClick={onReloadTheirs} data-autofocus>
            {t('moderate.conflict.reloadTheirs')}
          </Button>
          <Button color="red.9" onClick={onKeepMine} loading={isSaving}>
            {t('moderate.conflict.keepMine')}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
