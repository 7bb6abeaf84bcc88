/** Business constants of the specification (section 9), one place for server and web. */
export const ROUTER_BASE = '/publish';
export const API_BASE = '/api/v1';
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
export const USERNAME_PATTERN = '^[a-zA-Z0-9]{3,64}$';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;
export const SEARCH_MIN = 4;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const POW_DIFFICULTY_MIN = 1;
export const POW_DIFFICULTY_MAX = 63;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TOAST_AUTO_CLOSE_MS = 2000;
export const BYTES_PER_MB = 1_000_000;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'webp', 'bmp', 'tiff'] as const;
export const LOCALES = ['de', 'de-CH', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';
export const STORAGE_KEYS = {
  csrfToken: 'csrf_token',
  cachedEntry: 'cached_cpt',
  auth: 'einwurf_auth',
  locale: 'einwurf_locale',
  currentEntry: 'einwurf_current_entry',
  /** light, dark or auto (the system's); Mantine's colour-scheme manager and the pre-paint script read it. */
  colorScheme: 'einwurf_color_scheme',
  /** utc (the spec's default) or local (the person's own time zone). */
  timeZone: 'einwurf_time_zone',
} as const;
export const CSRF_HEADER = 'x-csrf-token';
