import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, HealthMetricSchema } from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { checkDependencies, collectHealthMetric, sharedWhileRunning } from './service.ts';

const StatusSchema = Type.Enum(['ok', 'unavailable']);
const CheckSchema = Type.Object({ status: StatusSchema, latency_ms: Type.Number() });
const HealthSchema = Type.Object({
  status: StatusSchema,
  /** The database's status alone, as the first version of this answer had it. */
  database: StatusSchema,
  checks: Type.Object({
    database: CheckSchema,
    redis: Type.Optional(CheckSchema),
    storage: CheckSchema,
  }),
});

export const healthRoutes: FastifyPluginAsyncTypebox<{
  /** The spent proof-of-work token store; pinged when it lives apart from the database. */
  spentTokens: { ping?(): Promise<void> };
}> = async (app, options) => {
  const redisPings = [app.limiter, options.spentTokens].flatMap((store) =>
    store.ping ? [() => store.ping!()] : [],
  );
  const check = sharedWhileRunning(() => checkDependencies({ db: app.db, storage: app.storage, redisPings }));
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Each dependency checked within its own time-out: database, Redis when used, file storage',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const { status, checks } = await check();
      return reply
        .code(status === 'ok' ? 200 : 503)
        .send({ status, database: checks.database.status, checks });
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
    async () =>
      collectHealthMetric(app.db, {
        dataDir: app.config.dataDir,
        stats: app.requestStats,
        mailEnabled: app.mailEnabled,
      }),
  );
};
