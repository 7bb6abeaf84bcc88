import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, type BlockerFunction } from 'react-router';
import type { EntryValidator, ObjectSchema, UiSchema, ValidationMode } from '@einwurf/contract';
import { paths, type EntryRef } from '../../../app/paths';
import { ApiError, registerCurrentEntryProvider } from '../../../lib/api-client';
import type { Entry, EntryData, FieldError } from '../../../lib/contract';
import { clearCurrentEntry } from '../../../lib/current-entry';
import { showDangerToast, showSuccessToast } from '../../../lib/notify';
import {
  ErrorList,
  SchemaForm,
  UploadProvider,
  scopeOfError,
  translateFieldErrors,
  type FormData,
  type FormStore,
} from '../../../forms';
import { useDeleteEntry } from '../api/delete-entry';
import { entryQueryOptions } from '../api/get-entry';
import { useProposeEntry } from '../api/propose-entry';
import { useSaveEntry } from '../api/save-entry';
import { cachedEntryOf, clearCachedEntry } from '../cached-entry';
import { isSameData } from '../same-data';
import { AuthorComments } from './author-comments';
import { ConflictDialog } from './conflict-dialog';
import { DeleteEntryDialog } from './delete-entry-dialog';
import { EntryStateBadge } from '../../../components/entry/entry-state-badge';
import { PreviewDialog } from './preview-dialog';
import { AuthorTimeline } from './author-timeline';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

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

const titleScopes = new Set(['title']);

/** The author's editor: title, the type's form, save, submit, preview, delete, comments and timeline. */
export function EntryEditor({ entryRef, entry, restored, schema, uiSchema, validator }: EntryEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveEntry = useSaveEntry();
  const proposeEntry = useProposeEntry();
  const deleteEntry = useDeleteEntry();

  const uploadTarget = useMemo(() => ({ role: 'anon' as const, entryId: entryRef.id }), [entryRef.id]);
  // `base` is the entry as the server last answered it; `edited` is what the form shows.
  const [base, setBase] = useState<EntryData>(entry.data);
  const [edited, setEdited] = useState<EntryData>(restored ?? entry.data);
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);
  const [mode, setMode] = useState<ValidationMode>('draft');
  const [titleDirty, setTitleDirty] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [conflict, setConflict] = useState<Entry | null>(null);
  const [dialog, setDialog] = useState<'preview' | 'delete' | null>(null);
  const [wasRestored, setWasRestored] = useState(restored !== null);
  const storeRef = useRef<FormStore | null>(null);

  const isReadOnly = base.state === 'published';
  const isDirty = !isReadOnly && !isSameData(edited, base);
  const busy = saveEntry.isPending || proposeEntry.isPending || deleteEntry.isPending;

  const editedRef = useRef(edited);
  const dirtyRef = useRef(isDirty);
  const leavingRef = useRef(false);
  useEffect(() => {
    editedRef.current = edited;
    dirtyRef.current = isDirty;
  }, [edited, isDirty]);

  // A session expiry (401) hands the client this edit; it keeps it in sessionStorage and moves on.
  useEffect(() => {
    registerCurrentEntryProvider(() => {
      leavingRef.current = true;
      return cachedEntryOf(entryRef, editedRef.current);
    });
    return () => registerCurrentEntryProvider(null);
  }, [entryRef]);

  useEffect(() => {
    if (restored) clearCachedEntry();
  }, [restored]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !leavingRef.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isDirty]);

  const handleFormChange = useCallback((value: FormData) => setEdited(value as EntryData), []);

  const refreshSideLists = () =>
    queryClient.invalidateQueries({ queryKey: ['entry', entryRef.id, 'events'] });

  /** Takes the server's answer as the new base; edits typed while it travelled stay. */
  const applySaved = (saved: Entry, sent: EntryData) => {
    setBase(saved.data);
    setEdited((current) =>
      current === sent ? saved.data : { ...current, revision: saved.data.revision, state: saved.data.state },
    );
    queryClient.setQueryData(['entry', entryRef.id], saved);
    void refreshSideLists();
  };

  const handleFailure = (error: unknown, failedTitle: string): void => {
    if (!(error instanceof ApiError)) {
      showDangerToast(failedTitle, t('entry.errors.network'));
      return;
    }
    if (error.handled) return;
    if (error.code === 'VALIDATION_FAILED' && error.fields?.length) {
      setServerErrors(error.fields);
      storeRef.current?.touchAll();
      setNotice('invalid');
      return;
    }
    if (error.code === 'CONFLICT' && isEntryBody(error.body)) {
      setConflict(error.body);
      return;
    }
    if (error.code === 'ENTRY_READ_ONLY') {
      showDangerToast(failedTitle, t('entry.errors.readOnly'));
      void queryClient.fetchQuery(entryQueryOptions(entryRef.id)).then((fresh) => {
        setBase(fresh.data);
        setEdited(fresh.data);
      });
      return;
    }
    showDangerToast(failedTitle, t('entry.errors.generic'));
  };

  /** PUT of the edit; answers the saved data, or null after telling the author what failed. */
  const save = async (data: EntryData = edited): Promise<EntryData | null> => {
    setNotice(null);
    try {
      const saved = await saveEntry.mutateAsync(data);
      setServerErrors([]);
      applySaved(saved, data);
      return saved.data;
    } catch (error) {
      handleFailure(error, t('entry.save.failed'));
      return null;
    }
  };

  const handleSave = async () => {
    if (await save()) {
      setWasRestored(false);
      showSuccessToast(t('entry.save.doneTitle'), t('entry.save.doneText'));
    }
  };

  const handleSubmit = async () => {
    if (isDirty && !(await save())) return;
    try {
      const proposed = await proposeEntry.mutateAsync(entryRef.id);
      setBase(proposed.data);
      setEdited((current) => ({ ...current, state: proposed.data.state }));
      queryClient.setQueryData(['entry', entryRef.id], proposed);
      leavingRef.current = true;
      void navigate(paths.proposedCPT(entryRef));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields?.length) {
        setServerErrors(error.fields);
        setMode('strict');
        setTitleDirty(true);
        storeRef.current?.touchAll();
        setNotice('proposeFailed');
        return;
      }
      handleFailure(error, t('entry.propose.failed'));
    }
  };

  const handleReloadTheirs = () => {
    if (!conflict) return;
    setBase(conflict.data);
    setEdited(conflict.data);
    queryClient.setQueryData(['entry', entryRef.id], conflict);
    setConflict(null);
  };

  const handleKeepMine = async () => {
    if (!conflict) return;
    const stored = conflict.data;
    setConflict(null);
    // The stored version becomes the base; saving the edit from its revision replaces it on purpose.
    setBase(stored);
    const mine = { ...editedRef.current, revision: stored.revision };
    setEdited(mine);
    if (await save(mine)) showSuccessToast(t('entry.save.doneTitle'), t('entry.save.doneText'));
  };

  const handleDelete = async () => {
    try {
      await deleteEntry.mutateAsync(entryRef.id);
    } catch (error) {
      handleFailure(error, t('entry.delete.failed'));
      return;
    }
    leavingRef.current = true;
    clearCurrentEntry();
    clearCachedEntry();
    queryClient.removeQueries({ queryKey: ['entry', entryRef.id] });
    showSuccessToast(t('entry.delete.doneTitle'), t('entry.delete.doneText'));
    void navigate(paths.home(), { replace: true });
  };

  const titleErrors = useMemo(() => {
    const fromServer = serverErrors.filter((error) => scopeOfError(error, titleScopes) === 'title');
    const fromClient = titleDirty
      ? validator.validate(edited, mode).filter((error) => scopeOfError(error, titleScopes) === 'title')
      : [];
    return translateFieldErrors(fromServer.length > 0 ? fromServer : fromClient, t);
  }, [serverErrors, titleDirty, validator, edited, mode, t]);

  const submitLabel = base.state === 'proposed' ? t('entry.propose.changes') : t('entry.propose.submit');

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <EntryStateBadge state={base.state} viewer="author" />
        {isDirty && (
          <Text size="sm" fw={600} role="status">
            {t('entry.unsaved.flag')}
          </Text>
        )}
      </Group>
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
      {isReadOnly && (
        <Alert color="teal" variant="light" title={t('entry.readOnly.title')}>
          {t('entry.readOnly.text')}
        </Alert>
      )}
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
      <TextInput
        label={t('entry.fields.title')}
        value={edited.title}
        required={mode === 'strict'}
        disabled={isReadOnly}
        error={titleErrors.length > 0 ? <ErrorList errors={titleErrors} /> : undefined}
        onChange={(event) => {
          const title = event.currentTarget.value;
          setTitleDirty(true);
          setServerErrors((errors) => errors.filter((error) => scopeOfError(error, titleScopes) !== 'title'));
          setEdited((current) => ({ ...current, title }));
        }}
      />
      <UploadProvider cpt={entryRef.cpt} target={uploadTarget}>
        <SchemaForm
          schema={schema}
          uiSchema={uiSchema}
          value={edited}
          onChange={handleFormChange}
          validator={validator}
          mode={mode}
          errors={serverErrors}
          disabled={isReadOnly}
          storeRef={storeRef}
        />
      </UploadProvider>
      <Group gap="sm">
        {!isReadOnly && (
          <>
            <Button
              onClick={() => void handleSave()}
              loading={saveEntry.isPending}
              disabled={busy && !saveEntry.isPending}
            >
              {t('entry.save.button')}
            </Button>
            <Button
              variant="light"
              onClick={() => void handleSubmit()}
              loading={proposeEntry.isPending}
              disabled={busy && !proposeEntry.isPending}
            >
              {submitLabel}
            </Button>
          </>
        )}
        <Button variant="default" onClick={() => setDialog('preview')}>
          {t('entry.preview.button')}
        </Button>
        {!isReadOnly && (
          <Menu position="bottom-end" withinPortal>
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
      </Group>
      <Divider />
      <AuthorComments entryId={entryRef.id} canWrite={!isReadOnly} />
      <Divider />
      <AuthorTimeline entryId={entryRef.id} />

      <PreviewDialog
        opened={dialog === 'preview'}
        title={edited.title}
        content={typeof edited.content === 'string' ? edited.content : ''}
        onClose={() => setDialog(null)}
      />
      <DeleteEntryDialog
        opened={dialog === 'delete'}
        title={base.title}
        busy={deleteEntry.isPending}
        onConfirm={() => void handleDelete()}
        onClose={() => setDialog(null)}
      />
      <ConflictDialog
        opened={conflict !== null}
        savedAt={conflict?.data.updated_at ?? ''}
        busy={saveEntry.isPending}
        onReloadTheirs={handleReloadTheirs}
        onKeepMine={() => void handleKeepMine()}
        onClose={() => setConflict(null)}
      />
      <UnsavedChangesDialog
        opened={blocker.state === 'blocked'}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </Stack>
  );
}

function isEntryBody(body: unknown): body is Entry {
  if (typeof body !== 'object' || body === null) return false;
  const data = (body as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && typeof (data as EntryData).revision === 'number';
}
