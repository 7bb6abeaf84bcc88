import Type from 'typebox';
import { AUDIT_ACTOR_TYPES, AUDIT_KINDS, AUDIT_TARGET_TYPES } from './audit-rules.ts';
import { PaginationSchema } from './pagination.ts';

export * from './audit-rules.ts';

const IsoDate = Type.String({ format: 'date-time' });

/** The query of `GET admin/audit` and `GET admin/audit.csv`; the server checks each value and names a bad one. */
export const AuditListQuerySchema = Type.Object({
  current_page: Type.Optional(Type.String({ description: 'from 1; a page past the end is empty' })),
  page_size: Type.Optional(Type.String({ description: '1-100, default 50' })),
  filters: Type.Optional(
    Type.String({
      description:
        'comma-separated kind:is:<kind>, actor:is:<username> (the name at the time, or the name a failed login tried), at:gte:<time>, at:lte:<time>; a time is an ISO date-time with offset or a date (YYYY-MM-DD, UTC: from its start for gte, to its end for lte)',
    }),
  ),
  from: Type.Optional(Type.String({ description: 'same as at:gte:<time>' })),
  to: Type.Optional(Type.String({ description: 'same as at:lte:<time>' })),
});
export type AuditListQuery = Type.Static<typeof AuditListQuerySchema>;

/** One record of the audit log. */
export const AuditRecordSchema = Type.Object({
  id: Type.Integer(),
  at: IsoDate,
  kind: Type.Enum(AUDIT_KINDS),
  actor: Type.Object({
    type: Type.Enum(AUDIT_ACTOR_TYPES),
    /** The account's id; null for the system and for nobody logged in. */
    id: Type.Union([Type.String(), Type.Null()]),
    /** The account's name at the time, or the name a failed login tried; null for the system. */
    username: Type.Union([Type.String(), Type.Null()]),
  }),
  target: Type.Union([Type.Object({ type: Type.Enum(AUDIT_TARGET_TYPES), id: Type.String() }), Type.Null()]),
  /** A few facts of the change: states from and to, names of changed fields, an export's format and filters. */
  details: Type.Record(Type.String(), Type.Unknown()),
  /** Only when EINWURF_AUDIT_CLIENT_ADDRESS=true was set at the time. */
  client_address: Type.Union([Type.String(), Type.Null()]),
});
export type AuditRecord = Type.Static<typeof AuditRecordSchema>;

/** `GET admin/audit`: newest first. */
export const AuditListSchema = Type.Object({
  meta: Type.Object({ pagination: PaginationSchema }),
  data: Type.Array(AuditRecordSchema),
});
export type AuditList = Type.Static<typeof AuditListSchema>;
