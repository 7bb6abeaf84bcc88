import { TextInput } from '@mantine/core';
import type { WidgetProps } from '../types';
import { feedbackProps, textOf } from './feedback';

/** Stand-in for the image uploader until it registers: the image's URI as text. */
export function ImageFallbackWidget({
  id,
  value,
  onChange,
  label,
  help,
  errors,
  state,
  disabled,
}: WidgetProps) {
  return (
    <TextInput
      id={id}
      label={label}
      {...feedbackProps({ help, errors, state })}
      value={textOf(value)}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
