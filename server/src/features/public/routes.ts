import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PublicConfigSchema, type PublicConfig } from '@einwurf/contract';
import { VERSION } from '../../version.ts';
import { currentDifficulty } from '../pow/service.ts';

export const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['public'],
        summary: 'Settings the web app needs',
        response: { 200: PublicConfigSchema },
      },
    },
    async (): Promise<PublicConfig> => ({
      file: { max_file_size: app.config.maxFileSize, allowed_extensions: [...app.config.allowedExtensions] },
      // The difficulty the next challenge gets: it rises while entries are created fast.
      pow: {
        difficulty: await currentDifficulty(app.db, {
          base: app.config.powDifficulty,
          ratePerMinute: app.config.powRate,
        }),
      },
      version: VERSION,
    }),
  );
};
