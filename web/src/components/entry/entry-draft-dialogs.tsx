import { useTranslation } from 'react-i18next';
import type { Entry, EntryState } from '../../lib/contract';
import { ConfirmModal } from '../confirm-modal';
import type { EntryViewer } from './describe-event';
import { EntryConflictDialog } from './entry-conflict-dialog';
import type { EntryDraft } from './use-entry-draft';

type EntryDraftDialogsProps = {
  draft: EntryDraft;
  viewer: EntryViewer;
  /** Labels of the fields mine and theirs differ in, for the conflict dialog to list. */
  differingFields?: (theirs: Entry['data']) => readonly string[];
  /** After mine was saved over theirs (moved to `target` when the refused save was to move it). */
  onKept?: (saved: Entry, target?: EntryState) => void;
  /** After theirs replaced mine. */
  onReloaded?: () => void;
};

/** The questions a draft asks: which version holds after a conflict, and whether to leave unsaved changes. */
export function EntryDraftDialogs({
  draft,
  viewer,
  differingFields,
  onKept,
  onReloaded,
}: EntryDraftDialogsProps) {
  const { t } = useTranslation();
  const { conflict, blocker } = draft;
  return (
    <>
      <EntryConflictDialog
        opened={conflict !== null}
        viewer={viewer}
        savedAt={conflict?.stored.updated_at ?? ''}
        differingFields={conflict && differingFields ? differingFields(conflict.stored) : undefined}
        busy={draft.isSaving}
        onReloadTheirs={() => {
          draft.reloadTheirs();
          onReloaded?.();
        }}
        onKeepMine={() => {
          const target = conflict?.target;
          void draft.keepMine().then((saved) => {
            if (saved) onKept?.(saved, target);
          });
        }}
        onClose={draft.dismissConflict}
      />
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        title={t('entry.unsaved.title')}
        text={t('entry.unsaved.text')}
        cancelLabel={t('entry.unsaved.stay')}
        confirmLabel={t('entry.unsaved.leave')}
        color="red.9"
        autoFocus="cancel"
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </>
  );
}
