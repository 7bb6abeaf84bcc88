import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { pipeline, type Readable } from 'node:stream';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's answers go out as they are (files compressed at build time, stored files). */
    compress?: false;
  }
}

/** Answers from this size on are compressed on the fly; smaller ones gain less than they cost. */
export const COMPRESS_THRESHOLD = 1024;

/** Answers up to this size are compressed at once (well under a millisecond); larger ones on libuv's threads. */
const AT_ONCE_LIMIT = 64 * 1024;

/** The encodings offered, the preferred first: a request accepting both alike gets brotli. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Text of every kind: JSON and its +json types (problem details), XML and +xml (Atom), text/*, JSON Lines. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml)\b|application\/jsonl\b)/i;

/** Brotli at quality 4: close to gzip's speed, smaller; TEXT mode, since every type above is text. */
const BROTLI: BrotliOptions = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
};

const atOnce = { br: (b: Buffer) => brotliCompressSync(b, BROTLI), gzip: (b: Buffer) => gzipSync(b) };
const later = {
  br: (b: Buffer, done: (error: Error | null, result: Buffer) => void) => brotliCompress(b, BROTLI, done),
  gzip: (b: Buffer, done: (error: Error | null, result: Buffer) => void) => gzip(b, done),
};
const streamed = { br: () => createBrotliCompress(BROTLI), gzip: () => createGzip() };

/** The encoding the request accepts best, or undefined (none accepted, or identity preferred). */
export function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const accept = request.headers['accept-encoding'];
  if (accept === undefined || accept === '') return undefined;
  // `*` and the old name x-gzip stand for gzip (RFC 9110, 12.5.3).
  return negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]) ?? undefined;
}

function isStream(payload: unknown): payload is Readable {
  return typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';
}

/** Whether the answer is of a kind worth compressing (a text type, not encoded yet, not a range). */
function compressible(reply: FastifyReply): boolean {
  if (reply.statusCode === 206 || reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) {
    return false;
  }
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && COMPRESSIBLE.test(type);
}

function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(vary))) {
    reply.header('vary', `${String(vary)}, Accept-Encoding`);
  }
}

/** The payload's size when it is worth compressing: a stream's is unknown (Infinity); undefined below the threshold or for a payload of another kind. */
function sizeWorthCompressing(payload: unknown): number | undefined {
  if (isStream(payload)) return Infinity;
  const size =
    typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : 0;
  return size >= COMPRESS_THRESHOLD ? size : undefined;
}

/**
 * The last onSend hook of every route that does not opt out: a text answer from COMPRESS_THRESHOLD on
 * (or streamed, size unknown) goes out brotli or gzip as the request's Accept-Encoding prefers, with
 * `Vary: Accept-Encoding` on every answer whose encoding depends on it. A stored file's route and the
 * web app's files opt out (`config: { compress: false }`): the web app's files are compressed at build
 * time (web-app.ts serves their .br/.gz siblings), stored files are sent as they were uploaded.
 */
const compressOnSend: onSendHookHandler<unknown> = (request, reply, payload, done) => {
  // The size first: most answers are small, and it is cheaper than the headers' checks.
  const size = sizeWorthCompressing(payload);
  if (size === undefined || !compressible(reply)) {
    done(null, payload);
    return;
  }
  varyOnEncoding(reply);
  const encoding = acceptedEncoding(request);
  if (encoding === undefined) {
    done(null, payload);
    return;
  }
  reply.header('content-encoding', encoding);
  if (isStream(payload)) {
    reply.removeHeader('content-length');
    const compressor = streamed[encoding]();
    // An error on either side ends both; Fastify sees the compressor end and closes the answer.
    pipeline(payload, compressor, () => undefined);
    done(null, compressor);
    return;
  }
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer);
  if (size <= AT_ONCE_LIMIT) {
    done(null, atOnce[encoding](bytes));
    return;
  }
  later[encoding](bytes, (error, compressed) => (error ? done(error) : done(null, compressed)));
};

// The API's JSON answers and the other text answers (the reader's pages, feeds, exports). Request
// bodies are never decompressed: the body limits count what arrives. In place of @fastify/compress,
// whose two hooks on every route ran on every answer and whose first answer loaded Node's fetch
// implementation (its Response check), about 20 ms of the start, with 270 KB of its dependencies.
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (route.config?.compress === false) return;
      const own = route.onSend;
      route.onSend =
        own === undefined ? [compressOnSend] : [...(Array.isArray(own) ? own : [own]), compressOnSend];
    });
  },
  { name: 'compression' },
);
