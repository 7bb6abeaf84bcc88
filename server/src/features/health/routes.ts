import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, HealthMetricSchema } from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { collectHealthMetric, isDatabaseHealthy } from './service.ts';

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

/** `GET admin/config/healthmetric`: the health page's figures, for moderation. */
export const healthMetricRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/config/healthmetric',
    {
      preValidation: requireRoleFirst('mod', 'admin'),
      schema: {
        tags: ['moderation'],
        summary:
          'Process, database, proposal queue, storage and traffic figures, with the problems they show',
        response: { 200: HealthMetricSchema, '4xx': ErrorBodySchema },
      },
    },
    async () => collectHealthMetric(app.db, { dataDir: app.config.dataDir, stats: app.requestStats }),
  );
};
