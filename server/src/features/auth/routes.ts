import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthStateSchema, LoginSchema, type AuthorLogin, type ModeratorLogin } from '@einwurf/contract';
import { clearSessionCookie, setSessionCookie } from '../../plugins/sessions.ts';
import { loginAuthor, loginModerator } from './service.ts';
import { endSession, NO_SESSION, toAuthState } from './sessions.ts';

function isAuthorLogin(body: ModeratorLogin | AuthorLogin): body is AuthorLogin {
  return 'article_id' in body;
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
      };
      const { token, session } = isAuthorLogin(request.body)
        ? await loginAuthor(ctx, request.body)
        : await loginModerator(ctx, request.body);
      setSessionCookie(request, reply, token, session.expiresAt);
      return toAuthState(session);
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: AuthStateSchema } } },
    async (request, reply) => {
      await endSession(app.db, request.session);
      clearSessionCookie(request, reply);
      return toAuthState(NO_SESSION);
    },
  );
};
