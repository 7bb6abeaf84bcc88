// The webhooks' constants without their TypeBox schemas (webhooks.ts), so the back office's screen
// carries no TypeBox.

/** What an endpoint may subscribe to; each is one outbox event type (see README, Webhooks). */
export const WEBHOOK_EVENT_TYPES = [
  'entry.proposed',
  'entry.published',
  'entry.unpublished',
  'entry.rejected',
  'entry.deleted',
  'comment.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event type of a test ping; no endpoint subscribes to it, an admin sends it. */
export const WEBHOOK_PING_EVENT = 'webhook.ping';

/** A delivery is pending (waiting for its next attempt), delivered, or failed (every retry used). */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** Endpoint secrets start with this, as the Standard Webhooks specification names them. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Longest endpoint description. */
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** Longest endpoint URL. */
export const WEBHOOK_URL_MAX = 2048;
