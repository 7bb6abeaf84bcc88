import type { TFunction } from 'i18next';
import type { FieldError } from '@einwurf/contract';

const unescapePointer = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * The property a field error belongs to: its first path segment. Errors inside an array (`tags/2`)
 * land on the array's field; the server names fields of the entry as `data/<name>`.
 */
export function scopeOfError(error: FieldError, scopes: ReadonlySet<string>): string {
  const segments = error.field.split('/').map(unescapePointer);
  if (segments[0] === 'data' && !scopes.has('data') && segments.length > 1) segments.shift();
  return segments[0] ?? '';
}

/** Groups field errors by the property they belong to. */
export function groupErrorsByScope(
  errors: readonly FieldError[],
  scopes: ReadonlySet<string>,
): Map<string, FieldError[]> {
  const byScope = new Map<string, FieldError[]>();
  for (const error of errors) {
    const scope = scopeOfError(error, scopes);
    byScope.set(scope, [...(byScope.get(scope) ?? []), error]);
  }
  return byScope;
}

// Ajv hands lists (allowed values) as arrays; a message shows them as words.
function formatParam(value: unknown): unknown {
  return Array.isArray(value) ? value.map((v) => String(v)).join(', ') : value;
}

/** Translates field errors from their `validation.<keyword>` keys, with Ajv's params, once each. */
export function translateFieldErrors(errors: readonly FieldError[], t: TFunction): string[] {
  const messages = errors.map((error) => {
    const params = Object.fromEntries(
      Object.entries(error.params ?? {}).map(([key, value]) => [key, formatParam(value)]),
    );
    return t(error.message, { ...params, defaultValue: t('validation.invalid') });
  });
  return [...new Set(messages)];
}
