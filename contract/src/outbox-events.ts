// Outbox event types that the server's own consumers hear of and no webhook endpoint can subscribe
// to (those are WEBHOOK_EVENT_TYPES). Plain (no TypeBox), like the other rules modules.

/**
 * An entry was taken, assigned or released. Data: `{ id, type, title, state, assignee,
 * previous_assignee, by }`, the last three usernames or null (nobody; by: not a staff account).
 */
export const ENTRY_ASSIGNED_EVENT = 'entry.assigned';

/**
 * The author saved an entry that is not a draft (moderation may want to look again). Data:
 * `{ id, type, title, state }`.
 */
export const ENTRY_AUTHOR_CHANGED_EVENT = 'entry.author_changed';

/** Every internal outbox event type. */
export const INTERNAL_EVENT_TYPES = [ENTRY_ASSIGNED_EVENT, ENTRY_AUTHOR_CHANGED_EVENT] as const;
export type InternalEventType = (typeof INTERNAL_EVENT_TYPES)[number];
