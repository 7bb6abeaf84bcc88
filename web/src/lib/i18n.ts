import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, isLocale, type Locale } from './contract';
import de from '../locales/de.json';
import { formatNumber } from './format-number';
import { readString, writeString } from './storage';
import type { ValidationTexts } from './contract';
import { registerValidationTexts } from './validation-texts';

export const i18n = i18next.createInstance();

export { isLocale };

export function storedLocale(): Locale {
  const stored = readString(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

// German is the default and every locale's fallback, so it ships with the first load; the others load
// when chosen, which keeps them off the home page's budget.
const loaders: Record<Exclude<Locale, 'de'>, () => Promise<{ default: object }>> = {
  'de-CH': () => import('../locales/de-CH.json'),
  en: () => import('../locales/en.json'),
};
// The language's plain-language validation texts (the contract's forms/messages) come along.
const validationLoaders: Record<Exclude<Locale, 'de'>, () => Promise<{ default: ValidationTexts }>> = {
  'de-CH': () => import('./validation-texts-de-ch'),
  en: () => import('./validation-texts-en'),
};

// Which catalogues are in: a screen may add its own strings to a language before its catalogue loads
// (see addScreenStrings), so the bundle's presence does not tell.
const loaded = new Set<Locale>([DEFAULT_LOCALE]);

async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const other = locale as Exclude<Locale, 'de'>;
  const [catalogue, texts] = await Promise.all([loaders[other](), validationLoaders[other]()]);
  registerValidationTexts(locale, texts.default);
  i18n.addResourceBundle(locale, 'translation', catalogue.default, true, false);
  loaded.add(locale);
}

/**
 * Adds the strings of a screen that loads lazily (an admin's screen most people never open), so they
 * stay out of every first load: its catalogues sit in locales/<screen>/ and load with the screen.
 */
export function addScreenStrings(catalogues: Partial<Record<Locale, object>>): void {
  for (const [locale, strings] of Object.entries(catalogues)) {
    i18n.addResourceBundle(locale, 'translation', strings, true, false);
  }
}

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

// Every number a message interpolates ({{count}}, {{page}} …) is written in the message's language
// (1.234 in German, 1,234 in English), so no screen formats its counts by hand.
const numberFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // Anything else goes back as it came, as i18next's own formatter returns it.
  format: (value: unknown, _format, lng) =>
    typeof value === 'number' && lng !== undefined ? formatNumber(value, lng) : (value as string),
};

void i18n
  .use(initReactI18next)
  .use(numberFormatter)
  .init({
    resources: { de: { translation: de } },
    lng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // de-CH's catalogue holds only what Swiss spelling changes (ss for ß); the rest is German's.
    fallbackLng: { 'de-CH': ['de'], default: [DEFAULT_LOCALE] },
    interpolation: { escapeValue: false, alwaysFormat: true },
    initAsync: false,
    partialBundledLanguages: true,
  });

/** Switches the interface language (loading its catalogue), remembers it and sets <html lang>. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeString(STORAGE_KEYS.locale, locale);
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
}

/** Applies the remembered language before the first render; German needs no wait. */
export async function initLocale(): Promise<void> {
  const locale = storedLocale();
  try {
    await loadLocale(locale);
    await i18n.changeLanguage(locale);
  } catch {
    await i18n.changeLanguage(DEFAULT_LOCALE);
  }
}
