// The error codes and shapes without their TypeBox schemas (errors.ts), so the web app's first load
// carries no TypeBox.

/** Stable error codes shared by server and web; the web branches on these, never on message text. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  /**
   * Name and password are right; the account has a second factor: send `code` or `webauthn` too
   * (`fields[0].params.methods` name the methods; `params.webauthn` holds a passkey's options).
   */
  SECOND_FACTOR_REQUIRED: 401,
  /** The second factor's code or passkey answer is wrong, used before or expired; counted like a wrong password. */
  SECOND_FACTOR_INVALID: 401,
  /** The installation requires a second factor and this account has none yet: set it up on the profile. */
  SECOND_FACTOR_SETUP_REQUIRED: 403,
  FORBIDDEN: 403,
  CSRF_INVALID: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The entry is published: its author can no longer edit, propose or delete it. */
  ENTRY_READ_ONLY: 409,
  /** The state change is not in the transition table; the message names both states. */
  INVALID_TRANSITION: 409,
  /** The challenge token is malformed, forged (bad signature, other algorithm) or claims an invalid difficulty. */
  /** Deleting or demoting the account would leave no admin. */
  LAST_ADMIN: 409,
  POW_INVALID: 400,
  /** The challenge token's `exp` has passed; fetch a new challenge. */
  POW_EXPIRED: 400,
  /** The challenge token was used before; each token creates one entry. */
  POW_REPLAYED: 409,
  /** The solution does not give the required number of trailing zero bits. */
  POW_UNSOLVED: 400,
  /**
   * The entry holds as many files, or as many bytes of files, as it may: waiting does not help, removing
   * a file does. The message names the limit.
   */
  FILE_QUOTA_EXCEEDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** The server's disk (files or database) is full; nothing of the request was kept. */
  INSUFFICIENT_STORAGE: 507,
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
