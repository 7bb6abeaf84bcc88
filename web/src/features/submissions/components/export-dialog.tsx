import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Progress, Radio, Stack, Text } from '@mantine/core';
import { EXPORT_FORMATS, type ExportFormat } from '@einwurf/contract';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { isHandledError } from '../../../lib/api-client';
import { downloadEntries, saveFile, type ExportProgress } from '../api/export-entries';
import '../strings';

type ExportDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The submissions list's current filters, which the export applies. */
  type: string | null;
  state: string | null;
  /** How the filters read to a person: the chosen type's and state's labels, or null for all. */
  typeLabel: string | null;
  stateLabel: string | null;
};

type Status =
  | { phase: 'choosing' }
  | { phase: 'downloading'; progress: ExportProgress | null }
  | { phase: 'done'; entries: number }
  | { phase: 'failed' };

/**
 * The export of the listed entries as JSON Lines or CSV: the format is chosen, the download shows
 * how many entries have arrived of how many, can be cancelled, and is saved as a file at the end.
 */
export function ExportDialog({ opened, onClose, type, state, typeLabel, stateLabel }: ExportDialogProps) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('jsonl');
  const [status, setStatus] = useState<Status>({ phase: 'choosing' });
  const controller = useRef<AbortController | null>(null);

  // A dialog closed or unmounted mid-download stops it.
  useEffect(() => () => controller.current?.abort(), []);

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setStatus({ phase: 'choosing' });
  };

  const close = () => {
    cancel();
    onClose();
  };

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setStatus({ phase: 'downloading', progress: null });
    try {
      const file = await downloadEntries(
        { format, type, state },
        {
          signal: abort.signal,
          onProgress: (progress) => {
            if (!abort.signal.aborted) setStatus({ phase: 'downloading', progress });
          },
        },
      );
      if (abort.signal.aborted) return;
      saveFile(file);
      setStatus({ phase: 'done', entries: file.entries });
    } catch (error) {
      if (abort.signal.aborted) return;
      setStatus(isHandledError(error) ? { phase: 'choosing' } : { phase: 'failed' });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const progress = status.phase === 'downloading' ? status.progress : null;
  const percent =
    progress?.total === null || progress === null
      ? 0
      : progress.total === 0
        ? 100
        : Math.min(100, Math.round((progress.entries / progress.total) * 100));

  return (
    <DialogFrame opened={opened} onClose={close} title={t('submissions.export.title')}>
      <Stack gap="md">
        <Text size="sm">
          {t('submissions.export.scope', {
            type: typeLabel ?? t('submissions.allTypes'),
            state: stateLabel ?? t('submissions.allStates'),
          })}
        </Text>
        <Radio.Group
          label={t('submissions.export.format')}
          value={format}
          onChange={(value) => setFormat(value as ExportFormat)}
        >
          <Stack gap="xs" mt="xs">
            {EXPORT_FORMATS.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`submissions.export.formats.${value}`)}
                disabled={status.phase === 'downloading'}
              />
            ))}
          </Stack>
        </Radio.Group>
        {status.phase === 'downloading' && (
          <Stack gap={4}>
            <Progress value={percent} aria-label={t('submissions.export.progressLabel')} animated />
            <Text size="sm" role="status">
              {progress === null
                ? t('submissions.export.starting')
                : progress.total === null
                  ? t('submissions.export.received', {
                      count: progress.entries,
                      entries: progress.entries,
                    })
                  : t('submissions.export.progress', {
                      count: progress.total,
                      entries: progress.entries,
                      total: progress.total,
                    })}
            </Text>
          </Stack>
        )}
        {status.phase === 'done' && (
          <Alert color="green" variant="light" role="status">
            {t('submissions.export.done', { count: status.entries, entries: status.entries })}
          </Alert>
        )}
        {status.phase === 'failed' && (
          <Alert color="red" variant="light" role="alert" title={t('submissions.export.failedTitle')}>
            {t('submissions.export.failed')}
          </Alert>
        )}
        <Group justify="flex-end">
          {status.phase === 'downloading' ? (
            <Button variant="default" onClick={cancel}>
              {t('submissions.export.cancel')}
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={close}>
                {t('common.close')}
              </Button>
              <Button onClick={() => void start()}>{t('submissions.export.download')}</Button>
            </>
          )}
        </Group>
      </Stack>
    </DialogFrame>
  );
}
