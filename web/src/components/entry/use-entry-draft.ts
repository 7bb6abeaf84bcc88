import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';
import type { EntryValidator, ValidationMode } from '@einwurf/contract';
import {
  scopeOfError,
  translateFieldErrors,
  useValidationMessagesReady,
  type FormData,
  type FormStore,
} from '../../forms';
import { ApiError } from '../../lib/api-client';
import {
  validationModeOf,
  type Entry,
  type EntryData,
  type EntryState,
  type FieldError,
} from '../../lib/contract';
import { editableFields, isSameData } from './entry-fields';

/** Why a save or another action on the entry failed, once the draft has reacted to it. */
export type DraftFailureReason =
  /** The server refused fields; they are marked in the form. */
  | 'fields'
  /** The entry can no longer be changed by this role; the stored version is loaded. */
  | 'readOnly'
  /** The lifecycle does not allow the state change. */
  | 'invalidTransition'
  /** No answer from the server. */
  | 'network'
  | 'failed';

/** What failed: the reason, the role's action (`save` unless it says otherwise) and its target state. */
export type DraftFailure = { reason: DraftFailureReason; action: DraftAction; target?: EntryState };
/** The role's actions a failure can come from. */
export type DraftAction = 'save' | 'propose' | 'delete';

type FailureContext = { action?: DraftAction; target?: EntryState };

/** A save refused because someone saved in between: their version, and the state mine was to move to. */
export type DraftConflict = { stored: EntryData; target?: EntryState };

export type UseEntryDraftOptions = {
  /** The entry as loaded. */
  entry: Entry;
  /** An edit kept from earlier, shown in place of the loaded data (it stays unsaved). */
  restored?: EntryData | null;
  validator: EntryValidator;
  /** The role's save (`PUT` with `data.revision`); `state` when the save moves the entry. */
  save: (data: EntryData, state?: EntryState) => Promise<Entry>;
  /** Fetches the stored entry, when a refusal did not bring it along. */
  reload: () => Promise<Entry>;
  /** Whether the role can no longer change an entry in this state (the form shows it read-only). */
  isReadOnly: (state: EntryState) => boolean;
  /** Tells the person what failed, in the role's words (a toast, a notice). */
  onFailure: (failure: DraftFailure) => void;
};

/** What the editors ask of the copy kept in the browser: forget it (deleted), or write it now. */
export type KeptHandle = { forget: () => void; flush: () => void };

const TITLE_SCOPES: ReadonlySet<string> = new Set(['title']);
const isTitleError = (error: FieldError) => scopeOfError(error, TITLE_SCOPES) === 'title';

/**
 * One entry being edited, whoever edits it: the stored version (`base`) and the edited one, the
 * unsaved-changes flag and the guard against leaving with it, validation with the server's field
 * errors, saves that carry the revision the edit started from, the choice after a conflicting save,
 * and the reactions to failures. The role brings its save and its words.
 */
export function useEntryDraft({
  entry,
  restored = null,
  validator,
  save,
  reload,
  isReadOnly: isReadOnlyIn,
  onFailure,
}: UseEntryDraftOptions) {
  const { i18n } = useTranslation();
  const messagesReady = useValidationMessagesReady();
  const [base, setBase] = useState<EntryData>(entry.data);
  const [edited, setEdited] = useState<EntryData>(restored ?? entry.data);
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);
  const [mode, setMode] = useState<ValidationMode>('draft');
  const [titleDirty, setTitleDirty] = useState(false);
  const [conflict, setConflict] = useState<DraftConflict | null>(null);
  const [isSaving, setSaving] = useState(false);
  const storeRef = useRef<FormStore | null>(null);

  const isReadOnly = isReadOnlyIn(base.state);
  const isDirty = useMemo(
    () => !isReadOnly && !isSameData(editableFields(edited), editableFields(base)),
    [isReadOnly, edited, base],
  );

  /** The copy of the edit kept in the browser, once its part has loaded (kept-parts.tsx). */
  const kept = useRef<KeptHandle | null>(null);

  const editedRef = useRef(edited);
  const dirtyRef = useRef(isDirty);
  const leavingRef = useRef(false);
  // Set as the render commits, not after the paint: a navigation right after the last keystroke
  // already finds the edit dirty.
  useLayoutEffect(() => {
    editedRef.current = edited;
    dirtyRef.current = isDirty;
  }, [edited, isDirty]);

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

  /** A stored version replaces the edit: after loading theirs, or when the entry became read-only. */
  const adopt = (data: EntryData) => {
    setBase(data);
    setEdited(data);
    setServerErrors([]);
    setTitleDirty(false);
  };

  /** The server's answer becomes the base; edits typed while it travelled stay. */
  const accept = (saved: Entry, sent?: EntryData) => {
    setBase(saved.data);
    setEdited((current) =>
      current === sent ? saved.data : { ...current, revision: saved.data.revision, state: saved.data.state },
    );
  };

  /** Marks problems on their fields, checked as strictly as `strictness` asks. */
  const showProblems = (problems: readonly FieldError[], strictness: ValidationMode = mode) => {
    setServerErrors(problems);
    setMode(strictness);
    setTitleDirty(true);
    storeRef.current?.touchAll();
  };

  /** Reacts to a failed request on this entry, then tells the role why it failed. */
  const handleFailure = async (error: unknown, { action = 'save', target }: FailureContext = {}) => {
    const tell = (reason: DraftFailureReason) => onFailure({ reason, action, target });
    if (!(error instanceof ApiError)) return tell('network');
    if (error.handled) return;
    switch (error.code) {
      case 'VALIDATION_FAILED':
        showProblems(error.fields ?? [], target ? validationModeOf(target) : mode);
        return tell('fields');
      case 'CONFLICT':
        try {
          // The stored version comes with the refusal, or fresh from the server: the choice compares
          // with what is there now.
          const stored = isEntryBody(error.body) ? error.body : await reload();
          setConflict({ stored: stored.data, target });
        } catch {
          tell('failed');
        }
        return;
      case 'ENTRY_READ_ONLY':
        tell('readOnly');
        void reload().then((fresh) => adopt(fresh.data));
        return;
      case 'INVALID_TRANSITION':
        return tell('invalidTransition');
      default:
        return tell('failed');
    }
  };

  /** Saves the edit (or `data`), moving it to `target` when given; answers the saved entry or null. */
  const saveDraft = async ({
    data = editedRef.current,
    target,
    action,
  }: { data?: EntryData } & FailureContext = {}): Promise<Entry | null> => {
    setSaving(true);
    try {
      const saved = await save(data, target);
      setServerErrors([]);
      setConflict(null);
      accept(saved, data);
      return saved;
    } catch (error) {
      await handleFailure(error, { action, target });
      return null;
    } finally {
      setSaving(false);
    }
  };

  /**
   * Before a move to a state that checks the whole schema (publishing, proposing), checks it here and
   * marks what is missing; answers whether the move may go to the server.
   */
  const checkFor = (target: EntryState): boolean => {
    if (validationModeOf(target) !== 'strict') return true;
    const problems = validator.validate(editedRef.current, 'strict');
    if (problems.length > 0) showProblems(problems, 'strict');
    return problems.length === 0;
  };

  const reloadTheirs = () => {
    if (!conflict) return;
    adopt(conflict.stored);
    setConflict(null);
  };

  /** Saves mine over theirs: their version becomes the base, mine goes from its revision. */
  const keepMine = async (): Promise<Entry | null> => {
    if (!conflict) return null;
    const { stored, target } = conflict;
    setBase(stored);
    const mine = { ...editedRef.current, revision: stored.revision };
    setEdited(mine);
    return saveDraft({ data: mine, target });
  };

  /** The edit as it is now, for callbacks that outlive a render. */
  const latest = useCallback(() => editedRef.current, []);
  /** Lets the next navigation pass without asking (after a delete, a proposal, a session expiry). */
  const allowLeave = useCallback(() => {
    leavingRef.current = true;
  }, []);

  const handleFormChange = useCallback((value: FormData) => setEdited(value as EntryData), []);

  const handleTitleChange = (title: string) => {
    setTitleDirty(true);
    setServerErrors((errors) => errors.filter((error) => !isTitleError(error)));
    setEdited((current) => ({ ...current, title }));
  };

  const titleErrors = useMemo(() => {
    const fromServer = serverErrors.filter(isTitleError);
    const fromClient = titleDirty ? validator.validate(edited, mode).filter(isTitleError) : [];
    return messagesReady
      ? translateFieldErrors(fromServer.length > 0 ? fromServer : fromClient, i18n.language)
      : [];
  }, [serverErrors, titleDirty, validator, edited, mode, i18n.language, messagesReady]);

  return {
    base,
    edited,
    validator,
    kept,
    latest,
    isDirty,
    isReadOnly,
    isSaving,
    mode,
    serverErrors,
    titleErrors,
    storeRef,
    handleFormChange,
    handleTitleChange,
    save: saveDraft,
    accept,
    checkFor,
    handleFailure,
    conflict,
    reloadTheirs,
    keepMine,
    dismissConflict: () => setConflict(null),
    /** The route change waiting for an answer to the unsaved-changes question. */
    blocker,
    allowLeave,
  };
}

export type EntryDraft = ReturnType<typeof useEntryDraft>;

function isEntryBody(body: unknown): body is Entry {
  if (typeof body !== 'object' || body === null) return false;
  const data = (body as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && typeof (data as EntryData).revision === 'number';
}
