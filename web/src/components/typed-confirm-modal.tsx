import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './dialog-frame';

type TypedConfirmModalProps = {
  opened: boolean;
  title: string;
  text: string;
  /** What the user must type, exactly, before the action unlocks (the spec: the title or account name). */
  expected: string;
  inputLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending?: boolean;
};

/** Confirms a destructive action by having the user type its target's name. */
export function TypedConfirmModal(props: TypedConfirmModalProps) {
  return (
    <DialogFrame opened={props.opened} onClose={props.onClose} title={props.title}>
      {/* Mounted only while open, so the typed text starts empty every time. */}
      {props.opened && <TypedConfirmForm {...props} />}
    </DialogFrame>
  );
}

function TypedConfirmForm({
  text,
  expected,
  inputLabel,
  confirmLabel,
  onConfirm,
  onClose,
  isPending,
}: TypedConfirmModalProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const matches = typed === expected;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (matches) onConfirm();
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text>{text}</Text>
        <Text size="sm">
          {t('admin.typedConfirm.expected')} <strong>{expected}</strong>
        </Text>
        <TextInput
          label={inputLabel}
          value={typed}
          autoComplete="off"
          data-autofocus
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9" disabled={!matches} loading={isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
