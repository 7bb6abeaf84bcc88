import { negotiateLocale } from '../../i18n.ts';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ENTRY_LIFECYCLE,
  EntryAssigneeUpdateSchema,
  EntryBulkAnswerSchema,
  EntryBulkRequestSchema,
  ENTRY_BULK_MAX,
  EntryConflictSchema,
  EntryEventListSchema,
  EntryListQuerySchema,
  EntryListSchema,
  EntrySchema,
  EntryParamsSchema,
  ErrorBodySchema,
  isDeletedState,
  ModerationEntryUpdateSchema,
  PageQuerySchema,
} from '@einwurf/contract';
import { rateQuota } from '../../plugins/quotas.ts';
import { moderator, requireRoleFirst } from '../../plugins/sessions.ts';
import { auditContext } from '../audit/context.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { listEntriesForModeration } from '../search/service.ts';
import { assignEntry, resolveAssignee, type StaffChanger } from './assignment-service.ts';
import { runBulkAction } from './bulk-service.ts';
import { deleteEntryAsModeration, getEntryForModeration, moderateEntry } from './moderation-service.ts';
import { listEntryEvents } from './service.ts';

const errors = { '4xx': ErrorBodySchema };
const STRICT = ENTRY_LIFECYCLE.strict.join(' or ');
const SETTABLE = ENTRY_LIFECYCLE.states.filter((state) => !isDeletedState(state)).join(', ');

/** The staff account behind a moderation request, with its name, and what its audit records carry. */
const staff = (request: FastifyRequest): StaffChanger => ({
  ...moderator(request.session),
  username: request.session.username,
  audit: auditContext(request),
});

/** Moderation's routes over all entries: list and search, read, save with a state, delete, timeline. */
export const moderationEntryRoutes: FastifyPluginAsyncTypebox<{ contentTypes: ContentTypes }> = async (
  app,
  options,
) => {
  const { contentTypes } = options;
  const common = { preValidation: requireRoleFirst('mod', 'admin') };

  app.get(
    '/admin/collection/entries',
    {
      ...common,
      schema: {
        tags: ['moderation'],
        summary: 'All entries, filtered, sorted and paginated; with query, full-text search by relevance',
        description:
          'sort=updated_at|created_at|title:asc|desc (default updated_at:desc), current_page from 1, page_size 1-100 (20), filters=type:is:<type>,state:is:<state> (deleted entries only with state:is:deleted), query (trimmed, at least 4 characters) searches title and text, title weighted above text, and adds a snippet per item. A bad parameter answers 400 naming it; a page past the end is empty.',
        querystring: EntryListQuerySchema,
        response: { 200: EntryListSchema, ...errors },
      },
    },
    async (request) => listEntriesForModeration(app.db, contentTypes, request.query),
  );

  app.get(
    '/admin/collection/entry/:id',
    {
      ...common,
      schema: {
        tags: ['moderation'],
        summary: 'Any entry, deleted ones included (state deleted)',
        params: EntryParamsSchema,
        response: { 200: EntrySchema, ...errors },
      },
    },
    async (request) => getEntryForModeration(app.db, request.params.id),
  );

  app.put(
    '/admin/collection/entry/:id',
    {
      ...common,
      preHandler: rateQuota('save'),
      schema: {
        tags: ['moderation'],
        summary: 'Save the entry as GET answered it, optionally with a new data.state',
        description: `429 RATE_LIMITED with Retry-After past the saves allowed per session and per client in a minute. data.revision is the revision the edit started from: an older one answers 409 CONFLICT with the stored entry. A new state (${SETTABLE}) must be one the lifecycle allows (409 INVALID_TRANSITION naming both states). Fields are checked strictly when the result is ${STRICT}, in draft mode otherwise (400 VALIDATION_FAILED naming data/<field>). Fields, state and events are written in one transaction. With state published, data.publish_at schedules the publication: an ISO UTC date-time in the future (readers see the entry from then on; again while it is scheduled, to give it a new time), null to publish now; absent or as GET answered it keeps the time. A bad or past time, or a new time for an entry readers already see, answers 400 VALIDATION_FAILED naming data/publish_at. Leaving publication cancels a schedule.`,
        params: EntryParamsSchema,
        body: ModerationEntryUpdateSchema,
        response: { 200: EntrySchema, 409: Type.Union([EntryConflictSchema, ErrorBodySchema]), ...errors },
      },
    },
    async (request) =>
      moderateEntry(
        app.db,
        contentTypes,
        request.params.id,
        request.body,
        { ...moderator(request.session), audit: auditContext(request) },
        app.now(),
      ),
  );

  app.delete(
    '/admin/collection/entry/:id',
    {
      ...common,
      schema: {
        tags: ['moderation'],
        summary: 'Soft-delete the entry (204; again on a deleted entry: 204, nothing changes)',
        params: EntryParamsSchema,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteEntryAsModeration(
        app.db,
        request.params.id,
        { ...moderator(request.session), audit: auditContext(request) },
        app.now(),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/collection/entry/:id/events',
    {
      ...common,
      schema: {
        tags: ['moderation'],
        summary: "The entry's timeline, oldest first (deleted entries too)",
        params: EntryParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: EntryEventListSchema, ...errors },
      },
    },
    async (request) => listEntryEvents(app.db, request.params.id, { moderation: true, page: request.query }),
  );

  app.put(
    '/admin/collection/entry/:id/assignee',
    {
      ...common,
      schema: {
        tags: ['moderation'],
        summary: 'Take the entry, give it to a colleague, or release it (username null)',
        description:
          "username is a staff account's (mod or admin, regardless of case; 400 VALIDATION_FAILED naming username otherwise), or null to release. Taking an entry someone else has is allowed: screens ask first. Answers the entry with assignee. The change, its timeline line (kind assigned) and the outbox event entry.assigned are written in one transaction; giving the entry to the account that has it changes nothing. 404 for an unknown entry, 409 CONFLICT for a deleted one.",
        params: EntryParamsSchema,
        body: EntryAssigneeUpdateSchema,
        response: { 200: EntrySchema, ...errors },
      },
    },
    async (request) => {
      const assignee = await resolveAssignee(app.db, request.body.username, 'username');
      return assignEntry(app.db, request.params.id, assignee, staff(request), app.now());
    },
  );

  app.post(
    '/admin/collection/entries/bulk',
    {
      ...common,
      preHandler: rateQuota('save'),
      schema: {
        tags: ['moderation'],
        summary: 'Publish, reject, delete or assign several entries at once',
        description: `ids: 1 to ${ENTRY_BULK_MAX} entry ids. Each entry is checked and changed in its own transaction exactly as its single action would: publish and reject as PUT with that state (the lifecycle's transitions, strict checks for published, a stored publication time kept), delete as DELETE, assign as PUT .../assignee (assignee required: a staff username, or null to release; sent with another action it is refused). An entry already in the target state is left as it is. One refused entry does not stop the others: results lists each id in order, ok or with the status, code and message its single action would answer (404 NOT_FOUND, 409 INVALID_TRANSITION, 400 VALIDATION_FAILED naming the fields). Counts once against the saves allowed per minute.`,
        body: EntryBulkRequestSchema,
        response: { 200: EntryBulkAnswerSchema, ...errors },
      },
    },
    async (request) =>
      runBulkAction(
        app.db,
        contentTypes,
        request.body,
        staff(request),
        app.now(),
        negotiateLocale(request.headers['accept-language']),
      ),
  );
};
