import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_BASE,
  AuthStateSchema,
  LoginSchema,
  type AuthorLogin,
  type ModeratorLogin,
} from '@einwurf/contract';
import { clearSessionCookie, setSessionCookie } from '../../plugins/sessions.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-cookie.ts';
import { auditAddressOf } from '../audit/context.ts';
import { loginAuthor, loginModerator, logout } from './service.ts';
import { NO_SESSION, toAuthState } from './sessions.ts';

function isAuthorLogin(body: ModeratorLogin | AuthorLogin): body is AuthorLogin {
  return 'article_id' in body;
}

/**
 * Keeps the device cookie of a successful moderation login: long-lived, out of scripts' reach, and
 * sent to the login route only. Logout leaves it, so the browser stays trusted.
 */
function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: `${API_BASE}/auth`,
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current role and session expiry',
        response: { 200: AuthStateSchema },
      },
    },
    async (request) => toAuthState(request.session),
  );

  app.post(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Log in as moderation (username, password) or as an entry's author (cpt, article_id, password)",
        body: LoginSchema,
        response: { 200: AuthStateSchema },
      },
    },
    async (request, reply) => {
      const ctx = {
        db: app.db,
        limiter: app.limiter,
        clientIp: request.ip,
        sessionTtl: app.config.sessionTtl,
        authorSessionTtl: app.config.authorSessionTtl,
        previousId: request.session.id,
        secrets: app.secrets,
        deviceToken: request.cookies[DEVICE_COOKIE],
        auditAddress: auditAddressOf(request),
      };
      if (isAuthorLogin(request.body)) {
        const { token, session } = await loginAuthor(ctx, request.body);
        setSessionCookie(request, reply, token, session.expiresAt);
        return toAuthState(session);
      }
      const { token, session, deviceToken } = await loginModerator(ctx, request.body);
      setSessionCookie(request, reply, token, session.expiresAt);
      setDeviceCookie(request, reply, deviceToken);
      return toAuthState(session);
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: AuthStateSchema } } },
    async (request, reply) => {
      await logout(app.db, request.session, auditAddressOf(request));
      clearSessionCookie(request, reply);
      return toAuthState(NO_SESSION);
    },
  );
};
