import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COMMENT_SCHEMA,
  COMMENT_UI_SCHEMA,
  CommentCreatedSchema,
  CommentInputSchema,
  CommentListSchema,
  EntryParamsSchema,
  ErrorBodySchema,
  PageQuerySchema,
} from '@einwurf/contract';
import { moderator, requireEntryAuthor, requireRoleFirst } from '../../plugins/sessions.ts';
import { AUTHOR } from '../entries/service.ts';
import { addComment, listComments } from './service.ts';

const errors = { '4xx': ErrorBodySchema };
const AnyJson = Type.Unknown({ description: 'a JSON Schema or UI schema document' });

/** The comments between an entry's author and moderation, as the author sees them. */
export const authorCommentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { preValidation: requireEntryAuthor };

  app.get(
    '/anon/:id/comments',
    {
      ...common,
      schema: {
        tags: ['author'],
        summary: "The entry's comments, oldest first, each with its origin",
        description:
          "Reading them marks moderation's comments so far as read: GET anon/{id} then counts none of them in meta.unread_moderation_comments.",
        params: EntryParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: CommentListSchema, ...errors },
      },
    },
    async (request) => listComments(app.db, request.params.id, { page: request.query, byAuthor: true }),
  );

  app.post(
    '/anon/:id/comments',
    {
      ...common,
      schema: {
        tags: ['author'],
        summary: 'Add a comment for moderation (origin contributor)',
        description:
          '429 RATE_LIMITED with Retry-After past the comments an author may write to the entry in an hour.',
        params: EntryParamsSchema,
        body: CommentInputSchema,
        response: { 201: CommentCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const comment = await addComment(app.db, request.params.id, request.body, AUTHOR, {
        authorCommentsPerHour: app.config.authorCommentsPerHour,
      });
      return reply.code(201).send({ data: comment });
    },
  );

  app.get(
    '/anon/:id/comments/schema.json',
    {
      ...common,
      schema: {
        tags: ['author'],
        summary: "The comment form's JSON Schema",
        params: EntryParamsSchema,
        response: { 200: AnyJson },
      },
    },
    async () => COMMENT_SCHEMA,
  );

  app.get(
    '/anon/:id/comments/uischema.json',
    {
      ...common,
      schema: {
        tags: ['author'],
        summary: "The comment form's UI schema",
        params: EntryParamsSchema,
        response: { 200: AnyJson },
      },
    },
    async () => COMMENT_UI_SCHEMA,
  );
};

/** The same comments as moderation sees them; moderation's comments carry the origin moderation. */
export const moderationCommentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { preValidation: requireRoleFirst('mod', 'admin') };

  app.get(
    '/admin/collection/entry/:id/comments',
    {
      ...common,
      schema: {
        tags: ['moderation'],
        summary: "The entry's comments, oldest first, each with its origin (deleted entries too)",
        params: EntryParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: CommentListSchema, ...errors },
      },
    },
    async (request) => listComments(app.db, request.params.id, { includeDeleted: true, page: request.query }),
  );

  app.post(
    '/admin/collection/entry/:id/comments',
    {
      ...common,
      schema: {
        tags: ['moderation'],
        summary: 'Add a comment for the author (origin moderation; 404 on a deleted entry)',
        params: EntryParamsSchema,
        body: CommentInputSchema,
        response: { 201: CommentCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const comment = await addComment(app.db, request.params.id, request.body, moderator(request.session));
      return reply.code(201).send({ data: comment });
    },
  );

  for (const [file, document, what] of [
    ['schema.json', COMMENT_SCHEMA, 'JSON Schema'],
    ['uischema.json', COMMENT_UI_SCHEMA, 'UI schema'],
  ] as const) {
    app.get(
      `/admin/collection/entry/:id/comments/${file}`,
      {
        ...common,
        schema: {
          tags: ['moderation'],
          summary: `The comment form's ${what}`,
          params: EntryParamsSchema,
          response: { 200: AnyJson, ...errors },
        },
      },
      async () => document,
    );
  }
};
