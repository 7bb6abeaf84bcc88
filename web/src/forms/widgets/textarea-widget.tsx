import { Textarea } from '@mantine/core';
import type { WidgetProps } from '../types';
import { feedbackProps, textOf } from './feedback';

/** The value as text in a textarea that grows from `minRows` to `maxRows` rows as it fills. */
function GrowingTextarea({ minRows, maxRows, ...props }: WidgetProps & { minRows: number; maxRows: number }) {
  const { id, value, onChange, label, disabled } = props;
  return (
    <Textarea
      id={id}
      label={label}
      {...feedbackProps(props)}
      value={textOf(value)}
      autosize
      minRows={minRows}
      maxRows={maxRows}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** Multi-line text: three rows, growing to six (spec section 9). */
export function TextareaWidget(props: WidgetProps) {
  return <GrowingTextarea {...props} minRows={3} maxRows={6} />;
}

/** Stand-in for the Markdown editor until it registers: the Markdown source in a plain textarea. */
export function MarkdownFallbackWidget(props: WidgetProps) {
  return <GrowingTextarea {...props} minRows={6} maxRows={20} />;
}
