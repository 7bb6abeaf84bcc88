import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardSchema, ErrorBodySchema } from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { loadDashboard } from './service.ts';

/** `GET admin/dashboard`, for moderation. */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      preValidation: requireRoleFirst('mod', 'admin'),
      schema: {
        tags: ['moderation'],
        summary:
          'Proposals waiting longest first (with their latest comment), scheduled publications soonest first, and the latest events',
        response: { 200: DashboardSchema, '4xx': ErrorBodySchema },
      },
    },
    async () => loadDashboard(app.db, app.now()),
  );
};
