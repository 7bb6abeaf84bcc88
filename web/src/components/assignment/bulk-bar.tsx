import { useState } from 'react';
import { Alert, Button, Group, List, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TypedConfirmModal } from '../typed-confirm-modal';
import { ApiError } from '../../lib/api-client';
import type { EntryBulkAction, EntryBulkAnswer } from '../../lib/contract';
import { messageKeyOf } from '../../lib/error-messages';
import { useBulkAction } from './api/bulk-entries';
import { useStaff } from './api/get-staff';
import './strings';

type Picked = { id: string; title: string };
type Outcome = { answer: EntryBulkAnswer['data']; titles: Map<string, string> };

const NOBODY = '\u0000none';

/**
 * The actions on the entries picked on a list: publish, reject, delete (typing their number to
 * confirm) or assign them in one step; then which succeeded and which did not, and why.
 */
export function BulkBar({ picked, onDone }: { picked: readonly Picked[]; onDone: () => void }) {
  const { t } = useTranslation();
  const bulk = useBulkAction();
  const staff = useStaff();
  const [deleting, setDeleting] = useState(false);
  const [assignee, setAssignee] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const count = picked.length;

  const run = (action: EntryBulkAction, extra: { assignee?: string | null } = {}) => {
    const titles = new Map(picked.map((entry) => [entry.id, entry.title]));
    setDeleting(false);
    setOutcome(null);
    bulk.mutate(
      { ids: picked.map((entry) => entry.id), action, ...extra },
      {
        onSuccess: (answer) => {
          setOutcome({ answer, titles });
          onDone();
        },
      },
    );
  };

  const failures = outcome?.answer.results.flatMap((result) => (result.ok ? [] : [result])) ?? [];
  const requestFailed =
    bulk.error instanceof ApiError
      ? t(messageKeyOf(bulk.error.code))
      : bulk.error
        ? t('assignment.bulk.requestFailed')
        : null;

  return (
    <Stack gap="sm">
      {count > 0 && (
        <Paper withBorder p="sm" role="toolbar" aria-label={t('assignment.bulk.toolbar')}>
          <Stack gap="xs">
            <Group gap="sm" wrap="wrap" justify="space-between">
              <Text fw={600} aria-live="polite">
                {t('assignment.bulk.selected', { count })}
              </Text>
              <Button size="xs" variant="subtle" onClick={onDone}>
                {t('assignment.bulk.clear')}
              </Button>
            </Group>
            <Group gap="xs" wrap="wrap">
              <Button size="xs" onClick={() => run('publish')} loading={bulk.isPending}>
                {t('assignment.bulk.publish')}
              </Button>
              <Button size="xs" variant="default" onClick={() => run('reject')} disabled={bulk.isPending}>
                {t('assignment.bulk.reject')}
              </Button>
              <Button
                size="xs"
                color="red.9"
                variant="outline"
                onClick={() => setDeleting(true)}
                disabled={bulk.isPending}
              >
                {t('assignment.bulk.delete')}
              </Button>
            </Group>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <NativeSelect
                size="xs"
                label={t('assignment.bulk.assignee')}
                value={assignee}
                onChange={(event) => setAssignee(event.currentTarget.value)}
                data={[
                  { value: '', label: t('assignment.chooseStaff') },
                  ...(staff.data ?? []).map((member) => ({ value: member.username, label: member.username })),
                  { value: NOBODY, label: t('assignment.nobody') },
                ]}
              />
              <Button
                size="xs"
                variant="default"
                disabled={assignee === '' || bulk.isPending}
                onClick={() => run('assign', { assignee: assignee === NOBODY ? null : assignee })}
              >
                {t('assignment.bulk.assign')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {requestFailed && (
        <Alert color="red" variant="light" role="alert" title={t('assignment.bulk.failedTitle')}>
          {requestFailed}
        </Alert>
      )}
      {outcome && (
        <Alert
          color={failures.length > 0 ? 'orange' : 'teal'}
          variant="light"
          role="status"
          title={t('assignment.bulk.resultTitle')}
          withCloseButton
          closeButtonLabel={t('assignment.bulk.dismiss')}
          onClose={() => setOutcome(null)}
        >
          <Stack gap={4}>
            <Text>{t('assignment.bulk.succeeded', { count: outcome.answer.succeeded })}</Text>
            {failures.length > 0 && (
              <>
                <Text>{t('assignment.bulk.failed', { count: failures.length })}</Text>
                <List size="sm">
                  {failures.map((failure) => (
                    <List.Item key={failure.id}>
                      <strong>{outcome.titles.get(failure.id) || t('admin.untitled')}</strong>:{' '}
                      {t(messageKeyOf(failure.code as Parameters<typeof messageKeyOf>[0]))} ({failure.message}
                      )
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Stack>
        </Alert>
      )}
      <TypedConfirmModal
        opened={deleting}
        title={t('assignment.bulk.deleteTitle')}
        text={t('assignment.bulk.deleteText', { count })}
        expected={String(count)}
        inputLabel={t('assignment.bulk.deleteInput')}
        confirmLabel={t('assignment.bulk.delete')}
        onConfirm={() => run('delete')}
        onClose={() => setDeleting(false)}
        isPending={bulk.isPending}
      />
    </Stack>
  );
}
