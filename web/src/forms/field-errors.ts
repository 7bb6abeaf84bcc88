import { useSyncExternalStore } from 'react';
import type * as ValidationMessages from './validation-messages';
import type { FieldError, MessageElement } from '../lib/contract';
import { registeredValidationTexts } from '../lib/validation-texts';

type Messages = typeof ValidationMessages;
let messages: Messages | undefined;
const listeners = new Set<() => void>();

/**
 * The messages start loading with the forms and are there long before a person has typed anything
 * wrong; until then a field shows its invalid state without words.
 */
export const validationMessagesReady: Promise<void> = import('./validation-messages').then((loaded) => {
  messages = loaded;
  for (const listener of listeners) listener();
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the validation messages have loaded; re-renders the caller when they arrive. */
export function useValidationMessagesReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => messages !== undefined,
    () => messages !== undefined,
  );
}

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

/**
 * Field errors as plain sentences in `language` (the contract's forms/messages, as the server words
 * them), each once; with the field's UI element, choices are named by their texts.
 */
export function translateFieldErrors(
  errors: readonly FieldError[],
  language: string,
  element?: MessageElement,
): string[] {
  if (messages === undefined) return [];
  const { describeFieldErrorWith, VALIDATION_TEXTS_DE } = messages;
  const texts = registeredValidationTexts(language) ?? VALIDATION_TEXTS_DE;
  return [...new Set(errors.map((error) => describeFieldErrorWith(texts, error, language, element)))];
}
