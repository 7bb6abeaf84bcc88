import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Alert, Button, Group, Input, Loader, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, isHandledError } from '../../../lib/api-client';
import { API_BASE } from '../../../lib/contract';
import { showDangerToast } from '../../../lib/notify';
import {
  UploadCancelled,
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
import { ErrorList } from '../feedback';
import { fileNameOf } from '../files/file-names';
import { canCropImages } from './canvas-support';
import { isAnimatedGifFile } from './gif-frames';
import classes from './image-widget.module.css';

const CropModal = lazy(() => import('./crop-modal'));

type Phase =
  | { kind: 'idle' }
  | { kind: 'cropping'; file: File }
  | { kind: 'uploading'; name: string; thumbnail: string | null; progress: number; cancel: () => void }
  | { kind: 'removing' };

/** Why an image went up uncropped; shown under the field until the next choice. */
type Notice = 'noCanvas' | 'animated' | 'cropFailed';

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

/**
 * The single image uploader (stored value: the file's URL). No image → choose or drop one → crop →
 * uploading (progress, cancel) → the image with a remove button (spec sections 4, 5 and 8).
 */
export function ImageWidget({ id, value, onChange, label, help, errors, state, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { target, limits } = useUploads();
  const url = typeof value === 'string' ? value : '';
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [isDragging, setDragging] = useState(false);
  // What the server said of the image uploaded here; for a stored value the preview is tried first.
  const [uploaded, setUploaded] = useState<{ url: string; hasPreview: boolean } | null>(null);
  const [failedPreview, setFailedPreview] = useState<string | null>(null);
  const upload = useRef<UploadHandle | null>(null);

  useEffect(() => () => upload.current?.cancel(), []);

  const extensions = limits ? imageExtensions(limits) : [];
  const typeList = extensions.map((ext) => ext.toUpperCase()).join(', ');
  const isBusy = phase.kind !== 'idle';
  const isInputDisabled = disabled || !target || !limits || extensions.length === 0 || isBusy;
  // The field is valid only with an image (spec section 5); an empty optional field stays neutral.
  const shownState: FieldState = state === 'valid' && !url ? 'neutral' : state;

  const hintId = `${id}-hint`;
  const choiceId = `${id}-choice`;
  const noticeId = `${id}-notice`;
  const describedBy =
    [
      errors.length > 0 && `${id}-error`,
      help && `${id}-description`,
      target ? hintId : `${id}-no-target`,
      choiceError && choiceId,
      notice && noticeId,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

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
              : error instanceof ApiError && error.status === 0
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

  const handleFile = async (file: File) => {
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

  const handleInput = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    event.currentTarget.value = '';
    if (file) void handleFile(file);
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = isInputDisabled ? 'none' : 'copy';
    if (!isInputDisabled) setDragging(true);
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void handleFile(file);
  };

  const handleRemove = async () => {
    setNotice(null);
    setPhase({ kind: 'removing' });
    try {
      if (isStoredFile(url)) await deleteUploadedFile(url);
      setUploaded(null);
      onChange('');
    } catch (error) {
      // Already gone on the server: the field lets go of it as well.
      if (error instanceof ApiError && error.status === 404) {
        onChange('');
      } else if (!isHandledError(error)) {
        showDangerToast(t('forms.image.removeFailed.title'), t('forms.image.removeFailed.text'));
      }
    } finally {
      setPhase({ kind: 'idle' });
    }
  };

  const usesPreview =
    uploaded?.url === url ? uploaded.hasPreview : isStoredFile(url) && failedPreview !== url;
  const imageSrc = usesPreview ? previewUrlOf(url) : url;

  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement={url ? 'div' : 'label'}
      description={help}
      error={errors.length > 0 ? <ErrorList errors={errors} /> : undefined}
    >
      <Stack gap="xs" mt={4}>
        {url ? (
          <>
            <div
              className={classes.frame}
              data-state={shownState}
              role="group"
              aria-labelledby={`${id}-label`}
              aria-describedby={describedBy}
              aria-busy={phase.kind === 'removing' || undefined}
            >
              <img
                className={classes.image}
                src={imageSrc}
                alt={t('forms.image.alt', { label, name: fileNameOf(url) })}
                onError={() => usesPreview && setFailedPreview(url)}
              />
              {phase.kind === 'removing' && (
                <div className={classes.overlay} role="status">
                  <Loader size="sm" aria-hidden />
                  <Text size="sm">{t('forms.image.removing')}</Text>
                </div>
              )}
            </div>
            <Group>
              <Button
                variant="default"
                onClick={() => void handleRemove()}
                disabled={disabled || phase.kind === 'removing'}
              >
                {t('forms.image.remove')}
              </Button>
            </Group>
          </>
        ) : (
          <div
            className={classes.zone}
            data-state={shownState}
            data-dragging={isDragging || undefined}
            data-disabled={isInputDisabled || undefined}
            onDragOver={handleDragOver}
            onDragLeave={() => setDragging(false)}
            onDrop={handleDrop}
          >
            <input
              id={id}
              className={classes.input}
              type="file"
              accept={acceptOf(extensions)}
              disabled={isInputDisabled}
              aria-invalid={shownState === 'invalid' || undefined}
              aria-describedby={describedBy}
              onChange={handleInput}
            />
            <Text fw={600} c={isInputDisabled ? 'dimmed' : 'blue.8'}>
              {isDragging ? t('forms.image.dropping') : t('forms.image.choose')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('forms.image.dropHint')}
            </Text>
            {target ? (
              limits && (
                <Text size="xs" c="dimmed" id={hintId}>
                  {t('forms.image.allowed', { types: typeList, max: formatMegabytes(limits.maxFileSize) })}
                </Text>
              )
            ) : (
              <Text size="sm" id={`${id}-no-target`}>
                {t('forms.image.noTarget')}
              </Text>
            )}
          </div>
        )}

        {phase.kind === 'uploading' && (
          <Stack gap={6} role="status">
            <Group gap="sm" wrap="nowrap">
              {phase.thumbnail && <img className={classes.thumbnail} src={phase.thumbnail} alt="" />}
              <Text size="sm">{t('forms.image.uploading', { name: phase.name })}</Text>
            </Group>
            <Progress
              value={Math.round(phase.progress * 100)}
              aria-label={t('forms.image.progress')}
              transitionDuration={150}
            />
            <Group>
              <Button variant="default" size="xs" onClick={phase.cancel}>
                {t('forms.image.cancel')}
              </Button>
            </Group>
          </Stack>
        )}

        {choiceError && (
          <Text size="sm" c="var(--mantine-color-error)" id={choiceId} role="alert">
            {choiceError}
          </Text>
        )}
        {notice && (
          <Alert color="blue" id={noticeId}>
            {t(`forms.image.notice.${notice}`)}
          </Alert>
        )}
      </Stack>

      {phase.kind === 'cropping' && (
        <Suspense
          fallback={
            <Group gap="xs" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm">{t('forms.image.loadingCropper')}</Text>
            </Group>
          }
        >
          <CropModal
            file={phase.file}
            allowed={extensions}
            onCancel={() => setPhase({ kind: 'idle' })}
            onUpload={(file, failedCrop) => {
              if (failedCrop) setNotice('cropFailed');
              startUpload(file);
            }}
          />
        </Suspense>
      )}
    </Input.Wrapper>
  );
}
