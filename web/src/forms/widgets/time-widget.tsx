import { TimeInput } from '@mantine/dates';
import type { WidgetProps } from '../types';
import { feedbackProps, textOf } from './feedback';

/** A time of day as HH:mm (the browser's time field, which shows 24 hours in a German locale). */
export function TimeWidget({
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
  return (
    <TimeInput
      id={id}
      label={label}
      {...feedbackProps({ help, errors, state, required })}
      value={textOf(value)}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
