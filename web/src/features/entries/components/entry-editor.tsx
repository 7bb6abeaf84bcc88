import { lazy, Suspense, useState } from 'react';
import { Alert, Divider, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EntryValidator, ObjectSchema, UiSchema } from '@einwurf/contract';
import { paths, type EntryRef } from '../../../lib/paths';
import { EntryDraftDialogs } from '../../../components/entry/entry-draft-dialogs';
import { EntryFieldsForm } from '../../../components/entry/entry-fields-form';
import { EntryStateBadge } from '../../../components/entry/entry-state-badge';
import { KeptTyping } from './kept';
import { useEntryDraft, type DraftFailure } from '../../../components/entry/use-entry-draft';
import { isReadOnlyForAuthor, isScheduled, type Entry, type EntryData } from '../../../lib/contract';
import { useFormatPointInTime } from '../../../lib/time-zone';
import { clearCurrentEntry } from '../../../lib/current-entry';
import { useKeepFocus } from '../../../lib/keep-focus';
import { showDangerToast, showSuccessToast } from '../../../lib/notify';
import { useDeleteEntry } from '../api/delete-entry';
import { entryQueryOptions } from '../api/get-entry';
import { useProposeEntry } from '../api/propose-entry';
import { useSaveEntry } from '../api/save-entry';
import { clearCachedEntry } from '../cached-entry';
import { useKeptEdit } from '../use-kept-edit';
import { AuthorActions } from './author-actions';
import { AuthorComments } from './author-comments';
import { AuthorTimeline } from './author-timeline';

type EntryEditorProps = {
  entryRef: EntryRef;
  entry: Entry;
  /** The edit kept across a session expiry, restored in place of the loaded data. */
  restored: EntryData | null;
  schema: ObjectSchema;
  uiSchema: UiSchema;
  validator: EntryValidator;
};

type Notice = 'invalid' | 'proposeFailed' | null;

const FAILED_TITLE: Record<DraftFailure['action'], ParseKeys> = {
  save: 'entry.save.failed',
  propose: 'entry.propose.failed',
  delete: 'entry.delete.failed',
};
const FAILED_TEXT: Partial<Record<DraftFailure['reason'], ParseKeys>> = {
  network: 'entry.errors.network',
  readOnly: 'entry.errors.readOnly',
};

// Only when moderation wrote since the author last looked: kept off the page's first load.
const UnreadNotice = lazy(() =>
  import('./unread-notice').then((module) => ({ default: module.UnreadNotice })),
);

/** The author's editor: title, the type's form, save, submit, preview, delete, comments and timeline. */
export function EntryEditor({ entryRef, entry, restored, schema, uiSchema, validator }: EntryEditorProps) {
  const { t } = useTranslation();
  const formatTime = useFormatPointInTime();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveEntry = useSaveEntry();
  const proposeEntry = useProposeEntry();
  const deleteEntry = useDeleteEntry();
  const [notice, setNotice] = useState<Notice>(null);
  const [wasRestored, setWasRestored] = useState(restored !== null);

  const draft = useEntryDraft({
    entry,
    restored,
    validator,
    save: (data) => saveEntry.mutateAsync(data),
    reload: () => queryClient.fetchQuery({ ...entryQueryOptions(entryRef.id), staleTime: 0 }),
    isReadOnly: isReadOnlyForAuthor,
    onFailure: ({ reason, action }) => {
      if (reason === 'fields') return setNotice(action === 'propose' ? 'proposeFailed' : 'invalid');
      showDangerToast(t(FAILED_TITLE[action]), t(FAILED_TEXT[reason] ?? 'entry.errors.generic'));
    },
  });
  useKeptEdit(entryRef, draft, restored);
  const { base, edited, isDirty, isReadOnly } = draft;
  const keepFocus = useKeepFocus(draft.isSaving);

  const showSaved = () => showSuccessToast(t('entry.save.doneTitle'), t('entry.save.doneText'));

  const handleSave = async () => {
    keepFocus();
    setNotice(null);
    if (await draft.save()) {
      setWasRestored(false);
      showSaved();
    }
  };

  const handleSubmit = async () => {
    setNotice(null);
    if (isDirty && !(await draft.save())) return;
    try {
      draft.accept(await proposeEntry.mutateAsync(entryRef.id));
      draft.allowLeave();
      void navigate(paths.proposedCPT(entryRef));
    } catch (error) {
      await draft.handleFailure(error, { action: 'propose', target: 'proposed' });
    }
  };

  const handleDelete = async () => {
    try {
      await deleteEntry.mutateAsync(entryRef.id);
    } catch (error) {
      await draft.handleFailure(error, { action: 'delete' });
      return;
    }
    draft.allowLeave();
    draft.kept.current?.forget();
    clearCurrentEntry();
    clearCachedEntry();
    showSuccessToast(t('entry.delete.doneTitle'), t('entry.delete.doneText'));
    void navigate(paths.home(), { replace: true });
  };

  return (
    <Stack gap="lg">
      {(entry.meta.unread_moderation_comments ?? 0) > 0 && (
        <Suspense fallback={null}>
          <UnreadNotice entryId={entryRef.id} unread={entry.meta.unread_moderation_comments ?? 0} />
        </Suspense>
      )}
      <Group gap="sm">
        <EntryStateBadge state={base.state} viewer="author" publishAt={base.publish_at} />
        {isDirty && (
          <Text size="sm" fw={600} role="status">
            {t('entry.unsaved.flag')}
          </Text>
        )}
      </Group>
      <KeptTyping draft={draft} viewer="author" uiSchema={uiSchema} restored={restored !== null} />
      {wasRestored && (
        <Alert
          color="blue"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setWasRestored(false)}
        >
          {t('entry.restored')}
        </Alert>
      )}
      {isReadOnly &&
        (isScheduled(base) && base.publish_at ? (
          <Alert color="teal" variant="light" title={t('entry.scheduled.title')}>
            {t('entry.scheduled.text', { time: formatTime(base.publish_at) })}
          </Alert>
        ) : (
          <Alert color="teal" variant="light" title={t('entry.readOnly.title')}>
            {t('entry.readOnly.text')}
          </Alert>
        ))}
      {notice && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={notice === 'proposeFailed' ? t('entry.propose.failed') : undefined}
        >
          {t('entry.errors.fields')}
        </Alert>
      )}
      <EntryFieldsForm draft={draft} viewer="author" schema={schema} uiSchema={uiSchema} />
      <AuthorActions
        state={base.state}
        isReadOnly={isReadOnly}
        edited={edited}
        uiSchema={uiSchema}
        savedTitle={base.title}
        savedAt={base.updated_at}
        pending={
          draft.isSaving
            ? 'save'
            : proposeEntry.isPending
              ? 'propose'
              : deleteEntry.isPending
                ? 'delete'
                : null
        }
        onSave={() => void handleSave()}
        onSubmit={() => void handleSubmit()}
        onDelete={() => void handleDelete()}
      />
      <Divider />
      <AuthorComments entryId={entryRef.id} canWrite={!isReadOnly} />
      <Divider />
      <AuthorTimeline entryId={entryRef.id} />
      <EntryDraftDialogs draft={draft} viewer="author" onKept={showSaved} />
    </Stack>
  );
}
