import type { LocalizedText } from './content-types.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './limits.ts';

// How people see texts and times, for the web app and the server's reader's page alike. A plain module
// (no TypeBox), so the web bundles it freely.

/** Whether a string names one of the interface languages. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The text of a LocalizedText in `language`; Swiss German falls back to German, everything else to German. */
export function localizeText(text: LocalizedText | string | undefined, language: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  return text[locale] || text.de || text.en || '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The spec's date format (section 9): DD.MM.YYYY HH:mm in UTC; an unreadable value stays as it is. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** A calendar date (YYYY-MM-DD) as the spec shows dates: DD.MM.YYYY; anything else stays as it is. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}
