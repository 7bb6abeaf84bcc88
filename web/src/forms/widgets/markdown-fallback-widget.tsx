import { Textarea } from '@mantine/core';
import type { WidgetProps } from '../types';
import { feedbackProps, textOf } from './feedback';

/** Stand-in for the Markdown editor until it registers: the Markdown source in a plain textarea. */
export function MarkdownFallbackWidget(props: WidgetProps) {
  const { id, value, onChange, label, disabled } = props;
  return (
    <Textarea
      id={id}
      label={label}
      {...feedbackProps(props)}
      value={textOf(value)}
      autosize
      minRows={6}
      maxRows={20}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
