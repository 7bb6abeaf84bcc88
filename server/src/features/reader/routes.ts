import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { API_BASE, localizeText, type UiSchema } from '@einwurf/contract';
import { READER_TEXT_KEYS, type ReaderTextKey } from '@einwurf/contract/reader/text';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import {
  keepingOnSend,
  keptAnswer,
  publicEntryUrl,
  publicOriginOf,
  READER_PAGE_PATH,
} from '../../plugins/public-reads.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { getPublicEntry } from '../public/service.ts';
import { negotiateLocale } from '../../i18n.ts';
import { hasDefaultText, translatorFor } from './language.ts';
import { notFoundPageHtml, readerPageHtml } from './page.ts';

// The reader's page (DESIGN, wave 2: public outputs): a published entry as HTML for people, rendered by
// the contract's article renderer that the web app's previews use too. It goes through the public
// service, so it shows exactly what the public API shows (published, private fields left out). The
// renderer and its Markdown pipeline load with the first page asked for, not at start.

const articleRenderer = async () => (await import('@einwurf/contract/reader')).renderEntryArticle;

const STYLESHEET = readFileSync(
  createRequire(import.meta.url).resolve('@einwurf/contract/reader/reader.css'),
  'utf8',
);
const STYLESHEET_VERSION = createHash('sha256').update(STYLESHEET).digest('base64url').slice(0, 12);
const STYLESHEET_HREF = `${READER_PAGE_PATH}/reader.css?v=${STYLESHEET_VERSION}`;
const CACHED_FOR_A_YEAR = 'public, max-age=31536000, immutable';

const FEED_PATH = `${API_BASE}/public/feed.atom`;

/**
 * The page's own policy, stricter than the web app's: no script at all, styles from this server only
 * (no inline style), images from here (or the public origin file URLs name), and the media embeds the
 * Markdown renderer lets through.
 */
function readerPolicy(config: AppConfig): string {
  const images = ["'self'", 'data:', ...(config.publicUrl === undefined ? [] : [config.publicUrl])];
  return [
    "default-src 'none'",
    "style-src 'self'",
    `img-src ${images.join(' ')}`,
    'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const ReaderParamsSchema = Type.Object({ id: Type.String({ description: 'the entry id' }) });
const htmlAnswer = (description: string) => ({
  description,
  content: { 'text/html': { schema: Type.String() } },
});

export const readerRoutes: FastifyPluginAsyncTypebox<{ contentTypes: ContentTypes }> = async (
  app,
  options,
) => {
  const policy = readerPolicy(app.config);

  app.get(
    `${READER_PAGE_PATH}/reader.css`,
    { config: { publicRead: true }, schema: { hide: true } },
    async (request, reply) => {
      const current = (request.query as { v?: unknown }).v === STYLESHEET_VERSION;
      return reply
        .type('text/css; charset=utf-8')
        .header('cache-control', current ? CACHED_FOR_A_YEAR : 'no-cache')
        .send(STYLESHEET);
    },
  );

  const answerHtml = (reply: FastifyReply, lang: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .header('content-language', lang)
      .header('vary', 'Accept-Language');

  app.get(
    `${READER_PAGE_PATH}/:id`,
    {
      config: { publicRead: true },
      // A crowd reading one page costs one read a second per language (plugins/public-reads.ts).
      preHandler: keptAnswer((request) => negotiateLocale(request.headers['accept-language'])),
      onSend: keepingOnSend,
      schema: {
        tags: ['public'],
        summary: "A published entry's page for readers (HTML, in the Accept-Language's language)",
        params: ReaderParamsSchema,
        response: {
          200: htmlAnswer('the reader’s page'),
          304: Type.Null({ description: 'the ETag in If-None-Match is still current' }),
          404: htmlAnswer('no published entry with this id'),
        },
      },
    },
    async (request, reply) => {
      const locale = negotiateLocale(request.headers['accept-language']);
      const t = await translatorFor(locale);
      answerHtml(reply, locale);
      const origin = publicOriginOf(request);
      let entry;
      try {
        entry = await getPublicEntry(app.db, options.contentTypes, request.params.id, origin, app.now());
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
        return reply.code(404).send(
          notFoundPageHtml({
            lang: locale,
            title: t('errors.notFound.title'),
            text: t('errors.notFound.text'),
            stylesheetHref: STYLESHEET_HREF,
          }),
        );
      }
      const type = options.contentTypes.types.get(entry.type);
      const uiSchema = (type?.uischema ?? []) as UiSchema;
      const cover = uiSchema.find((element) => element.widget === 'image');
      const coverUrl = cover ? entry[cover.scope] : undefined;
      const lead = entry['lead'];
      const typeTitle = type ? localizeText(type.title, locale) : entry.type;
      return readerPageHtml({
        lang: locale,
        title: entry.title,
        description: typeof lead === 'string' && lead.trim() !== '' ? lead.trim() : undefined,
        canonicalUrl: publicEntryUrl(app.config, origin, entry.id),
        imageUrl: typeof coverUrl === 'string' && /^https?:\/\//.test(coverUrl) ? coverUrl : undefined,
        publishedAt: entry.published_at,
        modifiedAt: entry.updated_at,
        feeds: [
          { href: `${origin}${FEED_PATH}`, title: t('reader.feedAll') },
          {
            href: `${origin}${FEED_PATH}?type=${encodeURIComponent(entry.type)}`,
            title: t('reader.feedType', { type: typeTitle }),
          },
        ],
        stylesheetHref: STYLESHEET_HREF,
        articleHtml: (await articleRenderer())(entry, uiSchema, {
          locale,
          t: (key: ReaderTextKey) => t(key),
          origin,
        }),
      });
    },
  );
};

// Every page string the article asks for must be in the catalogues; a missing one fails at start.
const missing = READER_TEXT_KEYS.filter((key) => !hasDefaultText(key));
if (missing.length > 0) throw new Error(`the catalogues lack ${missing.join(', ')}`);
