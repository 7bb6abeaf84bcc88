import { useRef, type ReactNode } from 'react';
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
  // While the dialog fades out its caller may already have cleared the words; the last ones stay, so
  // the closing dialog and its buttons keep their names.
  const shown = useRef({ title, text, confirmLabel });
  if (opened) shown.current = { title, text, confirmLabel };
  const words = shown.current;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={words.title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {typeof words.text === 'string' ? <Text>{words.text}</Text> : words.text}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} loading={isPending} data-autofocus>
            {words.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
