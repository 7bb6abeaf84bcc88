import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import { API_BASE, LoginOptionsSchema, ROUTER_BASE, type SsoErrorCode } from '@einwurf/contract';
import { AppError } from '../../errors.ts';
import { setSessionCookie } from '../../plugins/sessions.ts';
import { auditAddressOf } from '../audit/context.ts';
import type { OidcClient } from './client.ts';
import { FLOW_COOKIE, FLOW_MAX_AGE_SECONDS, openFlow, sealFlow } from './flow-cookie.ts';
import { loginWithProvider, SsoRefused } from './service.ts';
import { callbackUrlOf } from './urls.ts';

const FLOW_COOKIE_PATH = `${API_BASE}/auth/oidc`;

function clearFlowCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(FLOW_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: FLOW_COOKIE_PATH,
    secure: request.protocol === 'https',
  });
}

function toLoginScreen(reply: FastifyReply, code: SsoErrorCode): FastifyReply {
  return reply.redirect(`${ROUTER_BASE}/login?sso_error=${code}`, 303);
}

/**
 * Single sign-on for staff: `oidc/start` sends the browser to the provider, `oidc/callback` takes it
 * back and logs in; `login-options` tells the login screen what it offers. Without a provider, the
 * two SSO routes answer 404.
 */
export const oidcRoutes: FastifyPluginAsyncTypebox<{ oidc: OidcClient | undefined }> = async (
  app,
  { oidc },
) => {
  const { config } = app;

  app.get(
    '/auth/login-options',
    {
      schema: {
        tags: ['auth'],
        summary: 'How staff may log in here: the password form, single sign-on and its name',
        response: { 200: LoginOptionsSchema },
      },
    },
    async () => ({
      password_login: config.passwordLogin,
      sso: oidc === undefined ? null : { name: oidc.settings.name },
    }),
  );

  app.get(
    '/auth/oidc/start',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Start a login through the organisation's provider: a redirect there (503 UNAVAILABLE when it cannot be reached; a browser is sent back to the login screen instead)",
      },
    },
    async (request, reply) => {
      if (oidc === undefined) throw new AppError('NOT_FOUND', 'single sign-on is not configured');
      let started: Awaited<ReturnType<OidcClient['begin']>>;
      try {
        started = await oidc.begin(callbackUrlOf(request));
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on: the provider could not be reached');
        if (request.headers.accept?.includes('text/html')) return toLoginScreen(reply, 'unavailable');
        throw new AppError('UNAVAILABLE', 'the sign-in provider cannot be reached, try again later');
      }
      reply.setCookie(FLOW_COOKIE, sealFlow(app.secrets.current(), started.flow), {
        httpOnly: true,
        sameSite: 'lax',
        path: FLOW_COOKIE_PATH,
        secure: request.protocol === 'https',
        maxAge: FLOW_MAX_AGE_SECONDS,
      });
      return reply.redirect(started.url, 302);
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Complete a login through the provider: a redirect to the back office, or to the login screen with `sso_error`',
        querystring: Type.Record(Type.String(), Type.String({ maxLength: 8192 })),
      },
    },
    async (request, reply) => {
      if (oidc === undefined) throw new AppError('NOT_FOUND', 'single sign-on is not configured');
      const flow = openFlow(app.secrets.verifying(), request.cookies[FLOW_COOKIE]);
      clearFlowCookie(request, reply);
      if (flow === undefined) {
        request.log.warn('single sign-on: a callback without a login started here (no or bad flow cookie)');
        return toLoginScreen(reply, 'failed');
      }
      const query = new URL(request.url, 'http://callback').search;
      let login: Awaited<ReturnType<OidcClient['complete']>>;
      try {
        login = await oidc.complete(new URL(`${callbackUrlOf(request)}${query}`), flow);
      } catch (error) {
        request.log.warn({ err: error }, "single sign-on: the provider's answer was refused");
        const unavailable = error instanceof Error && error.name === 'ProviderUnavailable';
        return toLoginScreen(reply, unavailable ? 'unavailable' : 'failed');
      }
      try {
        const { token, session } = await loginWithProvider(
          {
            db: app.db,
            settings: oidc.settings,
            sessionTtl: config.sessionTtl,
            previousId: request.session.id,
            auditAddress: auditAddressOf(request),
            userAgent: request.headers['user-agent'],
          },
          login,
        );
        setSessionCookie(request, reply, token, session.expiresAt);
        return reply.redirect(`${ROUTER_BASE}/admin`, 303);
      } catch (error) {
        if (!(error instanceof SsoRefused)) throw error;
        request.log.info({ reason: error.code }, `single sign-on refused: ${error.message}`);
        return toLoginScreen(reply, error.code);
      }
    },
  );
};
