import { Checkbox } from '@mantine/core';
import type { WidgetProps } from '../types';
import { ErrorList } from './feedback';

/** A yes/no field; the value is a boolean. */
export function CheckboxWidget({ id, value, onChange, label, help, errors, state, disabled }: WidgetProps) {
  return (
    <Checkbox
      id={id}
      label={label}
      description={help}
      error={errors.length > 0 ? <ErrorList errors={errors} /> : state === 'invalid' || undefined}
      aria-invalid={state === 'invalid' || undefined}
      checked={value === true}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
