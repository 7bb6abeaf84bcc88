import {
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
  type Locale,
} from '@einwurf/contract';

/** The one error type services throw; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: FieldError[] | undefined;
  /** Extra response headers, such as Retry-After for 429. */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: FieldError[], headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.fields = fields;
    this.headers = headers;
  }

  /**
   * The answer's body; `locale` is the request's language (Accept-Language), for the errors whose
   * messages speak to people in it (see `inLanguage`).
   */
  toBody(locale?: Locale): ErrorBody {
    const { message, fields } = locale === undefined ? this : this.inLanguage(locale);
    return { error: { code: this.code, message, ...(fields ? { fields } : {}) } };
  }

  /** The message and field errors in a language; the same words in every language unless overridden. */
  inLanguage(_locale: Locale): { message: string; fields: FieldError[] | undefined } {
    return { message: this.message, fields: this.fields };
  }
}

/** Seconds a client is asked to wait when a dependency is away: the time-outs are a few seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The 503 for a dependency (database, Redis) that refused or did not answer in time. */
export function unavailableError(dependency: string): AppError {
  return new AppError('UNAVAILABLE', `${dependency} is not available; try again shortly`, undefined, {
    'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
}
