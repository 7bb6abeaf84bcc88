import type { WidgetProps } from '../types';
import { DatePickerField } from './date-picker-field';
import { feedbackProps } from './feedback';
import { dateOrNull, useCalendarLabels } from './german-dates';

/** A calendar date, stored as YYYY-MM-DD and shown as DD.MM.YYYY. */
export function DateWidget(props: WidgetProps) {
  const { id, value, onChange, label, disabled } = props;
  const calendarLabels = useCalendarLabels();
  return (
    <DatePickerField
      id={id}
      label={label}
      {...feedbackProps(props)}
      {...calendarLabels}
      value={dateOrNull(value)}
      onChange={(next) => onChange(next ?? '')}
      clearable
      disabled={disabled}
    />
  );
}
