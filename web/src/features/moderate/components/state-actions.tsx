import { Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { moderationStateActions } from '../../../components/entry/state-actions';
import type { EntryState } from '../../../lib/contract';
import { isTargetState, type TargetState } from '../api/save-entry';

const ACTION_COLOR: Record<TargetState, string | undefined> = {
  published: 'teal.9',
  rejected: 'red.9',
  proposed: undefined,
  draft: 'gray.7',
};

type StateActionsProps = { state: EntryState; disabled: boolean; onChoose: (target: TargetState) => void };

/** The state actions open from the current state: publish, reject, reopen, back to draft. */
export function StateActions({ state, disabled, onChoose }: StateActionsProps) {
  const { t } = useTranslation();
  const targets = moderationStateActions(state).filter(isTargetState);
  return (
    <section aria-labelledby="state-actions-heading">
      <Title order={2} size="h3" id="state-actions-heading" mb="sm">
        {t('moderate.actions.title')}
      </Title>
      {targets.length === 0 ? (
        <Text>{t('moderate.actions.deleted')}</Text>
      ) : (
        <Group gap="sm">
          {targets.map((target) => (
            <Button
              key={target}
              color={ACTION_COLOR[target]}
              disabled={disabled}
              onClick={() => onChoose(target)}
            >
              {t(`moderate.actions.${target}`)}
            </Button>
          ))}
        </Group>
      )}
    </section>
  );
}
