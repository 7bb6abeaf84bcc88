import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, PublicConfigSchema, type PublicConfig } from '@einwurf/contract';
import { AppError } from '../../errors.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { fileLimitsFor } from '../files/limits.ts';
import { VERSION } from '../../version.ts';
import { currentDifficulty } from '../pow/service.ts';

const ConfigQuery = Type.Object({
  cpt: Type.Optional(
    Type.String({ maxLength: 64, description: "an entry type: its config.json's file limits apply" }),
  ),
});

export const publicRoutes: FastifyPluginAsyncTypebox<{ contentTypes: ContentTypes }> = async (
  app,
  options,
) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['public'],
        summary: 'Settings the web app needs',
        querystring: ConfigQuery,
        response: { 200: PublicConfigSchema, '4xx': ErrorBodySchema },
      },
    },
    async (request): Promise<PublicConfig> => {
      const { cpt } = request.query;
      const type = cpt === undefined ? undefined : options.contentTypes.types.get(cpt);
      if (cpt !== undefined && !type) throw new AppError('NOT_FOUND', `no entry type "${cpt}"`);
      const limits = fileLimitsFor(app.config, type);
      return {
        file: { max_file_size: limits.maxFileSize, allowed_extensions: [...limits.allowedExtensions] },
        // The difficulty the next challenge gets: it rises while entries are created fast.
        pow: {
          difficulty: await currentDifficulty(app.db, {
            base: app.config.powDifficulty,
            ratePerMinute: app.config.powRate,
          }),
        },
        version: VERSION,
      };
    },
  );
};
