import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../confirm-modal';
import { useAuth } from '../../lib/auth-store';
import { ApiError } from '../../lib/api-client';
import { messageKeyOf } from '../../lib/error-messages';
import { moderationEntryKeys } from '../../lib/query-keys';
import type { Entry } from '../../lib/contract';
import { useAssignEntry } from './api/assign-entry';
import { useStaff } from './api/get-staff';
import './strings';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * Who has the entry, and the moderator's ways to change it: take it (asking first when someone
 * else has it), assign it to a colleague, or release it.
 */
export function AssigneeControl({ id, initial }: { id: string; initial: string | null }) {
  const { t } = useTranslation();
  const me = useAuth().username ?? null;
  // The entry's cached answer carries the latest assignee once an assignment answered.
  const cached = useQuery<Entry>({ queryKey: moderationEntryKeys.detail(id), enabled: false }).data;
  const assignee = cached ? (cached.data.assignee ?? null) : initial;
  const staff = useStaff();
  const assign = useAssignEntry();
  const [asking, setAsking] = useState(false);
  const [chosen, setChosen] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const run = (username: string | null) => {
    setAsking(false);
    setDone(null);
    assign.mutate(
      { id, username },
      {
        onSuccess: () =>
          setDone(
            username === null
              ? t('assignment.done.released')
              : same(username, me)
                ? t('assignment.done.took')
                : t('assignment.done.assigned', { name: username }),
          ),
      },
    );
  };
  const take = () => {
    if (assignee !== null && !same(assignee, me)) setAsking(true);
    else run(me);
  };
  const failure =
    assign.error instanceof ApiError
      ? t(messageKeyOf(assign.error.code))
      : assign.error
        ? t('assignment.bulk.requestFailed')
        : null;
  const others = (staff.data ?? []).filter((member) => !same(member.username, assignee));

  return (
    <Stack gap="xs" component="section" aria-labelledby={`assignee-${id}`}>
      <Group gap="sm" wrap="wrap" align="center">
        <Text fw={600} id={`assignee-${id}`}>
          {t('assignment.assignee')}:
        </Text>
        <Text data-testid="assignee">
          {assignee === null
            ? t('assignment.nobody')
            : same(assignee, me)
              ? t('assignment.you', { name: assignee })
              : assignee}
        </Text>
        {!same(assignee, me) && me !== null && (
          <Button size="xs" onClick={take} loading={assign.isPending}>
            {t('assignment.take')}
          </Button>
        )}
        {assignee !== null && (
          <Button size="xs" variant="default" onClick={() => run(null)} disabled={assign.isPending}>
            {t('assignment.release')}
          </Button>
        )}
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          size="xs"
          label={t('assignment.assignTo')}
          value={chosen}
          onChange={(event) => setChosen(event.currentTarget.value)}
          data={[
            { value: '', label: t('assignment.chooseStaff') },
            ...others.map((member) => ({ value: member.username, label: member.username })),
          ]}
        />
        <Button
          size="xs"
          variant="default"
          disabled={chosen === '' || assign.isPending}
          onClick={() => {
            run(chosen);
            setChosen('');
          }}
        >
          {t('assignment.assign')}
        </Button>
      </Group>
      {done && (
        <Text size="sm" role="status">
          {done}
        </Text>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert" title={t('assignment.failedTitle')}>
          {failure}
        </Alert>
      )}
      <ConfirmModal
        opened={asking}
        title={t('assignment.takeOver.title')}
        text={t('assignment.takeOver.text', { name: assignee ?? '' })}
        confirmLabel={t('assignment.takeOver.confirm')}
        autoFocus="cancel"
        onConfirm={() => run(me)}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
