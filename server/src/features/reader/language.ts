import type { i18n as I18n, TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@einwurf/contract';
import de from '../../../../web/src/locales/de.json' with { type: 'json' };
import deCH from '../../../../web/src/locales/de-CH.json' with { type: 'json' };
import en from '../../../../web/src/locales/en.json' with { type: 'json' };

// The reader's page speaks the reader's language with the web app's own catalogues and i18next, the
// library the web app translates with, so a string has one home and falls back the same way. They are
// imported rather than read at run time, so the compiled server (server/build.mjs) carries them.

const CATALOGUES: Record<Locale, object> = { de, 'de-CH': deCH, en };

let loaded: Promise<I18n> | undefined;

/** i18next with the catalogues, set up at the first reader's page rather than at the start. */
function i18n(): Promise<I18n> {
  return (loaded ??= (async () => {
    const { default: i18next } = await import('i18next');
    const instance = i18next.createInstance();
    await instance.init({
      resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: CATALOGUES[locale] }])),
      lng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      // As in the web app (web/src/lib/i18n.ts): de-CH holds only what Swiss spelling changes.
      fallbackLng: { 'de-CH': ['de'], default: [DEFAULT_LOCALE] },
      // The page escapes every string it inserts.
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    return instance;
  })());
}

/** Translates catalogue keys into one language. */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** The web app's translations in one language. */
export async function translatorFor(locale: Locale): Promise<Translate> {
  const t: TFunction = (await i18n()).getFixedT(locale);
  return (key, values) => t(key as never, values as never) as unknown as string;
}

/** Whether the catalogue every language falls back to holds a text under `key` (dotted, as i18next reads it). */
export function hasDefaultText(key: string): boolean {
  let node: unknown = CATALOGUES[DEFAULT_LOCALE];
  for (const part of key.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string';
}
