import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { DateTimeWidget } from '../../../forms/widgets/datetime-widget';
import '../strings';

/** Publish now, or at a date and time. */
export type PublishChoice = 'now' | 'at';

type PublishDialogProps = {
  opened: boolean;
  /** The entry's title, for the question. */
  title: string;
  /** The time the publication is scheduled for now, if it is: the picker starts from it. */
  scheduledAt: string | null;
  /** Which choice is made when the dialog opens. */
  initialChoice: PublishChoice;
  isPending: boolean;
  /** Publishes: at the chosen ISO UTC time, or now (null). */
  onConfirm: (publishAt: string | null) => void;
  onClose: () => void;
};

const HOUR = 3_600_000;

/** Tomorrow at the next full hour, in UTC: a start for the picker that is surely in the future. */
function suggestedTime(now: number): string {
  return new Date(Math.ceil((now + 24 * HOUR) / HOUR) * HOUR).toISOString();
}

/**
 * Asks before publishing and when: now, or at a date and time (UTC, as every time on the screens),
 * which must lie in the future. For an entry scheduled already it changes the time or publishes now.
 */
export function PublishDialog(props: PublishDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened={props.opened} onClose={props.onClose} title={t('moderate.confirm.published.title')}>
      {/* Opened afresh, the dialog starts from the entry's time and the given choice again. */}
      {props.opened && <PublishForm key={`${props.scheduledAt}-${props.initialChoice}`} {...props} />}
    </DialogFrame>
  );
}

function PublishForm({
  title,
  scheduledAt,
  initialChoice,
  isPending,
  onConfirm,
  onClose,
}: PublishDialogProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<PublishChoice>(initialChoice);
  const [time, setTime] = useState<string>(() => scheduledAt ?? suggestedTime(Date.now()));
  const [problem, setProblem] = useState(false);
  const timeLabel = t('moderate.schedule.time');

  const handleConfirm = () => {
    if (choice === 'now') return onConfirm(null);
    const at = Date.parse(time);
    if (Number.isNaN(at) || at <= Date.now()) return setProblem(true);
    onConfirm(new Date(at).toISOString());
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('moderate.schedule.when')}
        value={choice}
        onChange={(value) => {
          setChoice(value as PublishChoice);
          setProblem(false);
        }}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="now" label={t('moderate.schedule.now')} />
          <Radio value="at" label={t('moderate.schedule.at')} />
        </Stack>
      </Radio.Group>
      {choice === 'at' && (
        <DateTimeWidget
          id="publish-at"
          value={time}
          onChange={(value) => {
            setTime(typeof value === 'string' ? value : '');
            setProblem(false);
          }}
          label={timeLabel}
          errors={problem ? [t('moderate.schedule.future')] : []}
          state={problem ? 'invalid' : 'neutral'}
          disabled={isPending}
          element={{
            scope: 'publish_at',
            widget: 'datetime',
            label: { de: timeLabel, 'de-CH': timeLabel, en: timeLabel },
          }}
          schema={{ type: 'string', format: 'date-time' }}
        />
      )}
      <Text>
        {choice === 'at'
          ? t('moderate.schedule.textAt', { title })
          : t('moderate.confirm.published.text', { title })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="teal.9" onClick={handleConfirm} loading={isPending} data-autofocus>
          {choice === 'at' ? t('moderate.schedule.confirmAt') : t('moderate.actions.published')}
        </Button>
      </Group>
    </Stack>
  );
}
