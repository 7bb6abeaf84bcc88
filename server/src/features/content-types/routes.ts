import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiRootSchema, CptListSchema, ErrorBodySchema } from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { AppError } from '../../errors.ts';
import { VERSION } from '../../version.ts';
import { describeApi, type ContentTypes } from './service.ts';

const TypeParams = Type.Object({ type: Type.String({ maxLength: 64 }) });
const AnyJson = Type.Unknown({ description: 'a JSON Schema or UI schema document' });

export const contentTypeRoutes: FastifyPluginAsyncTypebox<{ contentTypes: ContentTypes }> = async (
  app,
  options,
) => {
  const { contentTypes } = options;
  const findType = (name: string) => {
    const type = contentTypes.types.get(name);
    if (!type) throw new AppError('NOT_FOUND', `no entry type "${name}"`);
    return type;
  };

  app.get(
    '/',
    {
      schema: {
        tags: ['content types'],
        summary: 'API version and the entry types',
        response: { 200: ApiRootSchema },
      },
    },
    async () => describeApi(contentTypes, VERSION),
  );

  app.get(
    '/schema/base.json',
    {
      schema: {
        tags: ['content types'],
        summary: 'The fields every type shares',
        response: { 200: AnyJson },
      },
    },
    async () => contentTypes.base,
  );

  app.get(
    '/schema/:type/schema.json',
    {
      schema: {
        tags: ['content types'],
        summary: "A type's JSON Schema, merged with base.json",
        params: TypeParams,
        response: { 200: AnyJson },
      },
    },
    async (request) => findType(request.params.type).schema,
  );

  app.get(
    '/schema/:type/uischema.json',
    {
      schema: {
        tags: ['content types'],
        summary: "A type's UI schema: one element per field, in display order",
        params: TypeParams,
        response: { 200: AnyJson },
      },
    },
    async (request) => findType(request.params.type).uischema,
  );

  app.get(
    '/admin/config/cpts',
    {
      preValidation: requireRoleFirst('mod', 'admin'),
      schema: {
        tags: ['moderation'],
        summary: 'The installed entry types: name, title and description per locale',
        response: { 200: CptListSchema, '4xx': ErrorBodySchema },
      },
    },
    async () => ({ data: describeApi(contentTypes, VERSION).data }),
  );
};
