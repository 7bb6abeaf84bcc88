import { createHash } from 'node:crypto';
import type {
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { LRUCache } from 'lru-cache';
import { PUBLIC_MAX_AGE_SECONDS } from '@einwurf/contract';
import { writeVersion } from '../db/write-version.ts';
import { acceptedEncoding } from './compression.ts';

// What every public read shares (DESIGN, wave 2: public outputs): any site may read it (CORS `*`,
// never with credentials), caches may keep it a minute, and a client revalidates with its ETag. Such
// routes set `config: { publicRead: true }`; the CSRF and session plugins then leave them alone, so a
// cached answer never carries a cookie or a token, and no reader's session is looked up. The reader's
// page is a public read too, but HTML for people rather than data for sites: it caches without CORS.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public read: no session, no CSRF cookie or token, cacheable (the API's with CORS for any origin). */
    publicRead?: boolean;
  }
  interface FastifyInstance {
    /** The public answers kept for repeated reads (publicAnswers). */
    publicAnswers: PublicAnswers;
  }
}

/** Whether the request is for a public read route. */
export function isPublicRead(request: FastifyRequest): boolean {
  return request.routeOptions.config.publicRead === true;
}

/**
 * The origin readers reach this server under, for absolute URLs in public answers: the configured
 * public URL, else the request's (the Host header, which a shared cache should then key on).
 */
export function publicOriginOf(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The reader's page of this server for a published entry. */
export const READER_PAGE_PATH = '/read';

/**
 * Where readers read a published entry: the organisation's own page when EINWURF_PUBLIC_ENTRY_URL
 * names one, else this server's reader's page. Feeds and webhooks link here.
 */
export function publicEntryUrl(
  config: { publicEntryUrl: string | undefined },
  origin: string,
  id: string,
): string {
  const template = config.publicEntryUrl;
  if (template !== undefined) return template.replace('{id}', encodeURIComponent(id));
  return `${origin}${READER_PAGE_PATH}/${encodeURIComponent(id)}`;
}

/** A strong ETag of an answer's bytes. */
function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
}

/** Whether an If-None-Match header names the ETag (weak comparison, as RFC 9110 asks for this header). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('Access-Control-Allow-Origin', '*');
  reply.header('Access-Control-Expose-Headers', 'ETag');
}

/**
 * For answers anyone may cache: on a 200 an ETag, Cache-Control (a minute unless the route set a
 * shorter one), and 304 without a body when If-None-Match names the ETag. The reader's page has it
 * without CORS (HTML for people), through keepingOnSend.
 */
const cacheableOnSend: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
    return payload;
  }
  const etag = etagOf(payload);
  reply.header('ETag', etag);
  // A route may keep caches shorter (a scheduled publication coming within the minute).
  if (!reply.hasHeader('Cache-Control')) {
    reply.header('Cache-Control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
  }
  return notModifiedOr(request, reply, payload, etag);
};

/** 304 without a body when If-None-Match names the answer's ETag, else the payload. */
function notModifiedOr(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  etag: string,
): unknown {
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('Content-Type');
  reply.removeHeader('Content-Length');
  return '';
}

/**
 * How long a public answer serves the same read again from memory, unless this process writes to the
 * database first. Another instance's change (or a command's) shows within it; caches outside may keep
 * the answer a minute anyway (PUBLIC_MAX_AGE_SECONDS).
 */
export const PUBLIC_ANSWER_MS = 1000;
/** The answers kept at most, and their bytes: each reader's URL, host and encoding is one answer. */
const MAX_ANSWERS = 500;
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** The headers a kept answer is sent with again (CORS and the security headers are added anew). */
const KEPT_HEADERS = [
  'content-type',
  'content-encoding',
  'content-language',
  'content-security-policy',
  'vary',
  'cache-control',
  'etag',
] as const;

type PublicAnswer = {
  readonly bytes: Buffer;
  readonly headers: Readonly<Record<string, string>>;
  /** The write version it was read at (db/write-version.ts); good only while that is current. */
  readonly version: number;
  /** Until when it serves (the app's clock, epoch ms). */
  readonly until: number;
};

export type PublicAnswers = {
  /** The kept answer to a key, when it is still good at `now`. */
  get(key: string, now: number): PublicAnswer | undefined;
  set(key: string, answer: PublicAnswer): void;
  /**
   * For a key without a good answer: `done` when no request reads it yet (this one does, and calls it
   * when its answer is kept or not), else `waiting`, settled when that request is done, or after
   * PUBLIC_ANSWER_MS when it takes longer (a slow database holds the others no longer).
   */
  read(key: string): { done: () => void } | { waiting: Promise<void> };
};

/**
 * Answers of the public reads kept in memory (the API's and the reader's page), so that a crowd of
 * readers reading the same list, entry or page costs one database read and one serialization a
 * second, not one each. An answer is good for PUBLIC_ANSWER_MS, never past a scheduled publication
 * (the route's max-age says when that comes), and only while this process wrote nothing to the
 * database: a publication, a change or a removal by moderation here shows at once. At most
 * MAX_ANSWERS answers of MAX_ANSWER_BYTES together, the least recently read going first. Requests
 * that find no answer while another reads it wait for that one's answer instead of reading too: on
 * PostgreSQL a crowd's requests all arrived before the first answer was kept, and each read the page.
 */
export function publicAnswers(): PublicAnswers {
  /** The keys being read, each by one request, till its answer is done. */
  const reading = new Map<string, Promise<void>>();
  const answers = new LRUCache<string, PublicAnswer>({
    max: MAX_ANSWERS,
    maxSize: MAX_ANSWER_BYTES,
    sizeCalculation: (answer) => Math.max(1, answer.bytes.length),
  });
  return {
    get(key, now) {
      const answer = answers.get(key);
      if (answer === undefined) return undefined;
      // A clock moved back (tests move theirs) makes it as stale as one run out.
      if (answer.version === writeVersion() && now < answer.until && now >= answer.until - PUBLIC_ANSWER_MS) {
        return answer;
      }
      answers.delete(key);
      return undefined;
    },
    set(key, answer) {
      if (answer.bytes.length <= MAX_ANSWER_BYTES / 8) answers.set(key, answer);
    },
    read(key) {
      const underway = reading.get(key);
      if (underway !== undefined) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLIC_ANSWER_MS)));
        return { waiting: Promise.race([underway, late]).finally(() => clearTimeout(timer)) };
      }
      let done = () => {};
      const read = new Promise<void>((resolve) => {
        done = () => {
          if (reading.get(key) === read) reading.delete(key);
          resolve();
        };
      });
      reading.set(key, read);
      return { done };
    },
  };
}

/**
 * What a request asked when it found no kept answer: its key, the write version before it read, and,
 * when it is the one reading the key, how to tell the others waiting that it is done.
 */
const misses = new WeakMap<FastifyRequest, { key: string; version: number; done?: () => void }>();
/** Requests answered from a kept answer. */
const kept = new WeakSet<FastifyRequest>();

/**
 * An answer's key: the URL with its query, the origin its links use, the encoding it goes out in, and
 * what else of the request the route's answer depends on (`variant`: the reader's page's language).
 */
const answerKey = (request: FastifyRequest, variant: string) =>
  `${acceptedEncoding(request) ?? ''} ${variant} ${publicOriginOf(request)} ${request.url}`;

/** How long an answer may be kept from `now`: PUBLIC_ANSWER_MS, less a second before its max-age ends. */
function keptUntil(reply: FastifyReply, now: number): number {
  const maxAge = /max-age=(\d+)/.exec(String(reply.getHeader('cache-control') ?? ''))?.[1];
  // max-age is rounded up to whole seconds: a second less never reaches the publication it waits for.
  const ms = maxAge === undefined ? 0 : Math.min(PUBLIC_ANSWER_MS, (Number(maxAge) - 1) * 1000);
  return now + ms;
}

/**
 * The preHandler of a public read whose answer keepingOnSend keeps: a GET answered before and still
 * good is sent again as it was. `variant` names what else of the request the answer depends on.
 */
export function keptAnswer(
  variant: (request: FastifyRequest) => string = () => '',
): preHandlerAsyncHookHandler {
  return async function (request, reply) {
    if (request.method !== 'GET') return;
    const key = answerKey(request, variant(request));
    const answers = this.publicAnswers;
    let answer = answers.get(key, this.now());
    if (answer === undefined) {
      const reading = answers.read(key);
      if ('done' in reading) {
        misses.set(request, { key, version: writeVersion(), done: reading.done });
        // Whatever the answer (an error, a closed connection), the others go on.
        reply.raw.once('close', reading.done);
        return;
      }
      await reading.waiting;
      answer = answers.get(key, this.now());
      // None kept (another status, a write meanwhile) or not yet: the others read now, together.
      if (answer === undefined) {
        misses.set(request, { key, version: writeVersion() });
        return;
      }
    }
    kept.add(request);
    return reply.headers(answer.headers).send(answer.bytes);
  };
}

/** The preHandler of the API's public reads (keptAnswer): their answers depend on nothing else. */
export const keptPublicAnswer = keptAnswer();

/** Keeps a 200 answer of a GET whose reading no write of this process overlapped. */
function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: string | Buffer): void {
  const miss = misses.get(request);
  if (miss === undefined || reply.statusCode !== 200 || miss.version !== writeVersion()) return;
  const now = request.server.now();
  const until = keptUntil(reply, now);
  if (until <= now) return;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  request.server.publicAnswers.set(miss.key, { bytes, headers, version: miss.version, until });
}

/**
 * cacheableOnSend for a route whose preHandler is keptAnswer: a 200 answer of a GET is kept for the
 * same read again; one sent from there only answers 304 when If-None-Match names its ETag.
 */
export const keepingOnSend: onSendAsyncHookHandler<unknown> = async function (request, reply, payload) {
  if (kept.has(request)) return notModifiedOr(request, reply, payload, String(reply.getHeader('etag')));
  const answer = await cacheableOnSend.call(this, request, reply, payload);
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) keepAnswer(request, reply, payload);
  misses.get(request)?.done?.();
  return answer;
};

/**
 * The onSend hook of the API's public reads: CORS on every answer (errors too, so other sites can
 * read them), and caching and keeping as keepingOnSend.
 */
export const publicReadOnSend: onSendAsyncHookHandler<unknown> = async function (request, reply, payload) {
  allowAnyOrigin(reply);
  return keepingOnSend.call(this, request, reply, payload);
};

/** Answers a CORS preflight of a public read: GET (and HEAD) from any origin, with If-None-Match. */
export async function answerPublicPreflight(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  allowAnyOrigin(reply);
  reply
    .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
    .header('Access-Control-Allow-Headers', 'If-None-Match')
    .header('Access-Control-Max-Age', '86400')
    .code(204)
    .send();
}
