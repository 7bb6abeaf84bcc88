import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, CSRF_INVALID_MESSAGE } from '@einwurf/contract';
import { AppError } from '../errors.ts';
import { remembered } from '../remembered.ts';
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

/** What a CSRF token signs: the cookie's value and, when there is one, the session cookie's. */
function signedText(cookieValue: string, sessionToken: string | undefined): string {
  return sessionToken !== undefined && sessionToken !== '' ? `${cookieValue}\n${sessionToken}` : cookieValue;
}

function hmacOf(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/**
 * The token for a cookie value and the session it goes with: HMAC-SHA256 under the server secret,
 * base64url. Bound to the session cookie, a token seen in one session is no good in another.
 */
export function csrfTokenFor(secret: string, cookieValue: string, sessionToken?: string): string {
  return hmacOf(secret, signedText(cookieValue, sessionToken));
}

/** Sends the token that goes with a session cookie set (login) or cleared (logout) in this answer. */
export function rebindCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionToken: string | undefined,
): void {
  reply.header(CSRF_HEADER, request.csrfTokenForSession(sessionToken));
}

/**
 * csrfTokenFor, remembering the tokens of the last 10,000 cookie and session pairs under each
 * secret that verifies (the current one and the one a rotation replaced): a client sends the same
 * cookies with every request, and the HMAC (~2 µs) would otherwise be made anew for each answer and
 * each check. Longer pairs (a session cookie the server never made) are not kept.
 */
function tokenMaker(): (secret: string, cookieValue: string, sessionToken: string | undefined) => string {
  const bySecret = new Map<string, (text: string) => string>();
  return (secret, cookieValue, sessionToken) => {
    let tokenOf = bySecret.get(secret);
    if (tokenOf === undefined) {
      // A third secret is a rotation's: the ones kept before are no longer both of use.
      if (bySecret.size >= 2) bySecret.clear();
      tokenOf = remembered((text) => hmacOf(secret, text), 10_000);
      bySecret.set(secret, tokenOf);
    }
    return tokenOf(signedText(cookieValue, sessionToken));
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
  const checkCsrf = (request: FastifyRequest, reply: FastifyReply): void => {
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
  };
  app.addHook('onRequest', (request, reply, done) => {
    checkCsrf(request, reply);
    done();
  });
}

export default fp(csrf, { name: 'csrf', dependencies: ['@fastify/cookie'] });
