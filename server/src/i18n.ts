import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@einwurf/contract';

// The language a request asks for, shared by every answer that speaks to people: the reader's page and
// the plain-language messages of the API's errors.

/** The interface language that best fits an Accept-Language header; German when none fits. */
export function negotiateLocale(acceptLanguage: string | undefined): Locale {
  if (acceptLanguage === undefined || acceptLanguage.trim() === '') return DEFAULT_LOCALE;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LOCALES]);
  return (LOCALES as readonly string[]).includes(best ?? '') ? (best as Locale) : DEFAULT_LOCALE;
}
