import type { WidgetProps } from '../types';
import { DatePickerField } from './date-picker-field';
import { feedbackProps } from './feedback';
import { dateOrNull, useCalendarLabels } from './german-dates';

/** A calendar date, stored as YYYY-MM-DD and shown as DD.MM.YYYY. */
export function DateWidget({
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
  const calendarLabels = useCalendarLabels();
  return (
    <DatePickerField
      id={id}
      label={label}
      {...feedbackProps({ help, errors, state, required })}
      // The picker is a button, which takes no aria-required: the asterisk says it.
      aria-required={undefined}
      {...calendarLabels}
      value={dateOrNull(value)}
      onChange={(next) => onChange(next ?? '')}
      clearable
      disabled={disabled}
    />
  );
}
