import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PublicConfigSchema, type PublicConfig } from '@einwurf/contract';
import { VERSION } from '../../version.ts';

export const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config: PublicConfig = {
    file: { max_file_size: app.config.maxFileSize, allowed_extensions: [...app.config.allowedExtensions] },
    pow: { difficulty: app.config.powDifficulty },
    version: VERSION,
  };
  app.get(
    '/config',
    {
      schema: {
        tags: ['public'],
        summary: 'Settings the web app needs',
        response: { 200: PublicConfigSchema },
      },
    },
    async () => config,
  );
};
