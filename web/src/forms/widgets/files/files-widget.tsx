import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Input,
  Paper,
  Progress,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, isHandledError } from '../../../lib/api-client';
import { showDangerToast } from '../../../lib/notify';
import {
  UploadCancelled,
  acceptOf,
  deleteUploadedFile,
  extensionOf,
  formatMegabytes,
  refuseTooLarge,
  renameUploadedFile,
  type UploadedFile,
} from '../../../lib/uploads';
import type { WidgetProps } from '../../types';
import { useUploads } from '../../upload-context';
import { ErrorList, stringsOf } from '../feedback';
import { FileItem } from './file-item';
import { fileKeysOf, fileNameOf } from './file-names';
import { useUploadQueue } from './use-upload-queue';

const BORDER_OF_STATE = {
  neutral: undefined,
  valid: 'var(--mantine-color-success)',
  invalid: 'var(--mantine-color-error)',
} as const;

/**
 * The multi-file uploader (stored value: an array of file URLs). Files are picked or dropped, each
 * uploads with its progress and cancel and joins the list when stored; files can be renamed (the
 * extension stays) and removed. Removing takes the file off the list first and puts it back at its
 * place when the server refuses (spec sections 4 and 8).
 */
export function FilesWidget({
  id,
  value,
  onChange,
  label,
  help,
  errors,
  state,
  disabled,
  schema,
}: WidgetProps) {
  const { t } = useTranslation();
  const files = stringsOf(value);
  const { target, limits } = useUploads();
  const [notices, setNotices] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const resetInput = useRef<() => void>(null);
  const pickButton = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterRemove = useRef(false);
  const mounted = useRef(false);

  // Uploads, renames and removals finish in any order: each works on the newest list, not the one
  // of the render that started it.
  const latest = useRef(files);
  useEffect(() => {
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
    onUploaded: (uploaded: UploadedFile) => {
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
          : error instanceof ApiError && error.status === 0
            ? error.message
            : t('forms.files.uploadFailed.text', { name });
      showDangerToast(t('forms.files.uploadFailed.title'), text);
    },
  });

  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const isFull = files.length + queue.uploads.length >= maxItems;
  const canUpload = target !== null && limits !== undefined && !disabled && !isFull;

  useEffect(() => {
    if (!focusAfterRemove.current) return;
    focusAfterRemove.current = false;
    if (pickButton.current && !pickButton.current.disabled) pickButton.current.focus();
    else listRef.current?.focus();
  });

  const handleFiles = (picked: File[]) => {
    resetInput.current?.();
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

  const handleRename = async (uri: string, base: string): Promise<boolean> => {
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

  const handleRemove = (uri: string) => {
    const index = latest.current.indexOf(uri);
    if (index < 0) return;
    const name = fileNameOf(uri);
    focusAfterRemove.current = true;
    commit(latest.current.filter((_, i) => i !== index));
    setAnnouncement(t('forms.files.announce.removed', { name }));
    deleteUploadedFile(uri).catch((error: unknown) => {
      // Gone on the server already: the list is right without it.
      if (error instanceof ApiError && error.status === 404) return;
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

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!canUpload || !event.dataTransfer.types.includes('Files')) return;
    // Without this the browser would not let the files drop here (it would open them instead).
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    setDragging(false);
    if (!canUpload) return;
    event.preventDefault();
    handleFiles(Array.from(event.dataTransfer.files));
  };

  const labelId = `${id}-label`;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const helpId = help ? `${id}-description` : undefined;
  const statusId = `${id}-status`;
  const newTabHintId = `${id}-new-tab`;
  const keys = fileKeysOf(files);

  let status: string;
  if (target === null) status = t('forms.files.noTarget');
  else if (limits === undefined) status = t('forms.files.loadingLimits');
  else if (isFull) status = t('forms.files.full', { count: maxItems });
  else {
    status = t('forms.files.hint', {
      extensions: limits.allowedExtensions.map((extension) => `.${extension}`).join(', '),
      max: formatMegabytes(limits.maxFileSize),
    });
  }

  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      description={help}
      error={errors.length > 0 ? <ErrorList errors={errors} /> : undefined}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Stack
        gap="xs"
        mt={4}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
        data-state={state}
      >
        <VisuallyHidden id={newTabHintId}>{t('forms.files.opensInNewTab')}</VisuallyHidden>
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-labelledby={labelId}
          style={{ listStyle: 'none', margin: 0, padding: 0, outline: 'none' }}
        >
          {files.length === 0 && (
            <li>
              <Text size="sm" c="dimmed">
                {t('forms.files.none')}
              </Text>
            </li>
          )}
          {files.map((uri, index) => (
            <li key={keys[index]}>
              <FileItem
                uri={uri}
                disabled={disabled}
                newTabHintId={newTabHintId}
                onRename={handleRename}
                onRemove={handleRemove}
              />
            </li>
          ))}
        </ul>

        {queue.uploads.length > 0 && (
          <ul aria-label={t('forms.files.uploads')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {queue.uploads.map((upload) => (
              <li key={upload.key}>
                <Group gap="xs" wrap="nowrap">
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {upload.name}
                      </Text>
                      <Text size="xs" c="dimmed" aria-hidden>
                        {t('forms.files.uploading', { percent: upload.percent })}
                      </Text>
                    </Group>
                    <Progress
                      value={upload.percent}
                      aria-label={t('forms.files.progress', { name: upload.name })}
                      size="sm"
                    />
                  </Stack>
                  <Button
                    variant="default"
                    size="compact-sm"
                    disabled={disabled}
                    onClick={() => queue.cancel(upload.key)}
                    aria-label={t('forms.files.cancelUploadLabel', { name: upload.name })}
                  >
                    {t('forms.files.cancelUpload')}
                  </Button>
                </Group>
              </li>
            ))}
          </ul>
        )}

        <Paper
          withBorder
          p="sm"
          onDragOver={handleDragOver}
          onDragLeave={(event) => {
            // Moving over the zone's own text fires dragleave too; only leaving the zone ends the highlight.
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
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
            {target !== null && (
              <FileButton
                onChange={handleFiles}
                multiple
                accept={limits ? acceptOf(limits.allowedExtensions) : undefined}
                resetRef={resetInput}
                disabled={!canUpload}
              >
                {(props) => (
                  <Button
                    {...props}
                    ref={pickButton}
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

        {notices.length > 0 && (
          <Alert
            color="yellow"
            withCloseButton
            closeButtonLabel={t('forms.files.dismiss')}
            onClose={() => setNotices([])}
          >
            <ErrorList errors={notices} />
          </Alert>
        )}
        <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      </Stack>
    </Input.Wrapper>
  );
}
