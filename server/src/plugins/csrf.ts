import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { CSRF_HEADER, CSRF_INVALID_MESSAGE } from '@einwurf/contract';
import { AppError } from '../errors.ts';
import type { SecretRing } from '../features/secrets/service.ts';
import { isPublicRead } from './public-reads.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

export const CSRF_COOKIE = 'einwurf_csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSRF token for this request's CSRF cookie bound to another session (after login or logout). */
    csrfTokenForSession(sessionToken: string | undefined): string;
  }
}

/**
 * The token for a cookie value and the session it goes with: HMAC-SHA256 under the server secret,
 * base64url. Bound to the session cookie, a token seen in one session is no good in another.
 */
export function csrfTokenFor(secret: string, cookieValue: string, sessionToken?: string): string {
  const hmac = createHmac('sha256', secret).update(cookieValue);
  if (sessionToken !== undefined && sessionToken !== '') hmac.update('\n').update(sessionToken);
  return hmac.digest('base64url');
}

/** Sends the token that goes with a session cookie set (login) or cleared (logout) in this answer. */
export function rebindCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionToken: string | undefined,
): void {
  reply.header(CSRF_HEADER, request.csrfTokenForSession(sessionToken));
}

/** Cookie and session pairs whose tokens are kept: about the clients of the last minutes. */
const KEPT_TOKENS = 10_000;
/** Longer pairs (a session cookie the server never made) are not kept, so memory stays small. */
const KEPT_KEY_MAX = 200;

/**
 * csrfTokenFor, remembering the tokens it made lately: a client sends the same cookies with every
 * request, and the HMAC (~2 µs) would otherwise be made anew for each answer and each check.
 */
function tokenMaker(): (secret: string, cookieValue: string, sessionToken: string | undefined) => string {
  const kept = new LRUCache<string, { secret: string; token: string }>({ max: KEPT_TOKENS });
  return (secret, cookieValue, sessionToken) => {
    const key = sessionToken ? `${cookieValue}\n${sessionToken}` : cookieValue;
    if (key.length > KEPT_KEY_MAX) return csrfTokenFor(secret, cookieValue, sessionToken);
    const found = kept.get(key);
    if (found !== undefined && found.secret === secret) return found.token;
    const token = csrfTokenFor(secret, cookieValue, sessionToken);
    kept.set(key, { secret, token });
    return token;
  };
}

function matches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Double-submit CSRF without server state, so any instance can check any request: the cookie
 * holds a random value, the token is its HMAC together with the session cookie's value, and only a
 * page of this origin can read the token from a response header to send it back.
 */
async function csrf(app: FastifyInstance, options: { secrets: SecretRing }): Promise<void> {
  const tokenFor = tokenMaker();
  app.decorateRequest(
    'csrfTokenForSession',
    function (this: FastifyRequest, sessionToken: string | undefined) {
      const value = this.cookies[CSRF_COOKIE];
      return value === undefined ? '' : tokenFor(options.secrets.current(), value, sessionToken);
    },
  );
  app.addHook('onRequest', async (request, reply) => {
    // A public read changes nothing and may be cached for anyone: it gets neither cookie nor token.
    if (isPublicRead(request)) return;
    let value = request.cookies[CSRF_COOKIE];
    const hadCookie = value !== undefined && COOKIE_VALUE.test(value);
    if (!hadCookie || value === undefined) {
      value = randomBytes(32).toString('base64url');
      reply.setCookie(CSRF_COOKIE, value, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: request.protocol === 'https',
      });
    }
    // Set here for a new cookie too, so a token rebound later in this request uses it.
    request.cookies[CSRF_COOKIE] = value;
    const session = request.cookies[SESSION_COOKIE];
    reply.header(CSRF_HEADER, tokenFor(options.secrets.current(), value, session));

    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api')) return;
    const sent = request.headers[CSRF_HEADER];
    // A token made with the secret a rotation replaced still passes; the answer carries a new one.
    const valid =
      hadCookie &&
      typeof sent === 'string' &&
      options.secrets.verifying().some((secret) => matches(tokenFor(secret, value, session), sent));
    if (!valid) throw new AppError('CSRF_INVALID', CSRF_INVALID_MESSAGE);
  });
}

export default fp(csrf, { name: 'csrf', dependencies: ['@fastify/cookie'] });
