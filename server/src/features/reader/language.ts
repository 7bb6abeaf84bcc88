import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@einwurf/contract';

// The reader's page speaks the reader's language with the web app's own catalogues and i18next, the
// library the web app translates with, so a string has one home and falls back the same way.

const CATALOGUES = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'web',
  'src',
  'locales',
);

const readCatalogue = (locale: Locale): object =>
  JSON.parse(readFileSync(join(CATALOGUES, `${locale}.json`), 'utf8')) as object;

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: readCatalogue(locale) }])),
  lng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  // As in the web app (web/src/lib/i18n.ts): de-CH holds only what Swiss spelling changes.
  fallbackLng: { 'de-CH': ['de'], default: [DEFAULT_LOCALE] },
  // The page escapes every string it inserts.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The interface language that best fits an Accept-Language header; German when none fits. */
export function negotiateLocale(acceptLanguage: string | undefined): Locale {
  if (acceptLanguage === undefined || acceptLanguage.trim() === '') return DEFAULT_LOCALE;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LOCALES]);
  return (LOCALES as readonly string[]).includes(best ?? '') ? (best as Locale) : DEFAULT_LOCALE;
}

/** Translates catalogue keys into one language. */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** The web app's translations in one language. */
export function translatorFor(locale: Locale): Translate {
  const t: TFunction = i18n.getFixedT(locale);
  return (key, values) => t(key as never, values as never) as unknown as string;
}
