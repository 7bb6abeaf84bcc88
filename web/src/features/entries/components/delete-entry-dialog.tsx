import { useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';

type DeleteEntryDialogProps = {
  opened: boolean;
  /** The saved title the author must type; an untitled entry asks for a fixed word instead. */
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Deleting an entry requires typing its title (spec section 5). */
export function DeleteEntryDialog({ opened, title, busy, onConfirm, onClose }: DeleteEntryDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const expected = title.trim() === '' ? t('entry.delete.fallbackWord') : title;
  const matches = typed === expected;
  const handleClose = () => {
    setTyped('');
    onClose();
  };
  return (
    <DialogFrame opened={opened} onClose={handleClose} title={t('entry.delete.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) onConfirm();
        }}
      >
        <Text mb="sm">{t('entry.delete.text')}</Text>
        <TextInput
          label={t('entry.delete.confirmLabel', { title: expected })}
          value={typed}
          autoComplete="off"
          data-autofocus
          onChange={(event) => setTyped(event.currentTarget.value)}
          mb="md"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={handleClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9" disabled={!matches} loading={busy}>
            {t('entry.delete.confirm')}
          </Button>
        </Group>
      </form>
    </DialogFrame>
  );
}
