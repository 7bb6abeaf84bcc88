import Type from 'typebox';
import { EntryTypeSummarySchema } from './content-types.ts';
import { ENTRY_STATES, EntryStateSchema, type EntryState } from './entries.ts';
import { ENTRY_BULK_ACTIONS, ENTRY_BULK_MAX } from './admin-rules.ts';
import { ENTRY_EVENT_KINDS } from './entry-rules.ts';
import { PaginationSchema } from './pagination.ts';

export * from './admin-rules.ts';

const IsoDate = Type.String({ format: 'date-time' });
const ActorSchema = Type.Enum(['author', 'mod', 'admin']);
const AccountRoleSchema = Type.Enum(['mod', 'admin']);

/** The query of `GET admin/collection/entries`; the server checks each value and names a bad one. */
export const EntryListQuerySchema = Type.Object({
  sort: Type.Optional(Type.String({ description: 'updated_at|created_at|title, then :asc or :desc' })),
  current_page: Type.Optional(Type.String({ description: 'from 1; a page past the end is empty' })),
  page_size: Type.Optional(Type.String({ description: '1-100, default 20' })),
  filters: Type.Optional(
    Type.String({
      description:
        'comma-separated field:is:value, fields type, state (state may be deleted) and assignee (a username, or none)',
    }),
  ),
  query: Type.Optional(Type.String({ description: 'full-text search, at least SEARCH_MIN characters' })),
  cursor: Type.Optional(
    Type.String({
      description:
        'next_cursor or previous_cursor of the page before or after, with its current_page: the same rows, found faster; ignored when it was made for another page, sort, filter or page size',
    }),
  ),
});
export type EntryListQuery = Type.Static<typeof EntryListQuerySchema>;

/** The query of `GET admin/collection/export`; the server checks each value and names a bad one. */
export const EntryExportQuerySchema = Type.Object({
  format: Type.Optional(Type.String({ description: 'jsonl (default) or csv' })),
  type: Type.Optional(Type.String({ description: 'only entries of this type' })),
  state: Type.Optional(
    Type.String({ description: 'only entries in this state (deleted ones only with state=deleted)' }),
  ),
});
export type EntryExportQuery = Type.Static<typeof EntryExportQuerySchema>;

/** A piece of a search snippet; `match` marks the words the query found. Plain text, never HTML. */
export const SnippetPartSchema = Type.Object({ text: Type.String(), match: Type.Boolean() });
export type SnippetPart = Type.Static<typeof SnippetPartSchema>;

/** One row of the submissions list; search results add a snippet. */
export const EntryListItemSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  title: Type.String(),
  state: EntryStateSchema,
  created_at: IsoDate,
  updated_at: IsoDate,
  publish_at: Type.Union([IsoDate, Type.Null()], {
    description: 'while published: when readers see it from (in the future while scheduled)',
  }),
  assignee: Type.Union([Type.String(), Type.Null()], {
    description: 'the username of the staff account that has the entry; null when nobody has it',
  }),
  snippet: Type.Optional(Type.Array(SnippetPartSchema)),
});
export type EntryListItem = Type.Static<typeof EntryListItemSchema>;

/** `GET admin/collection/entries` (with or without `query`). */
export const EntryListSchema = Type.Object({
  meta: Type.Object({ pagination: PaginationSchema }),
  data: Type.Array(EntryListItemSchema),
});
export type EntryList = Type.Static<typeof EntryListSchema>;

/**
 * `PUT admin/collection/entry/{id}`: the entry as GET answered it, optionally with a new state and,
 * for a published entry, the time readers see it from (`publish_at`).
 */
export const ModerationEntryUpdateSchema = Type.Object({
  meta: Type.Optional(Type.Unknown()),
  data: Type.Object(
    {
      revision: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
      state: Type.Optional(EntryStateSchema),
      publish_at: Type.Optional(
        Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
          description:
            'with state published: an ISO UTC date-time in the future schedules the publication (again, while it is scheduled); null publishes now; absent, or as GET answered it, keeps the time',
        }),
      ),
    },
    { additionalProperties: true },
  ),
});
export type ModerationEntryUpdate = {
  meta?: unknown;
  data: {
    revision: number;
    state?: Type.Static<typeof EntryStateSchema>;
    publish_at?: string | null;
  } & Record<string, unknown>;
};

export const LatestCommentSchema = Type.Object({
  title: Type.String(),
  content: Type.String(),
  origin: Type.Enum(['moderation', 'contributor']),
  created_at: IsoDate,
});
export type LatestComment = Type.Static<typeof LatestCommentSchema>;

export const ProposalSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  title: Type.String(),
  state: EntryStateSchema,
  updated_at: IsoDate,
  latest_comment: Type.Union([LatestCommentSchema, Type.Null()]),
  assignee: Type.Union([Type.String(), Type.Null()], { description: 'who has the entry; null: nobody' }),
});
export type Proposal = Type.Static<typeof ProposalSchema>;

/** One line of the dashboard's timeline across all entries. */
export const TimelineItemSchema = Type.Object({
  entry_id: Type.String(),
  entry_title: Type.String(),
  type: Type.String(),
  kind: Type.Enum(ENTRY_EVENT_KINDS),
  actor: ActorSchema,
  from_state: Type.Union([EntryStateSchema, Type.Null()]),
  to_state: Type.Union([EntryStateSchema, Type.Null()]),
  created_at: IsoDate,
  publish_at: Type.Union([IsoDate, Type.Null()]),
  // Optional as in an entry's own timeline, whose author's view has neither; the dashboard sends both.
  by: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'the account that made the change (null: the author, or a deleted account)',
    }),
  ),
  assignee: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'kind assigned: the account the entry went to (null: released); null otherwise',
    }),
  ),
});
export type TimelineItem = Type.Static<typeof TimelineItemSchema>;

/** A published entry whose publication time is still to come. */
export const ScheduledEntrySchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  title: Type.String(),
  publish_at: IsoDate,
});
export type ScheduledEntry = Type.Static<typeof ScheduledEntrySchema>;

/**
 * `GET admin/dashboard`: proposals (oldest update first), scheduled publications (soonest first)
 * and the latest events, newest first.
 */
export const DashboardSchema = Type.Object({
  data: Type.Object({
    proposals: Type.Array(ProposalSchema),
    scheduled: Type.Array(ScheduledEntrySchema),
    timeline: Type.Array(TimelineItemSchema),
  }),
});
export type Dashboard = Type.Static<typeof DashboardSchema>;

/** `GET admin/config/cpts`: the installed entry types, as `GET /api/v1/` lists them. */
export const CptListSchema = Type.Object({ data: Type.Array(EntryTypeSummarySchema) });
export type CptList = Type.Static<typeof CptListSchema>;

export const UserSchema = Type.Object({
  username: Type.String(),
  role: AccountRoleSchema,
  /** Where the account's notifications go; null: none. */
  email: Type.Union([Type.String(), Type.Null()]),
  created_at: IsoDate,
  updated_at: IsoDate,
  /** Present for accounts that log in through the organisation's provider (single sign-on). */
  sso: Type.Optional(Type.Literal(true)),
});
export type UserAccount = Type.Static<typeof UserSchema>;
/** `GET admin/users`. */
export const UserListSchema = Type.Object({ data: Type.Object({ users: Type.Array(UserSchema) }) });
export type UserList = Type.Static<typeof UserListSchema>;
/** `POST admin/users` (201), `PUT` and `PATCH admin/users/{username}`. */
export const UserAnswerSchema = Type.Object({ data: UserSchema });
export type UserAnswer = Type.Static<typeof UserAnswerSchema>;

// Lengths and the name's pattern are checked by the server, which answers the spec's messages.
export const UserCreateSchema = Type.Object(
  {
    username: Type.String({ maxLength: 1024 }),
    password: Type.String({ maxLength: 4096 }),
    role: AccountRoleSchema,
    /** Optional: where the account's notifications go (400 naming email unless an address). */
    email: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type UserCreate = Type.Static<typeof UserCreateSchema>;
export const UserRoleUpdateSchema = Type.Object({ role: AccountRoleSchema }, { additionalProperties: false });
export type UserRoleUpdate = Type.Static<typeof UserRoleUpdateSchema>;
/**
 * `PATCH admin/users/{username}`: a new password. Changing one's own password needs the old one;
 * `username`, when sent, must be the path's.
 */
export const UserPasswordUpdateSchema = Type.Object(
  {
    password: Type.String({ maxLength: 4096 }),
    old_password: Type.Optional(Type.String({ maxLength: 4096 })),
    username: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type UserPasswordUpdate = Type.Static<typeof UserPasswordUpdateSchema>;

const Count = Type.Integer({ minimum: 0 });
/** One count per state of the lifecycle (lifecycle.ts holds the list). */
const EntriesPerStateSchema = Type.Object(
  Object.fromEntries(ENTRY_STATES.map((state) => [state, Count])) as Record<EntryState, typeof Count>,
);
/** `GET admin/config/healthmetric`. */
export const HealthMetricSchema = Type.Object({
  data: Type.Object({
    version: Type.String(),
    uptime_seconds: Type.Number(),
    memory: Type.Object({ rss_bytes: Count, heap_used_bytes: Count }),
    event_loop_delay_ms: Type.Number({ description: 'p99 since the previous call' }),
    database: Type.Object({
      kind: Type.Enum(['sqlite', 'postgres']),
      reachable: Type.Boolean(),
      latency_ms: Type.Union([Type.Number(), Type.Null()]),
      size_bytes: Type.Union([Count, Type.Null()]),
    }),
    entries_per_state: EntriesPerStateSchema,
    proposals_waiting: Count,
    oldest_proposal_age_seconds: Type.Union([Type.Number(), Type.Null()]),
    storage: Type.Object({ used_bytes: Count, free_bytes: Type.Union([Count, Type.Null()]) }),
    requests_per_minute: Type.Number(),
    error_rate: Type.Number({ description: 'share of 5xx answers over the last 5 minutes, 0-1' }),
    mail: Type.Object({
      /** Whether notification mails go out (EINWURF_SMTP_URL). */
      enabled: Type.Boolean(),
      /** Mails waiting: for their time, a digest, or a retry. */
      pending: Count,
      /** Mails the mail server never took, after every retry. */
      failed: Count,
    }),
    problems: Type.Array(Type.String({ description: 'one of HEALTH_PROBLEMS' })),
  }),
});
export type HealthMetric = Type.Static<typeof HealthMetricSchema>;

/** `PUT admin/collection/entry/{id}/assignee`: a staff account's username, or null to release the entry. */
export const EntryAssigneeUpdateSchema = Type.Object(
  { username: Type.Union([Type.String({ maxLength: 1024 }), Type.Null()]) },
  { additionalProperties: false },
);
export type EntryAssigneeUpdate = Type.Static<typeof EntryAssigneeUpdateSchema>;

/** `POST admin/collection/entries/bulk`: one action on up to ENTRY_BULK_MAX entries. */
export const EntryBulkRequestSchema = Type.Object(
  {
    ids: Type.Array(Type.String({ maxLength: 128 }), { minItems: 1, maxItems: ENTRY_BULK_MAX }),
    action: Type.Enum(ENTRY_BULK_ACTIONS),
    assignee: Type.Optional(
      Type.Union([Type.String({ maxLength: 1024 }), Type.Null()], {
        description: 'action assign only (required there): a staff username, or null to release',
      }),
    ),
  },
  { additionalProperties: false },
);
export type EntryBulkRequest = Type.Static<typeof EntryBulkRequestSchema>;

/** One entry's outcome of a bulk action: done, or refused with the status and error a single action answers. */
export const EntryBulkResultSchema = Type.Union([
  Type.Object({ id: Type.String(), ok: Type.Literal(true) }),
  Type.Object({
    id: Type.String(),
    ok: Type.Literal(false),
    status: Type.Integer(),
    code: Type.String({ description: "one of the contract's ERROR_STATUS codes" }),
    message: Type.String(),
  }),
]);
export type EntryBulkResult = Type.Static<typeof EntryBulkResultSchema>;
/** The answer of `POST admin/collection/entries/bulk`, one result per id in the order sent. */
export const EntryBulkAnswerSchema = Type.Object({
  data: Type.Object({
    results: Type.Array(EntryBulkResultSchema),
    succeeded: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
  }),
});
export type EntryBulkAnswer = Type.Static<typeof EntryBulkAnswerSchema>;

/** One staff account as moderators see it: who an entry can be assigned to. */
export const StaffMemberSchema = Type.Object({ username: Type.String(), role: AccountRoleSchema });
export type StaffMember = Type.Static<typeof StaffMemberSchema>;
/** `GET admin/staff`: every mod and admin account, by username. */
export const StaffListSchema = Type.Object({ data: Type.Object({ staff: Type.Array(StaffMemberSchema) }) });
export type StaffList = Type.Static<typeof StaffListSchema>;
