import Type from 'typebox';
import { EntryStateSchema } from './entries.ts';
import { ENTRY_ACTORS } from './entry-rules.ts';
import { PaginationSchema } from './pagination.ts';

// An entry's revisions: every save keeps the entry as it was, moderation lists them, reads one whole
// and restores an older one.

/** The path of one revision of an entry. */
export const EntryRevisionParamsSchema = Type.Object({
  id: Type.String({ maxLength: 128 }),
  revision: Type.String({ pattern: '^[0-9]{1,10}$', description: 'the revision number, from 1' }),
});

/** One line of an entry's revision list. */
export const EntryRevisionItemSchema = Type.Object({
  revision: Type.Integer({ minimum: 1 }),
  saved_at: Type.String({ format: 'date-time' }),
  actor: Type.Enum(ENTRY_ACTORS),
  username: Type.Union([Type.String(), Type.Null()], {
    description: 'the moderation account that saved it; null for the author or a removed account',
  }),
  state: EntryStateSchema,
  title: Type.String(),
});
export type EntryRevisionItem = Type.Static<typeof EntryRevisionItemSchema>;

/** The latest moderation decision (a state change by moderation) and the revision it saw. */
export const EntryDecisionSchema = Type.Object({
  revision: Type.Integer({ minimum: 1 }),
  from_state: Type.Union([EntryStateSchema, Type.Null()]),
  to_state: EntryStateSchema,
  actor: Type.Enum(ENTRY_ACTORS),
  user_id: Type.Union([Type.String(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  decided_at: Type.String({ format: 'date-time' }),
});
export type EntryDecision = Type.Static<typeof EntryDecisionSchema>;

/** `GET admin/collection/entry/{id}/revisions`: newest first. */
export const EntryRevisionListSchema = Type.Object({
  meta: Type.Object({
    pagination: PaginationSchema,
    last_decision: Type.Union([EntryDecisionSchema, Type.Null()], {
      description:
        'the latest state change by moderation and the revision it left (the default base of a diff); null when there was none since revisions are kept',
    }),
  }),
  data: Type.Array(EntryRevisionItemSchema),
});
export type EntryRevisionList = Type.Static<typeof EntryRevisionListSchema>;

/** `GET admin/collection/entry/{id}/revisions/{revision}`: the entry as that save left it. */
export const EntryRevisionSchema = Type.Object({
  data: Type.Object({
    ...EntryRevisionItemSchema.properties,
    content: Type.String({ description: 'the Markdown text' }),
    fields: Type.Record(Type.String(), Type.Unknown(), {
      description: "the other fields of the entry's type (title and content have their own keys)",
    }),
  }),
});
export type EntryRevision = Type.Static<typeof EntryRevisionSchema>;

/** `POST …/revisions/{revision}/restore`: optionally the revision the moderator saw as current. */
export const EntryRevisionRestoreSchema = Type.Object(
  {
    revision: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description:
          "the entry's current revision as the moderator saw it: an older one answers 409 CONFLICT",
      }),
    ),
  },
  { additionalProperties: false },
);
export type EntryRevisionRestore = Type.Static<typeof EntryRevisionRestoreSchema>;
