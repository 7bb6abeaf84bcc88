import type { ParseKeys } from 'i18next';
import type { ErrorCode } from './contract';

// One message per error code of the contract; a code added there fails the typecheck here until it has
// its message. Screens with a message of their own for a code (a wrong password for a link) keep it.
const MESSAGE_KEYS: Record<ErrorCode, ParseKeys> = {
  BAD_REQUEST: 'errors.code.BAD_REQUEST',
  VALIDATION_FAILED: 'errors.code.VALIDATION_FAILED',
  UNAUTHENTICATED: 'errors.code.UNAUTHENTICATED',
  INVALID_CREDENTIALS: 'errors.code.INVALID_CREDENTIALS',
  SECOND_FACTOR_REQUIRED: 'errors.code.SECOND_FACTOR_REQUIRED',
  SECOND_FACTOR_INVALID: 'errors.code.SECOND_FACTOR_INVALID',
  SECOND_FACTOR_SETUP_REQUIRED: 'errors.code.SECOND_FACTOR_SETUP_REQUIRED',
  FORBIDDEN: 'errors.code.FORBIDDEN',
  CSRF_INVALID: 'errors.code.CSRF_INVALID',
  NOT_FOUND: 'errors.code.NOT_FOUND',
  CONFLICT: 'errors.code.CONFLICT',
  ENTRY_READ_ONLY: 'errors.code.ENTRY_READ_ONLY',
  INVALID_TRANSITION: 'errors.code.INVALID_TRANSITION',
  LAST_ADMIN: 'errors.code.LAST_ADMIN',
  POW_INVALID: 'errors.code.POW_INVALID',
  POW_EXPIRED: 'errors.code.POW_EXPIRED',
  POW_REPLAYED: 'errors.code.POW_REPLAYED',
  POW_UNSOLVED: 'errors.code.POW_UNSOLVED',
  FILE_QUOTA_EXCEEDED: 'errors.code.FILE_QUOTA_EXCEEDED',
  PAYLOAD_TOO_LARGE: 'errors.code.PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'errors.code.UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'errors.code.RATE_LIMITED',
  INTERNAL: 'errors.code.INTERNAL',
  UNAVAILABLE: 'errors.code.UNAVAILABLE',
  INSUFFICIENT_STORAGE: 'errors.code.INSUFFICIENT_STORAGE',
};

/** The message for a failure the server did not name (no error body, or a code newer than the app). */
export const UNKNOWN_ERROR_MESSAGE_KEY: ParseKeys = 'errors.code.UNKNOWN';

/** The translation key of the message for an error code, as screens show it for a failed call. */
export function messageKeyOf(code: ErrorCode | 'UNKNOWN'): ParseKeys {
  return Object.hasOwn(MESSAGE_KEYS, code) ? MESSAGE_KEYS[code as ErrorCode] : UNKNOWN_ERROR_MESSAGE_KEY;
}
