import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  EntryParamsSchema,
  ErrorBodySchema,
  PublicAtomFeedQuerySchema,
  PublicCalendarFeedQuerySchema,
  PublicConfigSchema,
  PublicEntryAnswerSchema,
  PublicEntryListQuerySchema,
  PublicEntryListSchema,
  type PublicConfig,
  type PublicEntryAnswer,
  type PublicEntryList,
} from '@einwurf/contract';
import { AppError } from '../../errors.ts';
import {
  answerPublicPreflight,
  keptPublicAnswer,
  publicEntryUrl,
  publicOriginOf,
  publicReadOnSend,
} from '../../plugins/public-reads.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { fileLimitsFor } from '../files/limits.ts';
import { VERSION } from '../../version.ts';
import { currentDifficulty } from '../pow/service.ts';
import {
  getAtomFeed,
  getCalendarFeed,
  getPublicEntry,
  listPublicEntries,
  publicMaxAge,
  type FeedLinks,
} from './service.ts';

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

  // Public reading (DESIGN, wave 2): published entries for any reader and any site, no session.
  const publicRead = {
    config: { publicRead: true },
    preHandler: keptPublicAnswer,
    onSend: publicReadOnSend,
  } as const;
  const notModified = { 304: Type.Null({ description: 'the ETag in If-None-Match is still current' }) };

  app.get(
    '/public/entries',
    {
      ...publicRead,
      schema: {
        tags: ['public'],
        summary: 'Published entries whose publication time has passed, newest publication first',
        querystring: PublicEntryListQuerySchema,
        response: { 200: PublicEntryListSchema, ...notModified, '4xx': ErrorBodySchema },
      },
    },
    async (request, reply): Promise<PublicEntryList> => {
      const now = app.now();
      const list = await listPublicEntries(
        app.db,
        options.contentTypes,
        request.query,
        publicOriginOf(request),
        now,
      );
      reply.header('Cache-Control', `public, max-age=${await publicMaxAge(app.db, now)}`);
      return list;
    },
  );

  app.get(
    '/public/entries/:id',
    {
      ...publicRead,
      schema: {
        tags: ['public'],
        summary: 'One published entry (404 for any other)',
        params: EntryParamsSchema,
        response: { 200: PublicEntryAnswerSchema, ...notModified, '4xx': ErrorBodySchema },
      },
    },
    async (request): Promise<PublicEntryAnswer> => ({
      data: await getPublicEntry(
        app.db,
        options.contentTypes,
        request.params.id,
        publicOriginOf(request),
        app.now(),
      ),
    }),
  );

  const ATOM = 'application/atom+xml; charset=utf-8';
  const CALENDAR = 'text/calendar; charset=utf-8';
  /** A feed's 200 answer in the OpenAPI document: a document of its media type. */
  const document = (mediaType: string, description: string) => ({
    description,
    content: { [mediaType.split(';')[0]!]: { schema: Type.String() } },
  });
  const feedLinks = (request: FastifyRequest): FeedLinks => {
    const origin = publicOriginOf(request);
    return { origin, entryUrl: (id) => publicEntryUrl(app.config, origin, id) };
  };

  app.get(
    '/public/feed.atom',
    {
      ...publicRead,
      schema: {
        tags: ['public'],
        summary: 'Atom feed of the newest published entries, of all types or of one',
        querystring: PublicAtomFeedQuerySchema,
        produces: [ATOM.split(';')[0]!],
        response: {
          200: document(ATOM, 'an Atom (RFC 4287) feed'),
          ...notModified,
          '4xx': ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const feed = await getAtomFeed(app.db, options.contentTypes, request.query, feedLinks(request), now);
      reply.header('Cache-Control', `public, max-age=${await publicMaxAge(app.db, now)}`);
      return reply.type(ATOM).send(feed);
    },
  );

  app.get(
    '/public/feed.ics',
    {
      ...publicRead,
      schema: {
        tags: ['public'],
        summary: "iCalendar feed of a type's published entries, for types whose config.json maps a calendar",
        querystring: PublicCalendarFeedQuerySchema,
        produces: [CALENDAR.split(';')[0]!],
        response: {
          200: document(CALENDAR, 'an iCalendar (RFC 5545) calendar'),
          ...notModified,
          '4xx': ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const calendar = await getCalendarFeed(
        app.db,
        options.contentTypes,
        request.query,
        feedLinks(request),
        now,
      );
      reply.header('Cache-Control', `public, max-age=${await publicMaxAge(app.db, now)}`);
      return reply.type(CALENDAR).send(calendar);
    },
  );

  for (const path of ['/public/entries', '/public/entries/:id', '/public/feed.atom', '/public/feed.ics']) {
    app.options(path, { config: { publicRead: true }, schema: { hide: true } }, answerPublicPreflight);
  }
};
