import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isHandledError } from '../../../lib/api-client';
import { showDangerToast } from '../../../lib/notify';
import {
  UploadCancelled,
  UploadConnectionLost,
  acceptOf,
  deleteUploadedFile,
  extensionOf,
  formatMegabytes,
  refuseTooLarge,
  renameUploadedFile,
} from '../../../lib/uploads';
import type { WidgetProps } from '../../types';
import { useUploads } from '../../upload-context';
import { stringsOf } from '../feedback';
import { fileKeysOf, fileNameOf } from './file-names';
import { useUploadQueue } from './use-upload-queue';

type FilesWidgetOptions = Pick<WidgetProps, 'value' | 'onChange' | 'disabled' | 'schema'>;

/**
 * The files widget's state and actions: the stored list of URLs, uploads with progress and cancel,
 * rename, remove (at once, undone when the server refuses), the notices and the announcement for
 * screen readers, and where focus goes once a file is removed.
 */
export function useFilesWidget({ value, onChange, disabled, schema }: FilesWidgetOptions) {
  const { t, i18n } = useTranslation();
  const files = stringsOf(value);
  const { target, limits } = useUploads();
  const [notices, setNotices] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const resetInputRef = useRef<() => void>(null);
  const pickButtonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterRemove = useRef(false);
  const mounted = useRef(false);

  // Uploads, renames and removals finish in any order: each works on the newest list, not the one
  // of the render that started it. A layout effect, so it follows each render at once: Preact runs
  // plain effects after the paint, by when a newer list may have been committed.
  const latest = useRef(files);
  useLayoutEffect(() => {
    latest.current = files;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const commit = useCallback(
    (next: string[]) => {
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );

  const queue = useUploadQueue({
    onUploaded: (uploaded) => {
      commit([...latest.current, uploaded.url]);
      setAnnouncement(t('forms.files.announce.attached', { name: fileNameOf(uploaded.url) }));
    },
    onFailed: (error, name) => {
      if (error instanceof UploadCancelled) {
        setAnnouncement(t('forms.files.announce.cancelled', { name }));
        return;
      }
      if (isHandledError(error)) return;
      const text =
        error instanceof ApiError && error.code === 'UNSUPPORTED_MEDIA_TYPE'
          ? t('forms.files.uploadFailed.content', { name })
          : error instanceof ApiError && error.code === 'FILE_QUOTA_EXCEEDED'
            ? t('errors.code.FILE_QUOTA_EXCEEDED')
            : error instanceof UploadConnectionLost
              ? error.message
              : t('forms.files.uploadFailed.text', { name });
      showDangerToast(t('forms.files.uploadFailed.title'), text);
    },
  });

  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const isFull = files.length + queue.uploads.length >= maxItems;
  const canUpload = target !== null && limits !== undefined && !disabled && !isFull;

  // Focus would otherwise fall to the page when the removed file's buttons go: the picker takes it,
  // or the list when the picker is disabled.
  useEffect(() => {
    if (!focusAfterRemove.current) return;
    focusAfterRemove.current = false;
    if (pickButtonRef.current && !pickButtonRef.current.disabled) pickButtonRef.current.focus();
    else listRef.current?.focus();
  });

  const addFiles = (picked: File[]) => {
    resetInputRef.current?.();
    if (!target || !limits || disabled) return;
    const found: string[] = [];
    let room = maxItems - latest.current.length - queue.runningCount();
    let skipped = 0;
    for (const file of picked) {
      const extension = extensionOf(file.name);
      if (!limits.allowedExtensions.includes(extension)) {
        found.push(
          extension
            ? t('forms.files.typeRefused', { name: file.name, extension })
            : t('forms.files.typeRefusedNone', { name: file.name }),
        );
        continue;
      }
      if (refuseTooLarge(file, limits)) continue;
      if (room <= 0) {
        skipped += 1;
        continue;
      }
      room -= 1;
      queue.start(target, file);
    }
    if (skipped > 0) found.push(t('forms.files.skipped', { count: skipped, max: maxItems }));
    setNotices(found);
  };

  const rename = async (uri: string, base: string): Promise<boolean> => {
    const name = fileNameOf(uri);
    try {
      const renamed = await renameUploadedFile(uri, base);
      if (mounted.current) {
        commit(latest.current.map((file) => (file === uri ? renamed.url : file)));
        setAnnouncement(t('forms.files.announce.renamed', { name, newName: fileNameOf(renamed.url) }));
      }
      return true;
    } catch (error) {
      if (!isHandledError(error)) {
        showDangerToast(t('forms.files.renameFailed.title'), t('forms.files.renameFailed.text', { name }));
      }
      return false;
    }
  };

  const remove = (uri: string) => {
    const index = latest.current.indexOf(uri);
    if (index < 0) return;
    const name = fileNameOf(uri);
    focusAfterRemove.current = true;
    commit(latest.current.filter((_, i) => i !== index));
    setAnnouncement(t('forms.files.announce.removed', { name }));
    deleteUploadedFile(uri).catch((error: unknown) => {
      // Gone on the server already: the list is right without it.
      if (error instanceof ApiError && error.code === 'NOT_FOUND') return;
      if (mounted.current && !latest.current.includes(uri)) {
        const now = latest.current;
        const at = Math.min(index, now.length);
        commit([...now.slice(0, at), uri, ...now.slice(at)]);
      }
      if (!isHandledError(error)) {
        showDangerToast(t('forms.files.deleteFailed.title'), t('forms.files.deleteFailed.text', { name }));
      }
    });
  };

  let status: string;
  if (target === null) status = t('forms.files.noTarget');
  else if (limits === undefined) status = t('forms.files.loadingLimits');
  else if (isFull) status = t('forms.files.full', { count: maxItems });
  else {
    status = t('forms.files.hint', {
      extensions: limits.allowedExtensions.map((extension) => `.${extension}`).join(', '),
      max: formatMegabytes(limits.maxFileSize, i18n.language),
    });
  }

  return {
    files,
    /** React keys for `files` that survive a rename. */
    keys: fileKeysOf(files),
    uploads: queue.uploads,
    notices,
    announcement,
    /** What the drop zone says: why nothing can be added, or what can. */
    status,
    canUpload,
    /** false before the entry exists: there is nowhere to upload to, so no picker either. */
    hasTarget: target !== null,
    accept: limits ? acceptOf(limits.allowedExtensions) : undefined,
    addFiles,
    cancelUpload: queue.cancel,
    rename,
    remove,
    dismissNotices: () => setNotices([]),
    resetInputRef,
    pickButtonRef,
    listRef,
  };
}
