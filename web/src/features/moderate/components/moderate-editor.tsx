import { useCallback, useMemo, useState } from 'react';
import { Alert, Badge, Button, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type {
  CommentInput,
  Entry,
  EntryData,
  EntryValidator,
  FieldError,
  ObjectSchema,
  UiSchema,
} from '@einwurf/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DateTimeText } from '../../../components/date-time-text';
import { CommentsPanel } from '../../../components/entry/comments-panel';
import { EntryPreview } from '../../../components/entry/entry-preview';
import { EntryStateBadge } from '../../../components/entry/entry-state-badge';
import { EntryTimeline } from '../../../components/entry/entry-timeline';
import { TypedConfirmModal } from '../../../components/typed-confirm-modal';
import { localizeText, SchemaForm, scopeOfError, translateFieldErrors, UploadProvider } from '../../../forms';
import { ApiError, isHandledError } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/notify';
import { useTypeTitle } from '../../../lib/admin-content-types';
import { useAddEntryComment } from '../api/add-entry-comment';
import { useDeleteAdminEntry } from '../api/delete-entry';
import { adminEntryQueryOptions } from '../api/get-entry';
import { useEntryComments } from '../api/get-entry-comments';
import { useEntryEvents } from '../api/get-entry-events';
import { useSaveAdminEntry, type TargetState } from '../api/save-entry';
import { changedFields, editableFields } from '../entry-fields';
import { ConflictModal } from './conflict-modal';
import { StateActions } from './state-actions';

type ModerateEditorProps = {
  id: string;
  entry: Entry;
  schema: ObjectSchema;
  uiSchema: UiSchema;
  validator: EntryValidator;
};

type Notice = { tone: 'success' | 'error'; text: string };
type Conflict = { stored: EntryData; state?: TargetState };

const TITLE_SCOPES: ReadonlySet<string> = new Set(['title']);

/** The moderation of one loaded entry: edit, change state, delete, comment, see its timeline. */
export function ModerateEditor({ id, entry, schema, uiSchema, validator }: ModerateEditorProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const typeTitle = useTypeTitle();
  const save = useSaveAdminEntry();
  const deleteEntry = useDeleteAdminEntry();
  const uploadTarget = useMemo(() => ({ role: 'mod' as const, entryId: id }), [id]);
  const addComment = useAddEntryComment();
  const comments = useEntryComments(id);
  const events = useEntryEvents(id);

  // `base` is the version the edit started from: its revision goes with every save.
  const [base, setBase] = useState<EntryData>(entry.data);
  const [values, setValues] = useState<Record<string, unknown>>(() => editableFields(entry.data));
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);
  const [titleDirty, setTitleDirty] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState<TargetState | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [deleting, setDeleting] = useState(false);

  const isDeleted = base.state === 'deleted';
  const isDirty = useMemo(() => changedFields(values, editableFields(base)).length > 0, [values, base]);
  const title = typeof values.title === 'string' ? values.title : '';

  const titleErrors = useMemo(() => {
    const fromServer = serverErrors.filter((error) => scopeOfError(error, TITLE_SCOPES) === 'title');
    const fromClient = titleDirty
      ? validator.validate(values, 'draft').filter((error) => scopeOfError(error, TITLE_SCOPES) === 'title')
      : [];
    return translateFieldErrors([...fromServer, ...fromClient], t);
  }, [serverErrors, titleDirty, validator, values, t]);

  const handleFormChange = useCallback((next: Record<string, unknown>) => setValues(next), []);

  const adopt = (data: EntryData) => {
    setBase(data);
    setValues(editableFields(data));
    setServerErrors([]);
    setTitleDirty(false);
  };

  const runSave = (state: TargetState | undefined, revision: number) => {
    setNotice(null);
    save.mutate(
      { id, data: { ...values, revision }, state },
      {
        onSuccess: (saved) => {
          adopt(saved.data);
          setConfirming(null);
          setConflict(null);
          setNotice({ tone: 'success', text: state ? t(`moderate.done.${state}`) : t('moderate.saved') });
        },
        onError: (error) => {
          setConfirming(null);
          if (!(error instanceof ApiError) || error.handled) return;
          if (error.code === 'VALIDATION_FAILED') {
            setConflict(null);
            setServerErrors(error.fields ?? []);
            setNotice({ tone: 'error', text: t('moderate.validationFailed') });
          } else if (error.code === 'CONFLICT') {
            // The stored version comes fresh from the server, so the choice compares with what is there now.
            void queryClient.fetchQuery({ ...adminEntryQueryOptions(id), staleTime: 0 }).then(
              (stored) => setConflict({ stored: stored.data, state }),
              () => setNotice({ tone: 'error', text: t('moderate.saveFailed') }),
            );
          } else if (error.code === 'INVALID_TRANSITION') {
            setConflict(null);
            setNotice({
              tone: 'error',
              text: t('moderate.invalidTransition', {
                from: t(`admin.state.${base.state}`),
                to: t(`admin.state.${state ?? base.state}`),
              }),
            });
          } else {
            setConflict(null);
            setNotice({ tone: 'error', text: t('moderate.saveFailed') });
          }
        },
      },
    );
  };

  const handleConfirmState = () => {
    if (!confirming) return;
    if (confirming === 'published' || confirming === 'proposed') {
      // Publishing and proposing check the whole schema; show what is missing before asking the server.
      const problems = validator.validate(values, 'strict');
      if (problems.length > 0) {
        setConfirming(null);
        setServerErrors(problems);
        setNotice({ tone: 'error', text: t('moderate.incomplete') });
        return;
      }
    }
    runSave(confirming, base.revision);
  };

  const handleDelete = () => {
    deleteEntry.mutate(id, {
      onSuccess: () => {
        showSuccessToast(t('admin.doneTitle'), t('moderate.deleted', { title: base.title }));
        void navigate(paths.adminSubmissions());
      },
      onError: (error) => {
        setDeleting(false);
        if (isHandledError(error)) return;
        setNotice({ tone: 'error', text: t('moderate.deleteFailed') });
      },
    });
  };

  const handleAddComment = (input: CommentInput) => addComment.mutateAsync({ id, input });

  const labelOf = (field: string) => {
    if (field === 'title') return t('moderate.fieldTitle');
    const element = uiSchema.find((item) => item.scope === field);
    return element ? localizeText(element.label, i18n.language) || field : field;
  };

  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap">
        <Text fw={700} size="lg">
          {base.title || t('admin.untitled')}
        </Text>
        <EntryStateBadge state={base.state} />
        <Text size="sm">{typeTitle(base.type)}</Text>
        <Text size="sm" c="dimmed">
          {t('moderate.updated')} <DateTimeText value={base.updated_at} />
        </Text>
      </Group>
      {notice && (
        <Alert
          color={notice.tone === 'success' ? 'teal' : 'red'}
          variant="light"
          role={notice.tone === 'success' ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <section aria-labelledby="entry-form-heading">
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  runSave(undefined, base.revision);
                }}
              >
                <Stack gap="md">
                  <Group gap="sm">
                    <Title order={2} size="h3" id="entry-form-heading">
                      {t('moderate.formTitle')}
                    </Title>
                    {isDirty && (
                      <Badge variant="outline" color="gray.8" tt="none">
                        {t('moderate.unsaved')}
                      </Badge>
                    )}
                  </Group>
                  <TextInput
                    label={t('moderate.fieldTitle')}
                    value={title}
                    disabled={isDeleted}
                    error={titleErrors.length > 0 ? titleErrors.join(' ') : undefined}
                    onChange={(event) => {
                      setTitleDirty(true);
                      setServerErrors((errors) =>
                        errors.filter((error) => scopeOfError(error, TITLE_SCOPES) !== 'title'),
                      );
                      setValues({ ...values, title: event.currentTarget.value });
                    }}
                  />
                  <UploadProvider cpt={base.type} target={uploadTarget}>
                    <SchemaForm
                      schema={schema}
                      uiSchema={uiSchema}
                      value={values}
                      onChange={handleFormChange}
                      validator={validator}
                      errors={serverErrors}
                      disabled={isDeleted}
                    />
                  </UploadProvider>
                  <Button
                    type="submit"
                    loading={save.isPending && !confirming}
                    disabled={isDeleted}
                    w="fit-content"
                  >
                    {t('moderate.save')}
                  </Button>
                </Stack>
              </form>
            </section>
            <StateActions state={base.state} disabled={save.isPending} onChoose={setConfirming} />
            <EntryPreview title={title} markdown={typeof values.content === 'string' ? values.content : ''} />
            {!isDeleted && (
              <section aria-labelledby="delete-heading">
                <Title order={2} size="h3" id="delete-heading" mb="sm">
                  {t('moderate.delete.title')}
                </Title>
                <Text size="sm" mb="sm">
                  {t('moderate.delete.hint')}
                </Text>
                <Button color="red.9" variant="outline" onClick={() => setDeleting(true)}>
                  {t('moderate.delete.button')}
                </Button>
              </section>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="xl">
            <CommentsPanel
              viewer="moderation"
              formHint={t('admin.comments.visibleToContributor')}
              comments={comments.data ?? []}
              isLoading={comments.isPending}
              loadError={comments.isError ? t('moderate.commentsFailed') : null}
              onAdd={handleAddComment}
            />
            <EntryTimeline events={events.data ?? []} isLoading={events.isPending} isError={events.isError} />
          </Stack>
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
        isPending={save.isPending}
      />
      {conflict && (
        <ConflictModal
          opened
          theirUpdatedAt={conflict.stored.updated_at}
          differingFields={changedFields(values, editableFields(conflict.stored)).map(labelOf)}
          onReloadTheirs={() => {
            adopt(conflict.stored);
            setConflict(null);
            setNotice({ tone: 'success', text: t('moderate.conflict.reloaded') });
          }}
          onKeepMine={() => runSave(conflict.state, conflict.stored.revision)}
          onClose={() => setConflict(null)}
          isSaving={save.isPending}
        />
      )}
      <TypedConfirmModal
        opened={deleting}
        title={t('moderate.delete.confirmTitle')}
        text={t('moderate.delete.confirmText')}
        expected={base.title || base.id}
        inputLabel={t('moderate.delete.confirmLabel')}
        confirmLabel={t('moderate.delete.confirm')}
        onConfirm={handleDelete}
        onClose={() => setDeleting(false)}
        isPending={deleteEntry.isPending}
      />
    </Stack>
  );
}
