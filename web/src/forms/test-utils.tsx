import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { EntryValidator, FieldError, ObjectSchema, UiElement, UiSchema } from '@einwurf/contract';
import type { Locale } from '@einwurf/contract';
import { VALIDATION_TEXTS } from '@einwurf/contract';
import { registerValidationTexts } from '../lib/validation-texts';
import de from '../locales/de.json';
import deCH from '../locales/de-CH.json';
import en from '../locales/en.json';
import demoDe from '../locales/components-demo/de.json';
import demoEn from '../locales/components-demo/en.json';
import builderDe from '../locales/schema-builder/de.json';
import builderEn from '../locales/schema-builder/en.json';

// jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to.
if (!('fonts' in document) || !document.fonts) {
  const fonts = { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() };
  Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
}

/** An i18next instance with the app's three catalogues and the forms screens', without lazy loading. */
export function createFormsI18n(language: Locale = 'de'): I18n {
  // As the app's i18n does when a language's catalogue loads.
  for (const [locale, texts] of Object.entries(VALIDATION_TEXTS))
    registerValidationTexts(locale as Locale, texts);
  const instance = i18next.createInstance();
  void instance.init({
    resources: { de: { translation: de }, 'de-CH': { translation: deCH }, en: { translation: en } },
    lng: language,
    fallbackLng: { 'de-CH': ['de'], default: ['de'] },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // The screens that show the forms (the schema builder, the components demo) bring their strings.
  for (const [locale, strings] of [
    ['de', demoDe],
    ['de', builderDe],
    ['en', demoEn],
    ['en', builderEn],
  ] as const) {
    instance.addResourceBundle(locale, 'translation', strings, true, false);
  }
  return instance;
}

export function FormsTestProviders({ children, i18n }: { children: ReactNode; i18n: I18n }) {
  return (
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </MantineProvider>
  );
}

/** Renders inside Mantine and the forms' translations (German unless told). */
export function renderWithForms(ui: ReactElement, { language = 'de' as Locale } = {}) {
  const i18n = createFormsI18n(language);
  const view = render(<FormsTestProviders i18n={i18n}>{ui}</FormsTestProviders>);
  return { i18n, ...view };
}

/** A LocalizedText with the same words in every locale, for tests. */
export function text(words: string) {
  return { de: words, 'de-CH': words, en: words };
}

/** A one-element UI schema, typed as the format says. */
export function element(value: Record<string, unknown>): UiElement {
  return { label: text(String(value.scope)), ...value } as UiElement;
}

export function objectSchema(properties: ObjectSchema['properties'], required: string[] = []): ObjectSchema {
  return { type: 'object', properties, required };
}

/** A validator that finds nothing wrong, for widget tests that do not test validation. */
export const acceptingValidator: EntryValidator = { validate: (): FieldError[] => [] };

export type { UiSchema };
