import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ENTRY_LIFECYCLE,
  EntryEventListSchema,
  EntryParamsSchema,
  EntrySchema,
  EntryUpdateSchema,
  ErrorBodySchema,
  PageQuerySchema,
} from '@einwurf/contract';
import { rateQuota } from '../../plugins/quotas.ts';
import { requireEntryAuthor } from '../../plugins/sessions.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { deleteEntryAsAuthor, getEntryForAuthor, proposeEntry, saveEntry } from './author-service.ts';
import { listEntryEvents } from './service.ts';

const READ_ONLY = ENTRY_LIFECYCLE.authorReadOnly.join(' or ');

const errors = { '4xx': ErrorBodySchema };

/** The author's routes for their own entry; the guard admits only that entry's author session. */
export const authorEntryRoutes: FastifyPluginAsyncTypebox<{ contentTypes: ContentTypes }> = async (
  app,
  options,
) => {
  const { contentTypes } = options;
  const common = { preValidation: requireEntryAuthor };

  app.get(
    '/anon/:id',
    {
      ...common,
      schema: {
        tags: ['author'],
        summary: 'The entry, for its author',
        description:
          'meta.unread_moderation_comments counts the comments moderation wrote since the author last read the comments (GET anon/{id}/comments).',
        params: EntryParamsSchema,
        response: { 200: EntrySchema, ...errors },
      },
    },
    async (request) => getEntryForAuthor(app.db, request.params.id),
  );

  app.put(
    '/anon/:id',
    {
      ...common,
      preHandler: rateQuota('save'),
      schema: {
        tags: ['author'],
        summary:
          'Save the entry as GET answered it (data.revision = the revision the edit started from); the state stays',
        description: `Fields are checked in draft mode (400 VALIDATION_FAILED naming data/<field>). 429 RATE_LIMITED with Retry-After past the saves allowed per session and per client in a minute. 409 CONFLICT when the entry was saved meanwhile, with the stored entry in the body; 409 ENTRY_READ_ONLY once ${READ_ONLY}.`,
        params: EntryParamsSchema,
        body: EntryUpdateSchema,
        response: { 200: EntrySchema, ...errors },
      },
    },
    async (request) => saveEntry(app.db, contentTypes, request.params.id, request.body),
  );

  app.post(
    '/anon/:id/publish',
    {
      ...common,
      schema: {
        tags: ['author'],
        summary: 'Propose the entry for moderation (the whole schema must hold); proposed stays proposed',
        params: EntryParamsSchema,
        response: { 200: EntrySchema, ...errors },
      },
    },
    async (request) => proposeEntry(app.db, contentTypes, request.params.id),
  );

  app.delete(
    '/anon/:id',
    {
      ...common,
      schema: {
        tags: ['author'],
        summary: `Delete the entry (409 ENTRY_READ_ONLY once ${READ_ONLY})`,
        params: EntryParamsSchema,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteEntryAsAuthor(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/anon/:id/events',
    {
      ...common,
      schema: {
        tags: ['author'],
        summary: "The entry's timeline, oldest first",
        params: EntryParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: EntryEventListSchema, ...errors },
      },
    },
    async (request) => listEntryEvents(app.db, request.params.id, { page: request.query }),
  );
};
