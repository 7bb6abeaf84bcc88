import Type from 'typebox';
import { ErrorObjectSchema } from './errors.ts';
import type { UiSchema } from './forms/ui-schema.ts';

export const ENTRY_STATES = ['draft', 'proposed', 'rejected', 'published', 'deleted'] as const;
export type EntryState = (typeof ENTRY_STATES)[number];
// Spelled out, as in auth.ts: a mapped array would not give Static<…> its literal union.
export const EntryStateSchema = Type.Union([
  Type.Literal('draft'),
  Type.Literal('proposed'),
  Type.Literal('rejected'),
  Type.Literal('published'),
  Type.Literal('deleted'),
]);

/** The licence every entry is published under, named in each entry's meta. */
export const ENTRY_LICENCE = 'CC BY-SA 4.0';
/** Fields of `data` the server owns: an author's PUT cannot change them. */
export const ENTRY_SYSTEM_FIELDS = ['id', 'type', 'state', 'created_at', 'updated_at', 'revision'] as const;
/** An entry id: 128 random bits or more, base64url (the permalink carries it). */
export const ENTRY_ID_PATTERN = '^[A-Za-z0-9_-]{22,64}$';

export const EntryMetaSchema = Type.Object({
  version: Type.String(),
  licence: Type.String(),
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

export const ENTRY_EVENT_KINDS = [
  'created',
  'saved',
  'proposed',
  'state_changed',
  'comment_added',
  'file_added',
  'file_removed',
  'deleted',
] as const;
export type EntryEventKind = (typeof ENTRY_EVENT_KINDS)[number];
export const ENTRY_ACTORS = ['author', 'mod', 'admin'] as const;
export type EntryActor = (typeof ENTRY_ACTORS)[number];

/** One line of an entry's timeline. */
export const EntryEventSchema = Type.Object({
  kind: Type.Enum(ENTRY_EVENT_KINDS),
  actor: Type.Enum(ENTRY_ACTORS),
  from_state: Type.Union([EntryStateSchema, Type.Null()]),
  to_state: Type.Union([EntryStateSchema, Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
export type EntryEvent = {
  kind: EntryEventKind;
  actor: EntryActor;
  from_state: EntryState | null;
  to_state: EntryState | null;
  created_at: string;
};
/** `GET anon/{id}/events`: the entry's timeline, oldest first. */
export const EntryEventListSchema = Type.Object({ data: Type.Array(EntryEventSchema) });

export const COMMENT_ORIGINS = ['moderation', 'contributor'] as const;
export type CommentOrigin = (typeof COMMENT_ORIGINS)[number];
export const COMMENT_TITLE_MAX = 200;
export const COMMENT_CONTENT_MAX = 10_000;

/** A new comment: the body of `POST anon/{id}/comments` (and of moderation's comments later). */
export const CommentInputSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: COMMENT_TITLE_MAX }),
    content: Type.String({ minLength: 1, maxLength: COMMENT_CONTENT_MAX }),
  },
  { additionalProperties: false },
);
export type CommentInput = Type.Static<typeof CommentInputSchema>;

/** The comment form's JSON Schema, as `GET anon/{id}/comments/schema.json` serves it. */
export const COMMENT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: COMMENT_TITLE_MAX },
    content: { type: 'string', minLength: 1, maxLength: COMMENT_CONTENT_MAX },
  },
  required: ['title', 'content'],
  additionalProperties: false,
} as const;

/** The comment form's UI schema, in the format of the entry types' `uischema.json`. */
export const COMMENT_UI_SCHEMA: UiSchema = [
  {
    scope: 'title',
    widget: 'input',
    label: { de: 'Titel', 'de-CH': 'Titel', en: 'Title' },
    options: { type: 'text' },
  },
  {
    scope: 'content',
    widget: 'textarea',
    label: { de: 'Kommentar', 'de-CH': 'Kommentar', en: 'Comment' },
  },
];

export const CommentSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  origin: Type.Union([Type.Literal('moderation'), Type.Literal('contributor')]),
  created_at: Type.String({ format: 'date-time' }),
});
export type Comment = Type.Static<typeof CommentSchema>;
export const CommentCreatedSchema = Type.Object({ data: CommentSchema });
/** `GET anon/{id}/comments`: oldest first. */
export const CommentListSchema = Type.Object({ data: Type.Array(CommentSchema) });
