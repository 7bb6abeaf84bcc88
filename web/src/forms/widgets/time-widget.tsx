import { TimeInput } from '@mantine/dates';
import type { WidgetProps } from '../types';
import { feedbackProps, textOf } from './feedback';

/** A time of day as HH:mm (the browser's time field, which shows 24 hours in a German locale). */
export function TimeWidget(props: WidgetProps) {
  const { id, value, onChange, label, disabled } = props;
  return (
    <TimeInput
      id={id}
      label={label}
      {...feedbackProps(props)}
      value={textOf(value)}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
