import { lazy, Suspense, useState } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UiSchema } from '@einwurf/contract';
import type { EntryData, EntryState } from '../../../lib/contract';
import { SavedAgo } from './kept';
import { PreviewDialog } from './preview-dialog';

// The delete dialog loads when the author chooses to delete, not with the edit screen.
const TypedConfirmModal = lazy(() =>
  import('../../../components/typed-confirm-modal').then((module) => ({ default: module.TypedConfirmModal })),
);

type Pending = 'save' | 'propose' | 'delete' | null;

type AuthorActionsProps = {
  state: EntryState;
  isReadOnly: boolean;
  /** The entry as edited, for the preview. */
  edited: EntryData;
  /** The type's UI schema: the preview shows its fields as readers will see them. */
  uiSchema: UiSchema;
  /** The saved title the author types to delete; an untitled entry asks for a fixed word instead. */
  savedTitle: string;
  /** When the stored version was saved, shown as "Zuletzt gespeichert vor 2 Minuten". */
  savedAt: string;
  /** The request under way, if any: its button spins, the others wait. */
  pending: Pending;
  onSave: () => void;
  onSubmit: () => void;
  onDelete: () => void;
};

/** The author's actions: save, submit (or propose changes), preview, and delete in the options menu. */
export function AuthorActions({
  state,
  isReadOnly,
  edited,
  uiSchema,
  savedTitle,
  savedAt,
  pending,
  onSave,
  onSubmit,
  onDelete,
}: AuthorActionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'preview' | 'delete' | null>(null);
  const waits = (own: Pending) => pending !== null && pending !== own;
  const expected = savedTitle.trim() === '' ? t('entry.delete.fallbackWord') : savedTitle;
  return (
    <>
      <Group gap="sm">
        {!isReadOnly && (
          <>
            <Button onClick={onSave} loading={pending === 'save'} disabled={waits('save')}>
              {t('entry.save.button')}
            </Button>
            <Button
              variant="light"
              onClick={onSubmit}
              loading={pending === 'propose'}
              disabled={waits('propose')}
            >
              {state === 'proposed' ? t('entry.propose.changes') : t('entry.propose.submit')}
            </Button>
          </>
        )}
        <Button variant="default" onClick={() => setDialog('preview')}>
          {t('entry.preview.button')}
        </Button>
        {!isReadOnly && (
          <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <Button variant="default">{t('entry.options.button')}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item color="red.9" onClick={() => setDialog('delete')}>
                {t('entry.delete.menuItem')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        {!isReadOnly && <SavedAgo at={savedAt} />}
      </Group>
      <PreviewDialog
        opened={dialog === 'preview'}
        entry={edited}
        uiSchema={uiSchema}
        onClose={() => setDialog(null)}
      />
      {dialog === 'delete' && (
        <Suspense fallback={null}>
          <TypedConfirmModal
            opened
            title={t('entry.delete.title')}
            text={t('entry.delete.text')}
            expected={expected}
            inputLabel={t('entry.delete.confirmLabel', { title: expected })}
            confirmLabel={t('entry.delete.confirm')}
            onConfirm={onDelete}
            onClose={() => setDialog(null)}
            isPending={pending === 'delete'}
          />
        </Suspense>
      )}
    </>
  );
}
