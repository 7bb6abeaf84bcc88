import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@einwurf/contract';

// Standard Webhooks (https://www.standardwebhooks.com/): the secret is `whsec_` and a base64 key; the
// signature is `v1,` and the base64 HMAC-SHA256 under that key of `<webhook-id>.<webhook-timestamp>.<body>`.

/** Random key bytes of a new secret; the specification asks for 24 to 64. */
const SECRET_BYTES = 32;

/** A new endpoint secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** The `webhook-signature` header of a body sent with the given id and timestamp (epoch seconds). */
export function signWebhook(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}
