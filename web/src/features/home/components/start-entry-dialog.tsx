import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type StartEntryDialogProps = {
  opened: boolean;
  onConfirm: () => void;
  onBack: () => void;
  onClose: () => void;
};

/** Asks before a new entry replaces the one this browser is editing. */
export function StartEntryDialog({ opened, onConfirm, onBack, onClose }: StartEntryDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's <header>: a second banner landmark beside the top bar confuses screen readers. */}
        <Modal.Header component="div">
          <Modal.Title>{t('home.editing.title')}</Modal.Title>
          <Modal.CloseButton aria-label={t('common.close')} />
        </Modal.Header>
        <Modal.Body>
          <Text mb="md">{t('home.editing.text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button variant="light" onClick={onBack}>
              {t('home.editing.back')}
            </Button>
            <Button color="red.8" onClick={onConfirm}>
              {t('home.editing.confirm')}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
