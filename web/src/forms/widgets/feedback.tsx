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
 * The help, error and state props every Mantine input takes. Mantine links the error and the help to
 * the input with aria-describedby and sets aria-invalid while an error is given.
 */
export function feedbackProps({ help, errors, state }: Pick<WidgetProps, 'help' | 'errors' | 'state'>) {
  return {
    description: help,
    error: errors.length > 0 ? <ErrorList errors={errors} /> : state === 'invalid' || undefined,
    success: state === 'valid' || undefined,
  };
}

/** The text an input shows for a stored value. */
export function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The stored value as a list of strings, empty when it is none. */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
