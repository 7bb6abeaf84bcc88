import type { WidgetProps } from '../types';

/** The field's messages, one per line; spans, since Mantine wraps them in a paragraph. */
export function ErrorList({ errors }: { errors: readonly string[] }) {
  return (
    <>
      {errors.map((message) => (
        <span key={message} style={{ display: 'block' }}>
          {message}
        </span>
      ))}
    </>
  );
}

/**
 * The help, error, state and required props every Mantine input takes, from the widget's props as they
 * come. Mantine links the error and the help to the input with aria-describedby and sets aria-invalid
 * while an error is given. A required field gets the asterisk and aria-required, not the required
 * attribute: a draft may still miss it. A control that is a button drops aria-required
 * (date-picker-field.tsx).
 */
export function feedbackProps({
  help,
  errors,
  state,
  required,
}: Pick<WidgetProps, 'help' | 'errors' | 'state' | 'required'>) {
  return {
    ...requiredProps(required),
    description: help,
    error: errorOf({ errors, state }),
    success: state === 'valid' || undefined,
  };
}

/** What Mantine's `error` prop gets: the messages, or just the invalid look when there are none. */
export function errorOf({ errors, state }: Pick<WidgetProps, 'errors' | 'state'>) {
  return errors.length > 0 ? <ErrorList errors={errors} /> : state === 'invalid' || undefined;
}

/** The asterisk on the label and aria-required on the input of a field the schema requires. */
export function requiredProps(required: boolean | undefined) {
  return { withAsterisk: required, 'aria-required': required || undefined };
}

/**
 * A clear button (×) named for what it clears, since Mantine's has none. Mantine hides a select's and
 * a tag field's from assistive technology and the tab order (Backspace or picking again clears there);
 * it is shown to screen readers here, named, and stays out of the tab order.
 */
export function clearableProps(name: string) {
  return { clearable: true, clearButtonProps: { 'aria-label': name, 'aria-hidden': undefined } };
}

/** The asterisk Mantine puts after a required field's label, for a label it does not mark (a checkbox's). */
export function RequiredMark() {
  return (
    <span aria-hidden style={{ color: 'var(--input-asterisk-color, var(--mantine-color-error))' }}>
      {' *'}
    </span>
  );
}

/** Whether a value counts as not filled in: nothing, an empty text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The text an input shows for a stored value. */
export function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The stored value as a list of strings, empty when it is none. */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
