import { Textarea } from '@mantine/core';
import type { WidgetProps } from '../types';
import { feedbackProps, textOf } from './feedback';

/** Multi-line text: three rows, growing to six (spec section 9). */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, onChange, label, disabled } = props;
  return (
    <Textarea
      id={id}
      label={label}
      {...feedbackProps(props)}
      value={textOf(value)}
      autosize
      minRows={3}
      maxRows={6}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
