import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import {
  API_BASE,
  AuthStateSchema,
  ErrorBodySchema,
  LoginSchema,
  StaffSessionListSchema,
  type AuthorLogin,
  type ErrorCode,
  type ModeratorLogin,
} from '@einwurf/contract';
import { AppError } from '../../errors.ts';
import { clearSessionCookie, requireRoleFirst, setSessionCookie } from '../../plugins/sessions.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-cookie.ts';
import { auditAddressOf } from '../audit/context.ts';
import { publicOriginOf } from '../../plugins/public-reads.ts';
import { relyingPartyOf } from '../second-factor/passkeys.ts';
import type { OidcClient } from '../oidc/client.ts';
import { findSessionIdToken } from '../oidc/repository.ts';
import { loginPageOf } from '../oidc/urls.ts';
import { loginAuthor, loginModerator, logout } from './service.ts';
import { endSessionOfUser, listSessionsOfUser, NO_SESSION, toAuthState } from './sessions.ts';

/** The refusals `einwurf_login_failures_total` counts: a wrong name or password, and the login limits. */
const LOGIN_FAILURES: ReadonlySet<ErrorCode> = new Set([
  'INVALID_CREDENTIALS',
  'SECOND_FACTOR_INVALID',
  'RATE_LIMITED',
]);

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

export const authRoutes: FastifyPluginAsyncTypebox<{ oidc?: OidcClient | undefined }> = async (
  app,
  { oidc },
) => {
  const secondFactorRequired = app.config.staffSecondFactor === 'required';
  app.get(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current role and session expiry',
        response: { 200: AuthStateSchema },
      },
    },
    async (request) => toAuthState(request.session, secondFactorRequired),
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
        userAgent: request.headers['user-agent'],
        relyingParty: relyingPartyOf(publicOriginOf(request)),
      };
      const account = isAuthorLogin(request.body) ? 'author' : 'moderation';
      try {
        if (isAuthorLogin(request.body)) {
          const { token, session } = await loginAuthor(ctx, request.body);
          setSessionCookie(request, reply, token, session.expiresAt);
          return toAuthState(session);
        }
        if (!app.config.passwordLogin) {
          throw new AppError(
            'FORBIDDEN',
            `staff log in through single sign-on here (${oidc?.settings.name ?? 'the provider'}): the password login is turned off`,
          );
        }
        const { token, session, deviceToken } = await loginModerator(ctx, request.body);
        setSessionCookie(request, reply, token, session.expiresAt);
        setDeviceCookie(request, reply, deviceToken);
        return toAuthState(session, secondFactorRequired);
      } catch (error) {
        if (error instanceof AppError && LOGIN_FAILURES.has(error.code)) {
          app.metrics.loginFailures.inc({ account, reason: error.code.toLowerCase() });
        }
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: AuthStateSchema } } },
    async (request, reply) => {
      // A session started through single sign-on ends at the provider too when it offers that.
      const idToken =
        oidc !== undefined && request.session.id !== null
          ? await findSessionIdToken(app.db, request.session.id)
          : undefined;
      await logout(app.db, request.session, auditAddressOf(request));
      clearSessionCookie(request, reply);
      const state = toAuthState(NO_SESSION);
      if (oidc !== undefined && idToken !== undefined) {
        const url = await oidc.endSessionUrl(idToken, loginPageOf(request));
        if (url !== undefined) state.logout_url = url;
      }
      return state;
    },
  );

  const staffOnly = { preValidation: requireRoleFirst('mod', 'admin') };
  const errors = { '4xx': ErrorBodySchema };

  app.get(
    '/admin/profile/sessions',
    {
      ...staffOnly,
      schema: {
        tags: ['auth'],
        summary: "The signed-in account's open sessions, the newest first (`current`: this one)",
        response: { 200: StaffSessionListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await listSessionsOfUser(app.db, request.session.userId ?? '', request.session.id),
    }),
  );

  app.delete(
    '/admin/profile/sessions/:id',
    {
      ...staffOnly,
      schema: {
        tags: ['auth'],
        summary: "End one of the signed-in account's sessions (its own current one too: that is a logout)",
        params: Type.Object({ id: Type.String({ maxLength: 128 }) }),
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const ended = await endSessionOfUser(app.db, request.session.userId ?? '', request.params.id);
      if (!ended) throw new AppError('NOT_FOUND', 'no such session');
      if (request.params.id === request.session.id) clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );
};
