import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type LocalizedText, type Locale } from '@einwurf/contract';

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The text of a LocalizedText in `language`; Swiss German falls back to German, everything else to German. */
export function localizeText(text: LocalizedText | string | undefined, language: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  return text[locale] || text.de || text.en || '';
}

/** The current interface language, re-rendering the caller when it changes. */
export function useLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.language;
}
