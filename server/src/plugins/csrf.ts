import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, CSRF_INVALID_MESSAGE } from '@einwurf/contract';
import { AppError } from '../errors.ts';
import { isPublicRead } from './public-reads.ts';

export const CSRF_COOKIE = 'einwurf_csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The token for a cookie value: HMAC-SHA256 under the server secret, base64url. */
export function csrfTokenFor(secret: string, cookieValue: string): string {
  return createHmac('sha256', secret).update(cookieValue).digest('base64url');
}

function matches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Double-submit CSRF without server state, so any instance can check any request: the cookie
 * holds a random value, the token is its HMAC, and only a page of this origin can read the token
 * from a response header to send it back.
 */
async function csrf(app: FastifyInstance, options: { secret: string }): Promise<void> {
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
    const token = csrfTokenFor(options.secret, value);
    reply.header(CSRF_HEADER, token);

    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api')) return;
    const sent = request.headers[CSRF_HEADER];
    if (!hadCookie || typeof sent !== 'string' || !matches(token, sent)) {
      throw new AppError('CSRF_INVALID', CSRF_INVALID_MESSAGE);
    }
  });
}

export default fp(csrf, { name: 'csrf', dependencies: ['@fastify/cookie'] });
