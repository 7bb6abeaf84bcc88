import { useEffect, useRef } from 'react';
import { Alert, Input, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../types';
import { ErrorList } from '../feedback';
import { fileNameOf } from '../files/file-names';
import { ImageDropZone } from './image-drop-zone';
import { ImagePreview } from './image-preview';
import { ImageUploadProgress } from './image-upload-progress';
import { LazyCropModal } from './lazy-crop-modal';
import { useImageWidget } from './use-image-widget';

/**
 * The single image uploader (stored value: the file's URL). No image → choose or drop one → crop →
 * uploading (progress, cancel) → the image with a remove button (spec sections 4, 5 and 8).
 */
export function ImageWidget({
  id,
  value,
  onChange,
  label,
  help,
  errors,
  state,
  required,
  disabled,
}: WidgetProps) {
  const { t } = useTranslation();
  const image = useImageWidget({ value, onChange, disabled, state });
  const { url, phase, notice, choiceError } = image;
  // Each step swaps the controls (the cropper closes, the file field gives way to the upload's Cancel,
  // then to Remove), and the control with focus vanishes with it. From a choice or a removal until the
  // widget rests again, focus lost to the page goes to the first control the step shows (the cropper
  // holds focus itself while open); focus the person moved elsewhere stays there.
  const box = useRef<HTMLDivElement>(null);
  const following = useRef(false);
  useEffect(() => {
    if (following.current && document.activeElement === document.body) {
      box.current?.querySelector<HTMLElement>(':enabled')?.focus();
    }
    following.current &&= phase.kind !== 'idle';
  }, [phase.kind, url]);

  const hintId = `${id}-hint`;
  const noTargetId = `${id}-no-target`;
  const choiceId = `${id}-choice`;
  const noticeId = `${id}-notice`;
  const describedBy =
    [
      errors.length > 0 && `${id}-error`,
      help && `${id}-description`,
      image.hasTarget ? hintId : noTargetId,
      choiceError && choiceId,
      notice && noticeId,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement={url ? 'div' : 'label'}
      withAsterisk={required}
      description={help}
      error={errors.length > 0 ? <ErrorList errors={errors} /> : undefined}
    >
      <Stack gap="xs" mt={4} ref={box}>
        {url ? (
          <ImagePreview
            labelId={`${id}-label`}
            src={image.imageSrc}
            alt={t('forms.image.alt', { label, name: fileNameOf(url) })}
            state={image.shownState}
            describedBy={describedBy}
            isRemoving={phase.kind === 'removing'}
            disabled={disabled}
            onRemove={() => {
              following.current = true;
              void image.remove();
            }}
            onImageError={image.handleImageError}
          />
        ) : (
          <ImageDropZone
            id={id}
            state={image.shownState}
            required={required}
            disabled={image.isInputDisabled}
            accept={image.accept}
            describedBy={describedBy}
            hasTarget={image.hasTarget}
            hint={image.hint}
            hintId={hintId}
            noTargetId={noTargetId}
            onFile={(file) => {
              following.current = true;
              void image.chooseFile(file);
            }}
          />
        )}
        {phase.kind === 'uploading' && (
          <ImageUploadProgress
            name={phase.name}
            thumbnail={phase.thumbnail}
            progress={phase.progress}
            onCancel={phase.cancel}
          />
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
        <LazyCropModal
          file={phase.file}
          allowed={image.extensions}
          onCancel={image.cancelCrop}
          onUpload={image.uploadCropped}
        />
      )}
    </Input.Wrapper>
  );
}
