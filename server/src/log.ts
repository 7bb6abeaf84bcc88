import { createRequire } from 'node:module';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import type * as PinoPretty from 'pino-pretty';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
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

const { chindingsSym, lsCacheSym, serializersSym, streamSym, timeSym } = pino.symbols;
const INFO = 30;

/** What pino keeps of a logger to write a line at info: its opening, time, bindings, `req` serializer, stream. */
type LineParts = {
  opening: string;
  time: () => string;
  bindings: string;
  serializeRequest: ((request: FastifyRequest) => unknown) | undefined;
  stream: { write(line: string): void };
};
const lineParts = new WeakMap<FastifyBaseLogger, LineParts>();

function linePartsOf(log: FastifyBaseLogger): LineParts {
  let parts = lineParts.get(log);
  if (parts === undefined) {
    const kept = log as unknown as Record<symbol, unknown>;
    parts = {
      opening: (kept[lsCacheSym] as Record<number, string>)[INFO]!,
      time: kept[timeSym] as () => string,
      bindings: kept[chindingsSym] as string,
      serializeRequest: (kept[serializersSym] as { req?: LineParts['serializeRequest'] }).req,
      stream: kept[streamSym] as LineParts['stream'],
    };
    lineParts.set(log, parts);
  }
  return parts;
}

/**
 * The completed line, as pino writes a record of these fields at info, built here: the level, time
 * and the server logger's bindings as pino made them, the request's id, `req` by the logger's
 * serializer, `res`, the time taken and the message. pino's generic way (each field through the
 * serializers, redaction and its escaping) took a tenth of a short request's time. It holds only
 * those fields, no headers or body, so it needs no redaction; the server's logger has no formatters,
 * mixin or message prefix that would change a line (app.ts).
 */
function writeCompleted(log: FastifyBaseLogger, request: FastifyRequest, reply: FastifyReply): void {
  const { opening, time, bindings, serializeRequest, stream } = linePartsOf(log);
  const req = serializeRequest?.(request) ?? { method: request.method, url: request.url };
  stream.write(
    `${opening}${time()}${bindings},"reqId":${JSON.stringify(request.id)},"req":${JSON.stringify(req)},` +
      `"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
  );
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that makes pino's child (with the request's id) only when the request logs a
 * line at a level that is written: most requests log nothing but their completed line, which comes
 * from the server's logger, and making the child took 2 % of a short request's time.
 */
class LazyChild implements FastifyBaseLogger {
  readonly #parent: PinoLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #made: PinoLogger | undefined;

  constructor(parent: PinoLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): PinoLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options) as PinoLogger;
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  /** A child without a level of its own writes what its parent writes. */
  isLevelEnabled(level: string): boolean {
    if (this.#made === undefined && this.#options.level === undefined)
      return this.#parent.isLevelEnabled(level);
    return this.#logger().isLevelEnabled(level);
  }

  #log(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.#logger()[level] as (...args: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Makes each request's logger a `LazyChild`; pass to Fastify as `childLoggerFactory`. */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChild(logger as PinoLogger, bindings, options);

/**
 * One log line per request, when its answer is sent: the request (as the logger's `req` serializer
 * gives it), the status and the time taken, instead of Fastify's line on arrival and one on
 * completion. Pass to Fastify as `logController`.
 * Error lines go through the logger as any other (redacted); a completed line is `writeCompleted`'s.
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
      writeCompleted(request.server.log, request, reply);
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
