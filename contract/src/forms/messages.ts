import type { FieldError } from '../error-codes.ts';
import { isLocale } from '../localize.ts';
import { DEFAULT_LOCALE, type Locale } from '../limits.ts';
import { VALIDATION_TEXTS_DE_CH } from './messages/de-ch.ts';
import { VALIDATION_TEXTS_DE } from './messages/de.ts';
import { describeFieldErrorWith, fieldLabelWith, type MessageElement } from './messages/describe.ts';
import { VALIDATION_TEXTS_EN } from './messages/en.ts';
import type { ValidationTexts } from './messages/texts.ts';

// The plain-language validation messages in the three languages, for the server's answers and the web
// app alike: the rule lives in messages/describe.ts, each language's texts in messages/<lang>.ts. The
// web app loads a language's texts with its catalogue (describe.ts and one language, not all three).

export type { ValidationTexts, MessageElement };
export {
  describeFieldErrorWith,
  fieldLabelWith,
  VALIDATION_TEXTS_DE,
  VALIDATION_TEXTS_DE_CH,
  VALIDATION_TEXTS_EN,
};

export const VALIDATION_TEXTS: Record<Locale, ValidationTexts> = {
  de: VALIDATION_TEXTS_DE,
  'de-CH': VALIDATION_TEXTS_DE_CH,
  en: VALIDATION_TEXTS_EN,
};

const textsFor = (language: string) => VALIDATION_TEXTS[isLocale(language) ? language : DEFAULT_LOCALE];

/** A field error as one plain sentence in `language`; with the field's UI element, choices by their texts. */
export function describeFieldError(error: FieldError, language: string, element?: MessageElement): string {
  return describeFieldErrorWith(textsFor(language), error, language, element);
}

/** The entry fields a field error concerns, by name: its first path segment. */
const fieldNameOf = (error: FieldError) =>
  error.field.split('/')[0]?.replaceAll('~1', '/').replaceAll('~0', '~') ?? '';

/**
 * Field errors of an entry's data (fields named from the entry's data, e.g. `topics/2`) in `language`:
 * each error's message is its field's label and a plain sentence; the summary names the fields by
 * their labels. `field`, `keyword` and `params` stay as they are.
 */
export function describeEntryErrors(
  errors: readonly FieldError[],
  language: string,
  uiSchema: readonly MessageElement[],
): { message: string; errors: FieldError[] } {
  const texts = textsFor(language);
  const elementOf = (name: string) => uiSchema.find((e) => e.scope === name);
  const labelOf = (name: string) => fieldLabelWith(texts, name, language, elementOf(name));
  const described = errors.map((error) => {
    const name = fieldNameOf(error);
    const sentence = describeFieldErrorWith(texts, error, language, elementOf(name));
    return { ...error, message: name ? texts.labelled(labelOf(name), sentence) : sentence };
  });
  const names = [...new Set(errors.map(fieldNameOf))];
  const labels = names.filter(Boolean).map(labelOf);
  return { message: labels.length > 0 ? texts.summary(labels) : texts.invalid, errors: described };
}
