/** Stable error codes shared by server and web; the web branches on these, never on message text. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_INVALID: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One failing field of a 400: `field` is a JSON pointer-like path such as `data/title`. */
export type FieldError = {
  field: string;
  keyword: string;
  message: string;
  params?: Record<string, unknown>;
};

/** The body of every error answer. */
export type ErrorBody = {
  error: { code: ErrorCode; message: string; fields?: FieldError[] };
};

/** The text the spec requires in a 403 body when the CSRF token is missing or wrong. */
export const CSRF_INVALID_MESSAGE = 'CSRF token invalid';

/** Tells whether a parsed JSON body has the error shape. */
export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ErrorBody).error?.code === 'string'
  );
}
