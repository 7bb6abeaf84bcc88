import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import { PUBLIC_MAX_AGE_SECONDS } from '@einwurf/contract';

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
 * An onSend hook for answers anyone may cache: on a 200 an ETag, Cache-Control (a minute unless the
 * route set a shorter one), and 304 without a body when If-None-Match names the ETag. The reader's
 * page uses it alone (HTML for people: no CORS).
 */
export const cacheableOnSend: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
    return payload;
  }
  const etag = etagOf(payload);
  reply.header('ETag', etag);
  // A route may keep caches shorter (a scheduled publication coming within the minute).
  if (!reply.hasHeader('Cache-Control')) {
    reply.header('Cache-Control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
  }
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('Content-Type');
  reply.removeHeader('Content-Length');
  return '';
};

/**
 * The onSend hook of a public read: CORS on every answer (errors too, so other sites can read them),
 * and caching as cacheableOnSend.
 */
export const publicReadOnSend: onSendAsyncHookHandler<unknown> = async function (request, reply, payload) {
  allowAnyOrigin(reply);
  return cacheableOnSend.call(this, request, reply, payload);
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
