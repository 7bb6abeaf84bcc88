import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EntryConflictSchema,
  EntryParamsSchema,
  EntryRevisionListSchema,
  EntryRevisionParamsSchema,
  EntryRevisionRestoreSchema,
  EntryRevisionSchema,
  EntrySchema,
  ErrorBodySchema,
  PageQuerySchema,
} from '@einwurf/contract';
import { rateQuota } from '../../plugins/quotas.ts';
import { moderator, requireRoleFirst } from '../../plugins/sessions.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { getRevision, listRevisions, restoreRevision } from './service.ts';

const errors = { '4xx': ErrorBodySchema };

/** Moderation's routes over an entry's revisions: list, read one, restore one. */
export const revisionRoutes: FastifyPluginAsyncTypebox<{ contentTypes: ContentTypes }> = async (
  app,
  options,
) => {
  const { contentTypes } = options;
  const common = { preValidation: requireRoleFirst('mod', 'admin') };

  app.get(
    '/admin/collection/entry/:id/revisions',
    {
      ...common,
      schema: {
        tags: ['moderation'],
        summary: "The entry's revisions, newest first (deleted entries too)",
        description:
          'Every save (and the creation) keeps the entry as it was; entries older than revisions have theirs from their revision at that time on. meta.last_decision is the latest state change by moderation and the revision it left. current_page from 1, page_size 1-100 (100); a bad parameter answers 400 naming it.',
        params: EntryParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: EntryRevisionListSchema, ...errors },
      },
    },
    async (request) => listRevisions(app.db, request.params.id, request.query),
  );

  app.get(
    '/admin/collection/entry/:id/revisions/:revision',
    {
      ...common,
      schema: {
        tags: ['moderation'],
        summary: 'The entry as one save left it: title, Markdown content and the other fields',
        params: EntryRevisionParamsSchema,
        response: { 200: EntryRevisionSchema, ...errors },
      },
    },
    async (request) => getRevision(app.db, request.params.id, request.params.revision),
  );

  app.post(
    '/admin/collection/entry/:id/revisions/:revision/restore',
    {
      ...common,
      preHandler: rateQuota('save'),
      schema: {
        tags: ['moderation'],
        summary: "Save the revision's title and fields again as a new revision, in the entry's current state",
        description:
          "A moderation save like PUT: the state stays, fields are checked as strictly as it asks (400 VALIDATION_FAILED naming data/<field>), a deleted entry refuses (409 INVALID_TRANSITION). revision in the body is the entry's current revision as the moderator saw it: an older one answers 409 CONFLICT with the stored entry. 429 RATE_LIMITED like saves.",
        params: EntryRevisionParamsSchema,
        body: EntryRevisionRestoreSchema,
        response: { 200: EntrySchema, 409: Type.Union([EntryConflictSchema, ErrorBodySchema]), ...errors },
      },
    },
    async (request) =>
      restoreRevision(
        app.db,
        contentTypes,
        { id: request.params.id, revision: request.params.revision, expected: request.body.revision },
        moderator(request.session),
        app.now(),
      ),
  );
};
