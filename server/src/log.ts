import { createRequire } from 'node:module';
import type * as PinoPretty from 'pino-pretty';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LogFormat } from './config.ts';

type LogRecord = Record<string, unknown> & {
  reqId?: unknown;
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
};

/**
 * One short line per log record: a request as `req-1 GET /path 200 in 3 ms`, anything else as its
 * message after the request's id when it has one.
 */
function describe(log: LogRecord, messageKey: string): string {
  const id = typeof log.reqId === 'string' ? `${log.reqId} ` : '';
  const message = String(log[messageKey] ?? '');
  if (log.req !== undefined && log.res !== undefined && typeof log.responseTime === 'number') {
    return `${id}${String(log.req.method)} ${String(log.req.url)} ${String(log.res.statusCode)} in ${Math.round(log.responseTime)} ms`;
  }
  return `${id}${message}`;
}

// Fastify's logger is pino's, which says whether a level is written.
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

// The server's loggers without redaction, one per server logger, for the completed-request lines.
const unredacted = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

function unredactedOf(log: FastifyBaseLogger): FastifyBaseLogger {
  let plain = unredacted.get(log);
  if (plain === undefined) {
    plain = log.child({}, { redact: [], level: 'info' });
    unredacted.set(log, plain);
  }
  return plain;
}

/**
 * One log line per request, when its answer is sent: the request (as the logger's `req` serializer
 * gives it), the status and the time taken, instead of Fastify's line on arrival and one on
 * completion. Pass to Fastify as `logController`.
 *
 * A completed line holds only those serialized fields (no headers, no body), so it skips the
 * logger's redaction, whose wildcard paths walked every field of every line; error lines keep it.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  // The completed line says 404 already.
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
    } else if ((reply.log as PinoLogger).isLevelEnabled('info')) {
      const line = { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime };
      unredactedOf(request.server.log).info(line, 'request completed');
    }
  }
}

/** Whether the log is written as readable lines: always for `pretty`, on a terminal for `auto`. */
export function isLogPretty(format: LogFormat, isTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTerminal);
}

/**
 * The stream the server logs to: readable, coloured lines (pino-pretty) when `isLogPretty`, else
 * undefined, and pino writes its JSON lines to standard output for a collector to read. Writes are
 * synchronous so the last lines before an exit are not lost.
 */
export function logStreamFor(
  format: LogFormat,
  output: { fd: number; isTTY?: boolean } = process.stdout,
): { write(line: string): void } | undefined {
  if (!isLogPretty(format, output.isTTY === true)) return undefined;
  // Loaded only for readable lines: a server logging JSON never needs it.
  const { build: pretty } = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pretty({
    destination: output.fd,
    sync: true,
    colorize: output.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => describe(log as LogRecord, messageKey),
  });
}

/**
 * The address a person opens in a browser: `localhost` for a server listening on every interface or
 * on the loopback address, brackets around another IPv6 address.
 */
export function appAddress(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost', ''].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}/publish/`;
}
