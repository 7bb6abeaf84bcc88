import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending?: boolean;
  color?: string;
};

/** Asks before an action takes effect: the action's own label confirms, Cancel closes. */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  isPending = false,
  color,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {typeof text === 'string' ? <Text>{text}</Text> : text}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} loading={isPending} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
