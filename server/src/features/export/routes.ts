import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EntryExportQuerySchema,
  ENTRY_STATES,
  ErrorBodySchema,
  EXPORT_COUNT_HEADER,
} from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { auditContext } from '../audit/context.ts';
import { recordAuditAs } from '../audit/service.ts';
import type { ContentTypes } from '../content-types/service.ts';
import {
  countExport,
  EXPORT_CONTENT_TYPES,
  exportEntries,
  exportFileName,
  parseExportOptions,
} from './service.ts';

const errors = { '4xx': ErrorBodySchema };

/** The export of entries as a download: admins only, since it hands over every author's data at once. */
export const exportRoutes: FastifyPluginAsyncTypebox<{ contentTypes: ContentTypes }> = async (
  app,
  options,
) => {
  const { contentTypes } = options;

  app.get(
    '/admin/collection/export',
    {
      preValidation: requireRoleFirst('admin'),
      schema: {
        tags: ['moderation'],
        summary:
          'Download entries as JSON Lines or CSV, filtered like the submissions list (admins only); the download is recorded in the audit log',
        description: `format=jsonl (default) or csv; type=<type>; state=<state> (one of ${ENTRY_STATES.join(', ')}; deleted entries only with state=deleted). Streamed oldest change first, one entry per line: id, type, state, title, created_at, updated_at, published_at (ISO UTC or null) and data, the type's fields; never the password hash. CSV has a header row (id … published_at, then the fields of the selected type or of all types), nested values as JSON, and the title and field texts starting with = + - @ tab or CR prefixed with ' so spreadsheets do not run them. The ${EXPORT_COUNT_HEADER} header says how many entries are about to come. A bad parameter answers 400 naming it.`,
        querystring: EntryExportQuerySchema,
        response: {
          200: {
            description: 'The entries as an attachment named einwurf-entries-<date>.<format>',
            headers: { [EXPORT_COUNT_HEADER]: Type.Integer() },
            content: {
              [EXPORT_CONTENT_TYPES.jsonl]: {
                schema: Type.Unknown({ description: 'one JSON object per line' }),
              },
              [EXPORT_CONTENT_TYPES.csv]: {
                schema: Type.Unknown({ description: 'RFC 4180, header row first' }),
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const exportOptions = parseExportOptions(contentTypes, request.query);
      const total = await countExport(app.db, exportOptions);
      const { format, ...filters } = exportOptions;
      await recordAuditAs(app.db, auditContext(request), {
        kind: 'export.downloaded',
        details: { dataset: 'entries', format, filters, count: total },
      });
      return (
        reply
          .header('Content-Type', EXPORT_CONTENT_TYPES[exportOptions.format])
          // The name is plain ASCII, so the quoted form alone is enough.
          .header(
            'Content-Disposition',
            `attachment; filename="${exportFileName(exportOptions.format, new Date())}"`,
          )
          .header('Cache-Control', 'no-store')
          .header(EXPORT_COUNT_HEADER, total)
          .send(exportEntries(app.db, contentTypes, exportOptions))
      );
    },
  );
};
