import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Input } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { WidgetProps } from '../types';
import { DatePickerField } from './date-picker-field';
import { ErrorList } from './feedback';
import { dateTimeProblem, joinDateTime, splitDateTime, type DateTimeParts } from './datetime-parts';
import { useCalendarLabels } from './german-dates';

/**
 * A moment as an ISO UTC string, edited as a date and a time in UTC. It emits only when the author
 * changed it and both parts form a valid moment (spec section 4), or '' once both are cleared; a half-set
 * value is never emitted and shows its own error instead.
 */
export function DateTimeWidget({
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
  const calendarLabels = useCalendarLabels();
  const [parts, setParts] = useState<DateTimeParts>(() => splitDateTime(value));
  const [received, setReceived] = useState(value);
  const [dirty, setDirty] = useState(false);
  if (!Object.is(received, value)) {
    setReceived(value);
    // Our own emission comes back as value; anything else (a load, a reset) replaces what is shown.
    if (joinDateTime(parts) !== value) {
      setParts(splitDateTime(value));
      setDirty(false);
    }
  }

  const problem = dirty ? dateTimeProblem(parts) : undefined;
  const messages = problem ? [t(`forms.datetime.${problem}`)] : errors;
  const invalid = problem !== undefined || state === 'invalid';
  const labelId = `${id}-label`;
  const helpId = help ? `${id}-description` : undefined;
  const errorId = messages.length > 0 ? `${id}-error` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined;

  const update = (next: DateTimeParts) => {
    setParts(next);
    setDirty(true);
    const joined = joinDateTime(next);
    if (joined !== undefined) onChange(joined);
    else if (!next.date && !next.time) onChange('');
  };
  // withAria off: Mantine would otherwise replace our aria-describedby with its own (empty) one; it then
  // also leaves out the disabled state, so it is said here.
  const aria = {
    withAria: false,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-disabled': disabled || undefined,
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      data-state={problem ? 'invalid' : state}
    >
      <Input.Label id={labelId} labelElement="div" required={required}>
        {label}
      </Input.Label>
      {help && <Input.Description id={helpId}>{help}</Input.Description>}
      <Group gap="xs" grow align="flex-start" mt={4}>
        <DatePickerField
          {...aria}
          id={`${id}-date`}
          aria-label={`${label}: ${t('forms.datetime.date')}`}
          {...calendarLabels}
          value={parts.date}
          onChange={(date) => update({ ...parts, date })}
          placeholder={t('forms.datetime.datePlaceholder')}
          error={invalid}
          success={!invalid && state === 'valid'}
          clearable
          disabled={disabled}
        />
        <TimeInput
          {...aria}
          id={`${id}-time`}
          aria-label={`${label}: ${t('forms.datetime.time')}`}
          value={parts.time}
          onChange={(event) => update({ ...parts, time: event.currentTarget.value })}
          // The date picker is a button, which takes no aria-required; the time field says it.
          aria-required={required || undefined}
          error={invalid}
          success={!invalid && state === 'valid'}
          disabled={disabled}
        />
      </Group>
      {errorId && (
        <Input.Error id={errorId} mt={4}>
          <ErrorList errors={messages} />
        </Input.Error>
      )}
    </div>
  );
}
