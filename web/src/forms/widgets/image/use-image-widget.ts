import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isHandledError } from '../../../lib/api-client';
import { API_BASE } from '../../../lib/contract';
import { showDangerToast } from '../../../lib/notify';
import {
  UploadCancelled,
  UploadConnectionLost,
  acceptOf,
  deleteUploadedFile,
  extensionOf,
  formatMegabytes,
  imageExtensions,
  refuseTooLarge,
  uploadFile,
  type UploadHandle,
} from '../../../lib/uploads';
import type { FieldState, WidgetProps } from '../../types';
import { useUploads } from '../../upload-context';
import { canCropImages } from './canvas-support';
import { isAnimatedGifFile } from './gif-frames';

/** Where the image widget stands: waiting for a choice, cropping, uploading or removing. */
export type ImagePhase =
  | { kind: 'idle' }
  | { kind: 'cropping'; file: File }
  | { kind: 'uploading'; name: string; thumbnail: string | null; progress: number; cancel: () => void }
  | { kind: 'removing' };

/** Why an image went up uncropped; shown under the field until the next choice. */
export type ImageNotice = 'noCanvas' | 'animated' | 'cropFailed';

/** The web-sized rendition the server keeps of an uploaded image. */
export function previewUrlOf(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}variant=preview`;
}

/** Files the app stores live under the API; other URIs are only forgotten, never deleted. */
function isStoredFile(url: string): boolean {
  return url.startsWith(`${API_BASE}/`);
}

function objectUrlOf(blob: Blob): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;
}

type ImageWidgetOptions = Pick<WidgetProps, 'value' | 'onChange' | 'disabled' | 'state'>;

/**
 * The image widget's state and actions: the stored URL and the picture shown for it, the choice of a
 * file (type and size checks, then cropping, or straight up when the browser cannot crop or the GIF
 * is animated), the upload with progress and cancel, and removal.
 */
export function useImageWidget({ value, onChange, disabled, state }: ImageWidgetOptions) {
  const { t, i18n } = useTranslation();
  const { target, limits } = useUploads();
  const url = typeof value === 'string' ? value : '';
  const [phase, setPhase] = useState<ImagePhase>({ kind: 'idle' });
  const [notice, setNotice] = useState<ImageNotice | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  // What the server said of the image uploaded here; for a stored value the preview is tried first.
  const [uploaded, setUploaded] = useState<{ url: string; hasPreview: boolean } | null>(null);
  const [failedPreview, setFailedPreview] = useState<string | null>(null);
  const upload = useRef<UploadHandle | null>(null);

  useEffect(() => () => upload.current?.cancel(), []);

  const extensions = limits ? imageExtensions(limits) : [];
  const typeList = extensions.map((ext) => ext.toUpperCase()).join(', ');
  const isInputDisabled = disabled || !target || !limits || extensions.length === 0 || phase.kind !== 'idle';

  const startUpload = (file: File) => {
    if (!target || !limits) return;
    if (refuseTooLarge(file, limits)) {
      setPhase({ kind: 'idle' });
      return;
    }
    const thumbnail = objectUrlOf(file);
    const handle = uploadFile(target, file, file.name, (progress) =>
      setPhase((current) => (current.kind === 'uploading' ? { ...current, progress } : current)),
    );
    upload.current = handle;
    setPhase({ kind: 'uploading', name: file.name, thumbnail, progress: 0, cancel: handle.cancel });
    handle.promise
      .then(
        (stored) => {
          setUploaded({ url: stored.url, hasPreview: stored.has_preview });
          onChange(stored.url);
        },
        (error: unknown) => {
          if (error instanceof UploadCancelled) return;
          if (isHandledError(error)) return;
          const reason =
            error instanceof ApiError && error.code === 'UNSUPPORTED_MEDIA_TYPE'
              ? t('forms.image.rejected.format')
              : error instanceof UploadConnectionLost
                ? error.message
                : t('forms.image.rejected.text');
          showDangerToast(t('forms.image.rejected.title'), reason);
        },
      )
      .finally(() => {
        if (upload.current === handle) upload.current = null;
        if (thumbnail) URL.revokeObjectURL(thumbnail);
        setPhase({ kind: 'idle' });
      });
  };

  const chooseFile = async (file: File) => {
    setChoiceError(null);
    setNotice(null);
    if (!target || !limits || isInputDisabled) return;
    const extension = extensionOf(file.name);
    if (!extensions.includes(extension)) {
      setChoiceError(t('forms.image.wrongType', { name: file.name, types: typeList }));
      return;
    }
    if (refuseTooLarge(file, limits)) return;
    if (extension === 'gif' && (await isAnimatedGifFile(file))) {
      setNotice('animated');
      startUpload(file);
    } else if (!canCropImages()) {
      setNotice('noCanvas');
      startUpload(file);
    } else {
      setPhase({ kind: 'cropping', file });
    }
  };

  const uploadCropped = (file: File, failedCrop?: boolean) => {
    if (failedCrop) setNotice('cropFailed');
    startUpload(file);
  };

  const remove = async () => {
    setNotice(null);
    setPhase({ kind: 'removing' });
    try {
      if (isStoredFile(url)) await deleteUploadedFile(url);
      setUploaded(null);
      onChange('');
    } catch (error) {
      // Already gone on the server: the field lets go of it as well.
      if (error instanceof ApiError && error.code === 'NOT_FOUND') {
        onChange('');
      } else if (!isHandledError(error)) {
        showDangerToast(t('forms.image.removeFailed.title'), t('forms.image.removeFailed.text'));
      }
    } finally {
      setPhase({ kind: 'idle' });
    }
  };

  // The field is valid only with an image (spec section 5); an empty optional field stays neutral.
  const shownState: FieldState = state === 'valid' && !url ? 'neutral' : state;
  const usesPreview =
    uploaded?.url === url ? uploaded.hasPreview : isStoredFile(url) && failedPreview !== url;

  return {
    url,
    phase,
    notice,
    choiceError,
    shownState,
    imageSrc: usesPreview ? previewUrlOf(url) : url,
    /** The extensions the cropper may encode into: the configured image types. */
    extensions,
    accept: acceptOf(extensions),
    isInputDisabled,
    /** false before the entry exists: there is nowhere to upload to. */
    hasTarget: target !== null,
    /** Which images the field takes up to which size; null while the limits load. */
    hint: limits
      ? t('forms.image.allowed', { types: typeList, max: formatMegabytes(limits.maxFileSize, i18n.language) })
      : null,
    chooseFile,
    uploadCropped,
    cancelCrop: () => setPhase({ kind: 'idle' }),
    remove,
    /** The shown preview failed to load: the file itself is shown from now on. */
    handleImageError: () => {
      if (usesPreview) setFailedPreview(url);
    },
  };
}
