import { useTranslation } from 'react-i18next';
import { LeaveDialog } from './leave-dialog';

type UnsavedChangesDialogProps = { opened: boolean; onStay: () => void; onLeave: () => void };

/** Asks before a route change drops unsaved changes. */
export function UnsavedChangesDialog({ opened, onStay, onLeave }: UnsavedChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <LeaveDialog
      opened={opened}
      title={t('entry.unsaved.title')}
      text={t('entry.unsaved.text')}
      stayLabel={t('entry.unsaved.stay')}
      leaveLabel={t('entry.unsaved.leave')}
      onStay={onStay}
      onLeave={onLeave}
    />
  );
}
