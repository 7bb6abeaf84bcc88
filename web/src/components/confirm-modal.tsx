import { useRef, type ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './dialog-frame';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The label of the button that closes without acting; Cancel unless given. */
  cancelLabel?: string;
  /** Which button has the focus when the dialog opens: the action, or the safe way out. */
  autoFocus?: 'confirm' | 'cancel';
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
  cancelLabel,
  autoFocus = 'confirm',
  isPending = false,
  color,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  // While the dialog fades out its caller may already have cleared the words; the last ones stay, so
  // the closing dialog and its buttons keep their names.
  const shown = useRef({ title, text, confirmLabel, cancelLabel });
  if (opened) shown.current = { title, text, confirmLabel, cancelLabel };
  const words = shown.current;
  return (
    <DialogFrame opened={opened} onClose={onClose} title={words.title}>
      <Stack gap="md">
        {typeof words.text === 'string' ? <Text>{words.text}</Text> : words.text}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus={autoFocus === 'cancel' || undefined}>
            {words.cancelLabel ?? t('common.cancel')}
          </Button>
          <Button
            color={color}
            onClick={onConfirm}
            loading={isPending}
            data-autofocus={autoFocus === 'confirm' || undefined}
          >
            {words.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
