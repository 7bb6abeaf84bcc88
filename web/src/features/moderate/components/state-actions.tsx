import type { Ref } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { moderationStateActions } from '../../../components/entry/state-actions';
import { isScheduled, type EntryState } from '../../../lib/contract';
import { useFormatPointInTime } from '../../../lib/time-zone';
import { isTargetState, type TargetState } from '../api/save-entry';
import type { PublishChoice } from './publish-dialog';
import '../strings';

const ACTION_COLOR: Record<TargetState, string | undefined> = {
  published: 'teal.9',
  rejected: 'red.9',
  proposed: undefined,
  draft: 'gray.7',
};

type StateActionsProps = {
  state: EntryState;
  /** When readers see the entry from, while it is published. */
  publishAt: string | null;
  disabled: boolean;
  onChoose: (target: TargetState) => void;
  /** Publishing, or for a scheduled entry publishing now or at another time. */
  onPublish: (choice: PublishChoice) => void;
  /** The section's heading, where focus goes once a state change took away the button it came from. */
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * The state actions open from the current state: publish, reject, reopen, back to draft. A scheduled
 * publication shows its time, publishes now or at another time, and the other actions cancel it.
 */
export function StateActions({
  state,
  publishAt,
  disabled,
  onChoose,
  onPublish,
  headingRef,
}: StateActionsProps) {
  const { t } = useTranslation();
  const formatTime = useFormatPointInTime();
  const targets = moderationStateActions(state).filter(isTargetState);
  const scheduled = isScheduled({ state, publish_at: publishAt });
  return (
    <section aria-labelledby="state-actions-heading">
      <Title order={2} size="h3" id="state-actions-heading" mb="sm" ref={headingRef} tabIndex={-1}>
        {t('moderate.actions.title')}
      </Title>
      {targets.length === 0 ? (
        <Text>{t('moderate.actions.deleted')}</Text>
      ) : (
        <Stack gap="sm">
          {scheduled && publishAt && (
            <Text fw={600}>{t('moderate.schedule.scheduledFor', { time: formatTime(publishAt) })}</Text>
          )}
          <Group gap="sm">
            {scheduled && (
              <>
                <Button color="teal.9" disabled={disabled} onClick={() => onPublish('now')}>
                  {t('moderate.schedule.now')}
                </Button>
                <Button variant="outline" color="teal.9" disabled={disabled} onClick={() => onPublish('at')}>
                  {t('moderate.schedule.reschedule')}
                </Button>
              </>
            )}
            {targets.map((target) => (
              <Button
                key={target}
                color={ACTION_COLOR[target]}
                disabled={disabled}
                onClick={() => (target === 'published' ? onPublish('now') : onChoose(target))}
              >
                {t(`moderate.actions.${target}`)}
              </Button>
            ))}
          </Group>
          {scheduled && <Text size="sm">{t('moderate.schedule.cancelHint')}</Text>}
        </Stack>
      )}
    </section>
  );
}
