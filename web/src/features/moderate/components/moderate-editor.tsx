import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Grid, Loader, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { EntryValidator, ObjectSchema, UiSchema } from '@einwurf/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EntryDraftDialogs } from '../../../components/entry/entry-draft-dialogs';
import { changedFields, editableFields } from '../../../components/entry/entry-fields';
import { EntryPreview } from '../../../components/entry/entry-preview';
import { KeptTyping } from './kept';
import { stateNameKey } from '../../../components/entry/describe-event';
import { useEntryDraft, type DraftFailure } from '../../../components/entry/use-entry-draft';
import { localizeText } from '../../../forms';
import {
  isDeletedState,
  isScheduled,
  type Entry,
  type EntryData,
  type EntryState,
} from '../../../lib/contract';
import { useFormatPointInTime } from '../../../lib/time-zone';
import { useKeepFocus } from '../../../lib/keep-focus';
import { showSuccessToast } from '../../../lib/notify';
import { useDeleteAdminEntry } from '../api/delete-entry';
import { adminEntryQueryOptions } from '../api/get-entry';
import { isTargetState, useSaveAdminEntry, type TargetState } from '../api/save-entry';
import { AssigneeControl } from '../../../components/assignment/assignee-control';
import { DeleteSection } from './delete-section';
import { ModerateForm } from './moderate-form';
import { entryLanguageOf, ModerateHeader } from './moderate-header';
import { ModeratePanels } from './moderate-panels';
import { PublishDialog, type PublishChoice } from './publish-dialog';
import { StateActions } from './state-actions';
import '../strings';

// The revisions and their diff (with the diff library) load after the screen, never with it.
const RevisionsSection = lazy(() => import('../revisions/revisions-section'));

type ModerateEditorProps = {
  id: string;
  entry: Entry;
  schema: ObjectSchema;
  uiSchema: UiSchema;
  validator: EntryValidator;
};

type Notice = { tone: 'success' | 'error'; text: string };

/** The moderation of one loaded entry: edit, change state, delete, comment, see its timeline. */
export function ModerateEditor({ id, entry, schema, uiSchema, validator }: ModerateEditorProps) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatPointInTime();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveEntry = useSaveAdminEntry();
  const deleteEntry = useDeleteAdminEntry();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState<TargetState | null>(null);
  const [publishing, setPublishing] = useState<PublishChoice | null>(null);
  // The publication time of the state change under way: kept for a save again after a conflict.
  const publishAtRef = useRef<string | null | undefined>(undefined);

  const failureText = ({ reason, action, target }: DraftFailure) => {
    if (action === 'delete') return t('moderate.deleteFailed');
    // Only a time that passed while the dialog was open makes a complete entry's schedule fail.
    if (reason === 'fields' && typeof publishAtRef.current === 'string' && target === 'published') {
      return draft.checkFor('published') ? t('moderate.schedule.future') : t('moderate.validationFailed');
    }
    if (reason === 'fields') return t('moderate.validationFailed');
    if (reason !== 'invalidTransition') return t('moderate.saveFailed');
    const from = draft.base.state;
    return t('moderate.invalidTransition', {
      from: t(stateNameKey(from, 'moderation')),
      to: t(stateNameKey(target ?? from, 'moderation')),
    });
  };
  const draft = useEntryDraft({
    entry,
    validator,
    save: (data, state) =>
      saveEntry.mutateAsync({
        id,
        data: { ...editableFields(data), revision: data.revision },
        state: state && isTargetState(state) ? state : undefined,
        publishAt: state === 'published' ? publishAtRef.current : undefined,
      }),
    reload: () => queryClient.fetchQuery({ ...adminEntryQueryOptions(id), staleTime: 0 }),
    isReadOnly: isDeletedState,
    onFailure: (failure) => setNotice({ tone: 'error', text: failureText(failure) }),
  });
  const { base, edited, isReadOnly: isDeleted } = draft;
  const keepFocus = useKeepFocus(draft.isSaving);
  // A state change takes away the button it was started from (Publish is gone once published), and
  // its dialog would give focus back to nothing: it goes to the heading of the state actions instead,
  // from where Tab reaches the actions the new state offers. Runs after the closing dialog's own
  // focus handling (effects of children first), so the dialog does not take it back.
  const stateHeading = useRef<HTMLHeadingElement>(null);
  const [stateChanged, setStateChanged] = useState(0);
  useEffect(() => {
    if (stateChanged > 0) stateHeading.current?.focus();
  }, [stateChanged]);

  const showDone = (target?: EntryState, saved?: Entry) => {
    const scheduledAt = saved && isScheduled(saved.data) ? saved.data.publish_at : null;
    setNotice({
      tone: 'success',
      text: scheduledAt
        ? t('moderate.schedule.done', { time: formatTime(scheduledAt) })
        : target && isTargetState(target)
          ? t(`moderate.done.${target}`)
          : t('moderate.saved'),
    });
  };

  const handleSave = async (target?: TargetState, publishAt?: string | null) => {
    keepFocus();
    setNotice(null);
    publishAtRef.current = publishAt;
    const saved = await draft.save({ target });
    setConfirming(null);
    setPublishing(null);
    if (!saved) return;
    showDone(target, saved);
    if (target) setStateChanged((count) => count + 1);
  };

  const handlePublish = (publishAt: string | null) => {
    if (!draft.checkFor('published')) {
      setPublishing(null);
      setNotice({ tone: 'error', text: t('moderate.incomplete') });
      return;
    }
    void handleSave('published', publishAt);
  };

  const handleConfirmState = () => {
    if (!confirming) return;
    if (!draft.checkFor(confirming)) {
      setConfirming(null);
      setNotice({ tone: 'error', text: t('moderate.incomplete') });
      return;
    }
    void handleSave(confirming);
  };

  const handleDelete = async () => {
    try {
      await deleteEntry.mutateAsync(id);
    } catch (error) {
      await draft.handleFailure(error, { action: 'delete' });
      return false;
    }
    draft.allowLeave();
    draft.kept.current?.forget();
    showSuccessToast(t('admin.doneTitle'), t('moderate.deleted', { title: base.title }));
    void navigate(paths.adminSubmissions());
    return true;
  };

  const labelOf = (field: string) => {
    if (field === 'title') return t('entry.fields.title');
    const element = uiSchema.find((item) => item.scope === field);
    return element ? localizeText(element.label, i18n.language) || field : field;
  };
  const differingFields = (theirs: EntryData) =>
    changedFields(editableFields(edited), editableFields(theirs)).map(labelOf);

  return (
    <Stack gap="lg">
      <ModerateHeader entry={base} />
      {!isDeleted && <AssigneeControl id={id} initial={entry.data.assignee ?? null} />}
      {/* The live region stays in place, so each result is said once as it appears in it; empty, it
          takes back the gap the stack gives it. */}
      <div
        role="status"
        style={notice?.tone === 'success' ? undefined : { marginTop: 'calc(-1 * var(--mantine-spacing-lg))' }}
      >
        {notice?.tone === 'success' && (
          <Alert
            color="teal"
            variant="light"
            role="note"
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setNotice(null)}
          >
            {notice.text}
          </Alert>
        )}
      </div>
      {notice?.tone === 'error' && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      <KeptTyping draft={draft} viewer="moderation" uiSchema={uiSchema} restored={false} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <ModerateForm
              draft={draft}
              schema={schema}
              uiSchema={uiSchema}
              isSaving={draft.isSaving && !confirming}
              onSave={() => void handleSave()}
            />
            <StateActions
              state={base.state}
              publishAt={base.publish_at}
              disabled={draft.isSaving}
              onChoose={setConfirming}
              onPublish={setPublishing}
              headingRef={stateHeading}
            />
            <EntryPreview entry={edited} uiSchema={uiSchema} />
            <Suspense
              fallback={<Loader size="sm" role="progressbar" aria-label={t('moderate.revisions.loading')} />}
            >
              <RevisionsSection
                id={id}
                currentRevision={base.revision}
                uiSchema={uiSchema}
                isDirty={draft.isDirty}
                isDeleted={isDeleted}
                onRestored={(saved, revision) => {
                  draft.accept(saved, edited);
                  setNotice({
                    tone: 'success',
                    text: t('moderate.revisions.restore.done', { revision, saved: saved.data.revision }),
                  });
                }}
              />
            </Suspense>
            {!isDeleted && (
              <DeleteSection
                expected={base.title || base.id}
                isPending={deleteEntry.isPending}
                onDelete={handleDelete}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ModeratePanels id={id} language={entryLanguageOf(base)} />
        </Grid.Col>
      </Grid>
      <ConfirmModal
        opened={confirming !== null}
        title={confirming ? t(`moderate.confirm.${confirming}.title`) : ''}
        text={
          confirming
            ? t(`moderate.confirm.${confirming}.text`, { title: base.title || t('admin.untitled') })
            : ''
        }
        confirmLabel={confirming ? t(`moderate.actions.${confirming}`) : ''}
        onConfirm={handleConfirmState}
        onClose={() => setConfirming(null)}
        isPending={draft.isSaving}
      />
      <PublishDialog
        opened={publishing !== null}
        title={base.title || t('admin.untitled')}
        scheduledAt={isScheduled(base) ? base.publish_at : null}
        initialChoice={publishing ?? 'now'}
        isPending={draft.isSaving}
        onConfirm={handlePublish}
        onClose={() => setPublishing(null)}
      />
      <EntryDraftDialogs
        draft={draft}
        viewer="moderation"
        differingFields={differingFields}
        onKept={(saved, target) => {
          showDone(target, saved);
          if (target) setStateChanged((count) => count + 1);
        }}
        onReloaded={() => setNotice({ tone: 'success', text: t('moderate.reloaded') })}
      />
    </Stack>
  );
}
