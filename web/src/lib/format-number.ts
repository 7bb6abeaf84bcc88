import { BYTES_PER_MB, DEFAULT_LOCALE } from './contract';

// Every number the app shows goes through here, in the interface language (i18n.language): counts,
// sizes, percentages. Intl knows each language's conventions: German writes 0,30 and 1.234; English
// 0.30 and 1,234; Swiss German (de-CH) a decimal point and an apostrophe for thousands (0.30, 1’234).

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    let locale = DEFAULT_LOCALE as string;
    try {
      locale = Intl.NumberFormat.supportedLocalesOf(language)[0] ?? DEFAULT_LOCALE;
    } catch {
      // Not a language tag at all: German, the app's default.
    }
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A count or measure in `language`, at most one decimal unless `options` say otherwise. */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, { maximumFractionDigits: 1, ...options }).format(value);
}

/** A size in MB (1 MB = 1,000,000 bytes) with two decimals, as the spec shows sizes; the unit is the caller's. */
export function formatMegabytes(bytes: number, language: string): string {
  return formatNumber(bytes / BYTES_PER_MB, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A ratio (0.125) as a percentage (12,5 %), at most one decimal. */
export function formatPercent(ratio: number, language: string): string {
  return formatNumber(ratio, language, { style: 'percent' });
}
