import { Checkbox } from '@mantine/core';
import type { WidgetProps } from '../types';
import { errorOf, RequiredMark } from './feedback';

/**
 * A yes/no field; the value is a boolean. A required one (a box that must be ticked) gets the asterisk
 * the other fields' labels get, and aria-required, which a checkbox takes.
 */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, onChange, label, help, state, required, disabled } = props;
  return (
    <Checkbox
      id={id}
      label={
        <>
          {label}
          {required && <RequiredMark />}
        </>
      }
      description={help}
      error={errorOf(props)}
      aria-invalid={state === 'invalid' || undefined}
      aria-required={required || undefined}
      checked={value === true}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
