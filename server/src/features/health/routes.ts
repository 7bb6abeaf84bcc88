import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isDatabaseHealthy } from './service.ts';

const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
});

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness with a real database query',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      if (await isDatabaseHealthy(app.db)) return { status: 'ok' as const, database: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable', database: 'unavailable' });
    },
  );
};
