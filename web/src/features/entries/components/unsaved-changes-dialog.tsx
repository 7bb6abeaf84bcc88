import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';

type UnsavedChangesDialogProps = { opened: boolean; onStay: () => void; onLeave: () => void };

/** Asks before a route change drops unsaved changes. */
export function UnsavedChangesDialog({ opened, onStay, onLeave }: UnsavedChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened}
      title={t('entry.unsaved.title')}
      text={t('entry.unsaved.text')}
      cancelLabel={t('entry.unsaved.stay')}
      confirmLabel={t('entry.unsaved.leave')}
      color="red.9"
      autoFocus="cancel"
      onClose={onStay}
      onConfirm={onLeave}
    />
  );
}
