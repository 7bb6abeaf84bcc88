import { Button, Group, Text } from '@mantine/core';
import { ConfirmDialog } from './confirm-dialog';

type LeaveDialogProps = {
  opened: boolean;
  title: string;
  text: string;
  stayLabel: string;
  leaveLabel: string;
  onStay: () => void;
  onLeave: () => void;
};

/** Asks before a route change leaves something behind (unsaved changes, an unsaved password). */
export function LeaveDialog({
  opened,
  title,
  text,
  stayLabel,
  leaveLabel,
  onStay,
  onLeave,
}: LeaveDialogProps) {
  return (
    <ConfirmDialog opened={opened} onClose={onStay} title={title}>
      <Text mb="md">{text}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onStay} data-autofocus>
          {stayLabel}
        </Button>
        <Button color="red.9" onClick={onLeave}>
          {leaveLabel}
        </Button>
      </Group>
    </ConfirmDialog>
  );
}
