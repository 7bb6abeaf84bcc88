import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode, FieldError } from '@einwurf/contract';
import { isDatabaseUnavailable, isStorageFull, isUniqueViolation } from '../db/errors.ts';
import { AppError, unavailableError } from '../errors.ts';
import { negotiateLocale } from '../i18n.ts';

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

function fieldPath(base: string, name: string): string {
  return base === '' ? name : `${base}/${name}`;
}

/** Names each failing field as a slash path (`data/title`); the request part when it is the whole. */
export function toFieldErrors(issues: ValidationIssue[], context: string): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '');
    const params = issue.params as Record<string, unknown>;
    // TypeBox reports an additional property twice (as "schema is false" and by name); keep the named one.
    if (issue.keyword === 'boolean') continue;
    const names =
      issue.keyword === 'required'
        ? (params['requiredProperties'] ?? [params['missingProperty']])
        : issue.keyword === 'additionalProperties'
          ? (params['additionalProperties'] ?? [params['additionalProperty']])
          : undefined;
    if (Array.isArray(names)) {
      for (const name of names) {
        fields.push({
          field: fieldPath(base, String(name)),
          keyword: issue.keyword,
          message: issue.message ?? '',
        });
      }
    } else {
      fields.push({
        field: base === '' ? context : base,
        keyword: issue.keyword,
        message: issue.message ?? '',
      });
    }
  }
  // A union's "must match a schema in anyOf" only repeats what its branches said.
  const specific = fields.filter((f) => f.keyword !== 'anyOf');
  const seen = new Set<string>();
  return (specific.length > 0 ? specific : fields).filter((f) => {
    const key = `${f.field}\n${f.keyword}\n${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  PAYLOAD_TOO_LARGE: 'request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported content type',
  NOT_FOUND: 'not found',
};

/** Turns anything thrown into the API's error shape; 5xx details stay in the log. */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation)) {
    const fields = toFieldErrors(fastifyError.validation, fastifyError.validationContext ?? 'body');
    const first = fields[0];
    const message = first ? `${first.field}: ${first.message}` : 'request is invalid';
    return new AppError('VALIDATION_FAILED', message, fields);
  }
  // A duplicate key is a conflict with what is stored, not a server fault; the database's own words
  // (table, index, values) stay out of the answer.
  if (isUniqueViolation(error)) return new AppError('CONFLICT', 'conflicts with an existing record');
  // A database that is away or overloaded is a wait-and-retry, not a fault of the request.
  if (isDatabaseUnavailable(error)) return unavailableError('the database');
  if (isStorageFull(error)) {
    return new AppError('INSUFFICIENT_STORAGE', 'the server has no room to store this; nothing was kept');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
    return new AppError(code, MESSAGES[code] ?? fastifyError.message ?? 'bad request');
  }
  return undefined;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const appError = toAppError(error);
  if (appError === undefined) {
    request.log.error({ err: error }, 'request failed');
    const internal = new AppError('INTERNAL', 'internal server error');
    return reply.code(internal.statusCode).type('application/json').send(internal.toBody());
  }
  if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  return reply
    .code(appError.statusCode)
    .headers(appError.headers)
    .type('application/json')
    .send(appError.toBody(negotiateLocale(request.headers['accept-language'])));
}

async function errorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new AppError('NOT_FOUND', `no route for ${request.method} ${request.url.split('?')[0]}`),
    ),
  );
}

export default fp(errorHandler, { name: 'error-handler' });
