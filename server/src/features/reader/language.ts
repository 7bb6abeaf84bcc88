import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@einwurf/contract';
import de from '../../../../web/src/locales/de.json' with { type: 'json' };
import deCH from '../../../../web/src/locales/de-CH.json' with { type: 'json' };
import en from '../../../../web/src/locales/en.json' with { type: 'json' };

// The reader's page speaks the reader's language with the web app's own catalogues and i18next, the
// library the web app translates with, so a string has one home and falls back the same way. They are
// imported rather than read at run time, so the compiled server (server/build.mjs) carries them.

const CATALOGUES: Record<Locale, object> = { de, 'de-CH': deCH, en };

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: CATALOGUES[locale] }])),
  lng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  // As in the web app (web/src/lib/i18n.ts): de-CH holds only what Swiss spelling changes.
  fallbackLng: { 'de-CH': ['de'], default: [DEFAULT_LOCALE] },
  // The page escapes every string it inserts.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Translates catalogue keys into one language. */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** The web app's translations in one language. */
export function translatorFor(locale: Locale): Translate {
  const t: TFunction = i18n.getFixedT(locale);
  return (key, values) => t(key as never, values as never) as unknown as string;
}
