import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  ReplyTemplateAnswerSchema,
  ReplyTemplateInputSchema,
  ReplyTemplateListSchema,
} from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import {
  createReplyTemplate,
  deleteReplyTemplate,
  listReplyTemplates,
  updateReplyTemplate,
} from './service.ts';

const errors = { '4xx': ErrorBodySchema };
const TemplateParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const INPUT_RULES =
  '400 VALIDATION_FAILED naming the field (title/de, text/en, …) when one is missing, empty or too long.';

/** Reply templates: admins keep them, moderation reads them to answer authors. */
export const replyTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = { preValidation: requireRoleFirst('admin') };

  app.get(
    '/admin/reply-templates',
    {
      preValidation: requireRoleFirst('mod', 'admin'),
      schema: {
        tags: ['reply-templates'],
        summary: 'Every reply template, by German title (moderators and admins)',
        response: { 200: ReplyTemplateListSchema, ...errors },
      },
    },
    async () => ({ data: await listReplyTemplates(app.db) }),
  );

  app.post(
    '/admin/reply-templates',
    {
      ...adminOnly,
      schema: {
        tags: ['reply-templates'],
        summary: 'Add a reply template: a title and a text in each interface language',
        description: `${INPUT_RULES} 409 CONFLICT past the most templates there may be.`,
        body: ReplyTemplateInputSchema,
        response: { 201: ReplyTemplateAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const template = await createReplyTemplate(app.db, request.body);
      return reply.code(201).header('location', `${request.url}/${template.id}`).send({ data: template });
    },
  );

  app.put(
    '/admin/reply-templates/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['reply-templates'],
        summary: "Replace a reply template's titles and texts",
        description: INPUT_RULES,
        params: TemplateParams,
        body: ReplyTemplateInputSchema,
        response: { 200: ReplyTemplateAnswerSchema, ...errors },
      },
    },
    async (request) => ({ data: await updateReplyTemplate(app.db, request.params.id, request.body) }),
  );

  app.delete(
    '/admin/reply-templates/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['reply-templates'],
        summary: 'Delete a reply template',
        params: TemplateParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteReplyTemplate(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
