// Mail notifications for staff: what they can hear of, how, and what an address looks like. Plain (no
// TypeBox), like the other rules modules.

/**
 * What staff can be told by mail: a new proposal, the author changed or commented on an entry, an
 * entry was assigned to them.
 */
export const NOTIFICATION_EVENTS = ['proposed', 'author', 'assigned'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Each event's delivery: a mail at once, a daily digest, or none. */
export const NOTIFICATION_MODES = ['immediately', 'daily', 'never'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export type NotificationPreferences = Record<NotificationEvent, NotificationMode>;

/** New proposals at once, the rest never, until the account chooses. */
export const DEFAULT_NOTIFICATIONS: Readonly<NotificationPreferences> = Object.freeze({
  proposed: 'immediately',
  author: 'never',
  assigned: 'never',
});

/** The longest address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** The address rule of HTML's `<input type="email">` (WHATWG), which the browser checks too. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isMailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
