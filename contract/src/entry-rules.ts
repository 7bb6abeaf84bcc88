import type { UiSchema } from './forms/ui-schema.ts';
import { isPublicState, type EntryState } from './lifecycle.ts';

// The entries' states, events and comment rules without their TypeBox schemas (entries.ts), so the
// web app's screens carry no TypeBox.

export * from './lifecycle.ts';

/** The licence every entry is published under, named in each entry's meta. */
export const ENTRY_LICENCE = 'CC BY-SA 4.0';
/**
 * Fields of `data` the server owns: an author's PUT cannot change them. `publish_at` is set by
 * moderation's PUT alone, beside the fields (see ModerationEntryUpdate); `assignee` (moderation's
 * answers only) by `PUT admin/collection/entry/{id}/assignee`.
 */
export const ENTRY_SYSTEM_FIELDS = [
  'id',
  'type',
  'state',
  'created_at',
  'updated_at',
  'revision',
  'publish_at',
  'assignee',
  'language',
] as const;
/** An entry id: 128 random bits or more, base64url (the permalink carries it). */
export const ENTRY_ID_PATTERN = '^[A-Za-z0-9_-]{22,64}$';

export const ENTRY_EVENT_KINDS = [
  'created',
  'saved',
  'proposed',
  'state_changed',
  'comment_added',
  'file_added',
  'file_removed',
  'deleted',
  'assigned',
] as const;
export type EntryEventKind = (typeof ENTRY_EVENT_KINDS)[number];
export const ENTRY_ACTORS = ['author', 'mod', 'admin'] as const;
export type EntryActor = (typeof ENTRY_ACTORS)[number];

/** One line of an entry's timeline. */
export type EntryEvent = {
  kind: EntryEventKind;
  actor: EntryActor;
  from_state: EntryState | null;
  to_state: EntryState | null;
  created_at: string;
  /**
   * The publication time the change set, when it scheduled a publication or gave a scheduled one a
   * new time (later than `created_at` while scheduled, equal when it published at once); else null.
   */
  publish_at: string | null;
  /** Moderation's timeline only: the username of the account that made the change (null: author or gone). */
  by?: string | null;
  /** Moderation's timeline only, kind `assigned`: who the entry went to (null: released). */
  assignee?: string | null;
};

/**
 * Whether a published entry is still waiting for its publication time: readers see it from
 * `publish_at` on (DESIGN, wave 2: scheduled publication is `published` with a future `publish_at`,
 * not a state of its own).
 */
export function isScheduled(
  entry: { state: EntryState; publish_at?: string | null | undefined },
  now: number = Date.now(),
): boolean {
  if (!isPublicState(entry.state) || typeof entry.publish_at !== 'string') return false;
  return Date.parse(entry.publish_at) > now;
}

export const COMMENT_ORIGINS = ['moderation', 'contributor'] as const;
export type CommentOrigin = (typeof COMMENT_ORIGINS)[number];
/** Comments and timeline events to a page when a list does not ask for a size (at most PAGE_SIZE_MAX). */
export const COMMENT_PAGE_SIZE = 100;
export const TIMELINE_PAGE_SIZE = 100;

export const COMMENT_TITLE_MAX = 200;
export const COMMENT_CONTENT_MAX = 10_000;

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
