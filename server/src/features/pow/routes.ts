import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  API_BASE,
  AuthStateSchema,
  ErrorBodySchema,
  PowChallengeSchema,
  PowSubmissionSchema,
} from '@einwurf/contract';
import { AppError } from '../../errors.ts';
import { rateQuota } from '../../plugins/quotas.ts';
import { setSessionCookie } from '../../plugins/sessions.ts';
import { toAuthState } from '../auth/sessions.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { currentDifficulty, issueChallenge, redeemChallenge } from './service.ts';
import type { SpentTokenStore } from './spent-tokens.ts';

const BEARER = /^Bearer +(\S+)$/i;

function bearerToken(request: FastifyRequest): string {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'challenge token missing');
  return match[1];
}

export const powRoutes: FastifyPluginAsyncTypebox<{
  contentTypes: ContentTypes;
  spentTokens: SpentTokenStore;
}> = async (app, options) => {
  app.get(
    '/pow',
    {
      preHandler: rateQuota('pow'),
      schema: {
        tags: ['pow'],
        summary: 'A signed proof-of-work challenge (HS256 JWT holding nonce, difficulty, exp)',
        description: '429 RATE_LIMITED with Retry-After past the challenges allowed per client in a minute.',
        response: { 200: PowChallengeSchema, '4xx': ErrorBodySchema },
      },
    },
    async () => {
      const difficulty = await currentDifficulty(app.db, {
        base: app.config.powDifficulty,
        ratePerMinute: app.config.powRate,
      });
      return { data: { token: issueChallenge(app.secrets.current(), difficulty) } };
    },
  );

  app.post(
    '/pow',
    {
      // The token is checked before the body, so a request without one is 401 whatever it sends.
      preValidation: async (request) => {
        bearerToken(request);
      },
      schema: {
        tags: ['pow'],
        summary:
          "Redeem a solved challenge: creates a draft entry (Location: its URL) and its author's session",
        headers: Type.Object({
          authorization: Type.Optional(Type.String({ description: 'Bearer <challenge token>' })),
        }),
        body: PowSubmissionSchema,
        response: { 201: AuthStateSchema, '4xx': ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { entry, token, session } = await redeemChallenge(
        {
          db: app.db,
          secrets: app.secrets.verifying(),
          spentTokens: options.spentTokens,
          contentTypes: options.contentTypes,
          authorSessionTtl: app.config.authorSessionTtl,
          previousSessionId: request.session.id,
        },
        bearerToken(request),
        request.body,
      );
      app.metrics.powSolves.inc();
      setSessionCookie(request, reply, token, session.expiresAt);
      return reply
        .code(201)
        .header('location', `${API_BASE}/anon/${entry.data.id}`)
        .send(toAuthState(session));
    },
  );
};
