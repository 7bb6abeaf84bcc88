import Type from 'typebox';
import { ErrorObjectSchema } from './errors.ts';
import { LOCALES } from './limits.ts';
import { PaginationSchema } from './pagination.ts';
import {
  COMMENT_CONTENT_MAX,
  COMMENT_TITLE_MAX,
  ENTRY_ACTORS,
  ENTRY_EVENT_KINDS,
  ENTRY_STATES,
} from './entry-rules.ts';

export * from './entry-rules.ts';

/** One of the lifecycle's states (lifecycle.ts holds the list; Type.Enum keeps its literal union). */
export const EntryStateSchema = Type.Enum(ENTRY_STATES);

/** The `:id` path parameter of every route about one entry. */
export const EntryParamsSchema = Type.Object({ id: Type.String({ maxLength: 128 }) });

export const EntryMetaSchema = Type.Object({
  version: Type.String(),
  licence: Type.String(),
  unread_moderation_comments: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        "the author's GET anon/{id} only: comments of moderation written since the author last read the comments (GET anon/{id}/comments)",
    }),
  ),
});

/** An entry's data: the server's fields plus title, content and the fields of its type. */
export const EntryDataSchema = Type.Object(
  {
    id: Type.String(),
    type: Type.String(),
    state: EntryStateSchema,
    title: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    revision: Type.Integer({ minimum: 1 }),
    content: Type.String(),
    language: Type.Optional(
      Type.Enum(LOCALES, { description: 'the interface language the author wrote the entry in' }),
    ),
    publish_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description:
        'when readers see the entry from: set while it is published, in the future while its publication is scheduled; null otherwise',
    }),
    assignee: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          "moderation's answers only: the username of the staff account that has the entry, null when nobody has it",
      }),
    ),
  },
  { additionalProperties: true },
);
export type EntryData = Type.Static<typeof EntryDataSchema> & Record<string, unknown>;

/** `GET anon/{id}` and the answers of every entry change. */
export const EntrySchema = Type.Object({ meta: EntryMetaSchema, data: EntryDataSchema });
export type Entry = { meta: Type.Static<typeof EntryMetaSchema>; data: EntryData };

/**
 * `PUT anon/{id}`: the entry as GET answered it. `data.revision` is the revision the edit started
 * from; the server fields in `data` and any `meta` are ignored; the type's validator checks the rest.
 */
export const EntryUpdateSchema = Type.Object({
  meta: Type.Optional(Type.Unknown()),
  data: Type.Object(
    { revision: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) },
    { additionalProperties: true },
  ),
});
export type EntryUpdate = { meta?: unknown; data: { revision: number } & Record<string, unknown> };

/** 409 of a save that started from an older revision: the error plus the stored entry to merge with. */
export const EntryConflictSchema = Type.Object({
  error: ErrorObjectSchema,
  meta: EntryMetaSchema,
  data: EntryDataSchema,
});
export type EntryConflict = { error: { code: 'CONFLICT'; message: string } } & Entry;

/** One line of an entry's timeline. */
export const EntryEventSchema = Type.Object({
  kind: Type.Enum(ENTRY_EVENT_KINDS),
  actor: Type.Enum(ENTRY_ACTORS),
  from_state: Type.Union([EntryStateSchema, Type.Null()]),
  to_state: Type.Union([EntryStateSchema, Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  publish_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  by: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        "moderation's timeline only: the account that made the change (null: the author, or a deleted account)",
    }),
  ),
  assignee: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        "moderation's timeline only, kind assigned: the account the entry went to (null: released)",
    }),
  ),
});
/** `GET anon/{id}/events`: the entry's timeline, oldest first. */
export const EntryEventListSchema = Type.Object({
  meta: Type.Object({ pagination: PaginationSchema }),
  data: Type.Array(EntryEventSchema),
});
export type EntryEventList = Type.Static<typeof EntryEventListSchema>;

/** A new comment: the body of `POST anon/{id}/comments` (and of moderation's comments later). */
export const CommentInputSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: COMMENT_TITLE_MAX }),
    content: Type.String({ minLength: 1, maxLength: COMMENT_CONTENT_MAX }),
  },
  { additionalProperties: false },
);
export type CommentInput = Type.Static<typeof CommentInputSchema>;

export const CommentSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  origin: Type.Enum(['moderation', 'contributor']),
  created_at: Type.String({ format: 'date-time' }),
});
export type Comment = Type.Static<typeof CommentSchema>;
export const CommentCreatedSchema = Type.Object({ data: CommentSchema });
/** `GET anon/{id}/comments`: oldest first. */
export const CommentListSchema = Type.Object({
  meta: Type.Object({ pagination: PaginationSchema }),
  data: Type.Array(CommentSchema),
});
export type CommentList = Type.Static<typeof CommentListSchema>;
