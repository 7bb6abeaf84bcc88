import { DatePickerInput } from '@mantine/dates';
import type { WidgetProps } from '../types';
import { feedbackProps } from './feedback';
import { dateOrNull, GERMAN_CALENDAR, useCalendarLabels } from './german-dates';

/** A calendar date, stored as YYYY-MM-DD and shown as DD.MM.YYYY. */
export function DateWidget({ id, value, onChange, label, help, errors, state, disabled }: WidgetProps) {
  const calendarLabels = useCalendarLabels();
  return (
    <DatePickerInput
      id={id}
      label={label}
      {...feedbackProps({ help, errors, state })}
      {...GERMAN_CALENDAR}
      {...calendarLabels}
      value={dateOrNull(value)}
      onChange={(next) => onChange(next ?? '')}
      clearable
      disabled={disabled}
    />
  );
}
