import { useState, type DragEvent, type Ref } from 'react';
import { Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldState } from '../../types';

const BORDER_OF_STATE = {
  neutral: undefined,
  valid: 'var(--mantine-color-success)',
  invalid: 'var(--mantine-color-error)',
} as const;

type FileDropZoneProps = {
  /** The field's label, which names the picker. */
  label: string;
  state: FieldState;
  canUpload: boolean;
  /** Without an entry to upload to there is no picker, only the status. */
  hasTarget: boolean;
  status: string;
  statusId: string;
  /** The picker's `accept` attribute; undefined while the limits load. */
  accept: string | undefined;
  resetRef: Ref<() => void>;
  pickButtonRef: Ref<HTMLButtonElement>;
  onFiles: (files: File[]) => void;
};

/** The bordered area that takes dropped files, with the picker button and the status line. */
export function FileDropZone({
  label,
  state,
  canUpload,
  hasTarget,
  status,
  statusId,
  accept,
  resetRef,
  pickButtonRef,
  onFiles,
}: FileDropZoneProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!canUpload || !event.dataTransfer.types.includes('Files')) return;
    // Without this the browser would not let the files drop here (it would open them instead).
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const handleDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Moving over the zone's own text fires dragleave too; only leaving the zone ends the highlight.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    setDragging(false);
    if (!canUpload) return;
    event.preventDefault();
    onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Paper
      withBorder
      p="sm"
      onDragOver={handleDragOver}
      onDragLeave={handleDragLeave}
      onDrop={handleDrop}
      data-dragging={dragging || undefined}
      style={{
        borderStyle: 'dashed',
        borderWidth: state === 'neutral' ? 1 : 2,
        borderColor: dragging ? 'var(--mantine-primary-color-filled)' : BORDER_OF_STATE[state],
        background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group gap="sm" justify="space-between">
        <Stack gap={2} style={{ flex: 1, minWidth: '12rem' }}>
          {canUpload && <Text size="sm">{t('forms.files.drop')}</Text>}
          <Text id={statusId} size="sm" c="dimmed">
            {status}
          </Text>
        </Stack>
        {hasTarget && (
          <FileButton onChange={onFiles} multiple accept={accept} resetRef={resetRef} disabled={!canUpload}>
            {(props) => (
              <Button
                {...props}
                ref={pickButtonRef}
                variant="light"
                size="sm"
                disabled={!canUpload}
                aria-label={t('forms.files.pickLabel', { label })}
                aria-describedby={statusId}
              >
                {t('forms.files.pick')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
    </Paper>
  );
}
