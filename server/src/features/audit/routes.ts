import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_KINDS, AuditListQuerySchema, AuditListSchema, ErrorBodySchema } from '@einwurf/contract';
import { requireRoleFirst } from '../../plugins/sessions.ts';
import { auditContext } from './context.ts';
import {
  AUDIT_CSV_COLUMNS,
  auditCsv,
  auditFileName,
  listAudit,
  parseAuditFilter,
  recordAuditAs,
} from './service.ts';

const errors = { '4xx': ErrorBodySchema };
const FILTERS = `filters=kind:is:<kind> (one of ${AUDIT_KINDS.join(', ')}), actor:is:<username> (regardless of case), at:gte:<time>, at:lte:<time> (or from=<time>, to=<time>), comma-separated; a time is an ISO date-time with offset or a date (UTC). A bad parameter answers 400 naming it.`;

/** The audit log: admins only, read-only (there is no route that changes or deletes a record). */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = { preValidation: requireRoleFirst('admin') };

  app.get(
    '/admin/audit',
    {
      ...adminOnly,
      schema: {
        tags: ['audit'],
        summary: 'What staff and the system did, newest first, filtered and paginated',
        description: `current_page from 1, page_size 1-100 (50); ${FILTERS}`,
        querystring: AuditListQuerySchema,
        response: { 200: AuditListSchema, ...errors },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );

  app.get(
    '/admin/audit.csv',
    {
      ...adminOnly,
      schema: {
        tags: ['audit'],
        summary:
          'The audit log as CSV, newest first, filtered like the list (no pages); the download is recorded',
        description: `Columns ${AUDIT_CSV_COLUMNS.join(', ')}; details as JSON; names and details starting with = + - @ tab or CR prefixed with ' so spreadsheets do not run them. ${FILTERS}`,
        querystring: AuditListQuerySchema,
        response: {
          200: {
            description: 'The records as an attachment named einwurf-audit-<date>.csv',
            content: { 'text/csv; charset=utf-8': { schema: Type.Unknown({ description: 'RFC 4180' }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const filter = parseAuditFilter(request.query);
      const { from, to, ...rest } = filter;
      await recordAuditAs(app.db, auditContext(request), {
        kind: 'export.downloaded',
        details: {
          dataset: 'audit',
          format: 'csv',
          filters: {
            ...rest,
            ...(from !== undefined ? { from: new Date(from).toISOString() } : {}),
            ...(to !== undefined ? { to: new Date(to).toISOString() } : {}),
          },
        },
      });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${auditFileName(new Date())}"`)
        .header('Cache-Control', 'no-store')
        .send(auditCsv(app.db, filter));
    },
  );
};
