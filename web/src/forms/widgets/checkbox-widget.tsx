import { Checkbox } from '@mantine/core';
import type { WidgetProps } from '../types';
import { ErrorList, RequiredMark } from './feedback';

/**
 * A yes/no field; the value is a boolean. A required one (a box that must be ticked) gets the asterisk
 * the other fields' labels get, and aria-required, which a checkbox takes.
 */
export function CheckboxWidget({
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
    <Checkbox
      id={id}
      label={
        <>
          {label}
          {required && <RequiredMark />}
        </>
      }
      description={help}
      error={errors.length > 0 ? <ErrorList errors={errors} /> : state === 'invalid' || undefined}
      aria-invalid={state === 'invalid' || undefined}
      aria-required={required || undefined}
      checked={value === true}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
