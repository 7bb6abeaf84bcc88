import type { Locale, ValidationTexts } from './contract';

// The plain-language validation texts (the contract's forms/messages) by language. German comes with the
// forms; another language's texts load with its catalogue (i18n.ts), so no first load carries all three.

const tables: Partial<Record<Locale, ValidationTexts>> = {};

/** Makes a language's validation texts available, once its catalogue loads. */
export function registerValidationTexts(locale: Locale, texts: ValidationTexts): void {
  tables[locale] = texts;
}

/** A language's validation texts, when they have loaded. */
export function registeredValidationTexts(language: string): ValidationTexts | undefined {
  return tables[language as Locale];
}
