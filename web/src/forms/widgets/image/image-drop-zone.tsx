import { useState, type ChangeEvent, type DragEvent } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldState } from '../../types';
import classes from './image-widget.module.css';

type ImageDropZoneProps = {
  /** The input's id, which the field's label points to. */
  id: string;
  state: FieldState;
  required: boolean | undefined;
  disabled: boolean;
  accept: string;
  describedBy: string | undefined;
  /** Without an entry to upload to the zone says so instead of the hint. */
  hasTarget: boolean;
  /** Which images are taken up to which size; null while the limits load. */
  hint: string | null;
  hintId: string;
  noTargetId: string;
  onFile: (file: File) => void;
};

/** The file input for a field without an image, which also takes an image dropped on it. */
export function ImageDropZone({
  id,
  state,
  required,
  disabled,
  accept,
  describedBy,
  hasTarget,
  hint,
  hintId,
  noTargetId,
  onFile,
}: ImageDropZoneProps) {
  const { t } = useTranslation();
  const [isDragging, setDragging] = useState(false);

  const handleInput = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    event.currentTarget.value = '';
    if (file) onFile(file);
  };
  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div
      className={classes.zone}
      data-state={state}
      data-dragging={isDragging || undefined}
      data-disabled={disabled || undefined}
      onDragOver={handleDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
    >
      <input
        id={id}
        className={classes.input}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={state === 'invalid' || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        onChange={handleInput}
      />
      <Text fw={600} c={disabled ? 'dimmed' : 'var(--mantine-color-anchor)'}>
        {isDragging ? t('forms.image.dropping') : t('forms.image.choose')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('forms.image.dropHint')}
      </Text>
      {hasTarget ? (
        hint && (
          <Text size="xs" c="dimmed" id={hintId}>
            {hint}
          </Text>
        )
      ) : (
        <Text size="sm" id={noTargetId}>
          {t('forms.image.noTarget')}
        </Text>
      )}
    </div>
  );
}
