/**
 * The contract values and types the app uses. Each comes from one of the contract's modules free of
 * TypeBox and Ajv (see contract/src/index.ts), so neither library reaches the first load.
 */
import { ROLES, type Role } from '@einwurf/contract';

export {
  ROUTER_BASE,
  API_BASE,
  USERNAME_MIN,
  USERNAME_MAX,
  USERNAME_PATTERN,
  PASSWORD_MIN,
  PASSWORD_MAX,
  SEARCH_MIN,
  PAGE_SIZE_DEFAULT,
  POW_DIFFICULTY_MIN,
  POW_DIFFICULTY_MAX,
  CHUNK_LOAD_TIMEOUT_MS,
  TOAST_AUTO_CLOSE_MS,
  BYTES_PER_MB,
  IMAGE_EXTENSIONS,
  LOCALES,
  DEFAULT_LOCALE,
  STORAGE_KEYS,
  CSRF_HEADER,
  CSRF_INVALID_MESSAGE,
  ERROR_STATUS,
  formatMegabytes,
  isErrorBody,
  ROLES,
  ACCOUNT_ROLES,
  isLoggedIn,
  readPowToken,
  entryPasswordProblems,
  ENTRY_STATES,
  ENTRY_EVENT_KINDS,
  COMMENT_TITLE_MAX,
  COMMENT_CONTENT_MAX,
} from '@einwurf/contract';
export type {
  Locale,
  ErrorCode,
  ErrorBody,
  FieldError,
  Role,
  AccountRole,
  AuthState,
  ApiRoot,
  EntryTypeSummary,
  LocalizedText,
  ModeratorLogin,
  AuthorLogin,
  PublicConfig,
  PowChallenge,
  Entry,
  EntryData,
  EntryState,
  EntryEvent,
  EntryEventKind,
  Comment,
  CommentInput,
  CommentOrigin,
} from '@einwurf/contract';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
