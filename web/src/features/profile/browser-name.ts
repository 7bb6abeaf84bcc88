/** A browser and its system as people name them, read from a User-Agent header. */
export type BrowserName = { browser: string | null; system: string | null };

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Vivaldi\//, 'Vivaldi'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Chrome (headless)'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Chromium\//, 'Chromium'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux|X11/, 'Linux'],
];

const first = (table: [RegExp, string][], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/** "Firefox" and "Linux" from a Firefox on Linux; nulls where the header says nothing known. */
export function browserNameOf(userAgent: string | null): BrowserName {
  if (!userAgent) return { browser: null, system: null };
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}
