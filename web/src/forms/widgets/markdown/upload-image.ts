import type { TFunction } from 'i18next';
import { isHandledError } from '../../../lib/api-client';
import { showDangerToast } from '../../../lib/notify';
import { formatMegabytes, refuseTooLarge, uploadFile, UploadCancelled } from '../../../lib/uploads';
import type { UploadContextValue } from '../../upload-context';

/** Why an image could not be added: the message is the spec's, translated, ready to show. */
export class EditorUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EditorUploadError';
  }
}

export type EditorUpload = {
  /** Resolves with the stored file's URL; rejects with an EditorUploadError or an UploadCancelled. */
  promise: Promise<string>;
  cancel: () => void;
};

/**
 * Uploads an image picked in the editor to the entry (sections 5 and 8): refused without an entry id
 * ("No cpt defined…") and past the size limit ("File too large…" plus the warning toast); a server
 * refusal shows "Anon/Mod, Server did not accept file; …" as a danger toast.
 */
export function uploadEditorImage(
  file: File,
  { target, limits }: UploadContextValue,
  t: TFunction,
  /** The interface language, for the size in the message. */
  language: string,
  onProgress?: (fraction: number) => void,
): EditorUpload {
  const refuse = (message: string): EditorUpload => ({
    promise: Promise.reject(new EditorUploadError(message)),
    cancel: () => {},
  });
  if (!target) {
    const message = t('markdownEditor.upload.noTarget');
    showDangerToast(t('markdownEditor.upload.failedTitle'), message);
    return refuse(message);
  }
  if (limits && refuseTooLarge(file, limits)) {
    return refuse(
      t('markdownEditor.upload.tooLarge', {
        max: formatMegabytes(limits.maxFileSize, language),
      }),
    );
  }
  const handle = uploadFile(target, file, file.name, onProgress);
  const promise = handle.promise.then(
    (stored) => stored.url,
    (error: unknown) => {
      if (error instanceof UploadCancelled) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      const message = t(`markdownEditor.upload.refused.${target.role}`, { message: reason });
      // Session expiry, 429 and 500 already have their app-wide reaction; everything else is ours.
      if (!isHandledError(error)) {
        showDangerToast(t('markdownEditor.upload.failedTitle'), message);
      }
      throw new EditorUploadError(message);
    },
  );
  return { promise, cancel: handle.cancel };
}
