import Type from 'typebox';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
} from './webhook-rules.ts';

export * from './webhook-rules.ts';

const IsoDate = Type.String({ format: 'date-time' });
const NullableIsoDate = Type.Union([IsoDate, Type.Null()]);

export const WebhookEventTypeSchema = Type.Enum(WEBHOOK_EVENT_TYPES);

const Url = Type.String({
  minLength: 1,
  maxLength: WEBHOOK_URL_MAX,
  description:
    'http:// or https://; refused (400 naming url) when its host is or resolves to a loopback, private, link-local or other non-public address, unless EINWURF_WEBHOOK_ALLOW_PRIVATE=true',
});
const Events = Type.Array(WebhookEventTypeSchema, { minItems: 1, uniqueItems: true });
const Description = Type.String({ maxLength: WEBHOOK_DESCRIPTION_MAX });

/** `POST admin/webhooks`. */
export const WebhookEndpointCreateSchema = Type.Object(
  { url: Url, events: Events, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type WebhookEndpointCreate = Type.Static<typeof WebhookEndpointCreateSchema>;

/** `PATCH admin/webhooks/{id}`: what changes; `enabled: true` re-enables a disabled endpoint. */
export const WebhookEndpointUpdateSchema = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type WebhookEndpointUpdate = Type.Static<typeof WebhookEndpointUpdateSchema>;

/** An endpoint as admins see it; its secret is answered once, at creation. */
export const WebhookEndpointSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(WebhookEventTypeSchema),
  enabled: Type.Boolean(),
  /** Why the server disabled it (it kept failing); null when an admin disabled it or it is enabled. */
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  disabled_at: NullableIsoDate,
  /** Since when its deliveries fail without one succeeding; null while they succeed. */
  failing_since: NullableIsoDate,
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type WebhookEndpoint = Type.Static<typeof WebhookEndpointSchema>;

/** `GET admin/webhooks`. */
export const WebhookEndpointListSchema = Type.Object({ data: Type.Array(WebhookEndpointSchema) });
export type WebhookEndpointList = Type.Static<typeof WebhookEndpointListSchema>;

/** `PATCH admin/webhooks/{id}`. */
export const WebhookEndpointAnswerSchema = Type.Object({ data: WebhookEndpointSchema });
export type WebhookEndpointAnswer = Type.Static<typeof WebhookEndpointAnswerSchema>;

/** `POST admin/webhooks` (201): the endpoint with its signing secret, shown this once. */
export const WebhookEndpointCreatedSchema = Type.Object({
  data: Type.Intersect([
    WebhookEndpointSchema,
    Type.Object({ secret: Type.String({ description: 'whsec_ and the base64 key; shown once' }) }),
  ]),
});
export type WebhookEndpointCreated = Type.Static<typeof WebhookEndpointCreatedSchema>;

/** One attempt to deliver: when, the receiver's status code, how long it took, what went wrong. */
export const WebhookAttemptSchema = Type.Object({
  attempted_at: IsoDate,
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  duration_ms: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookAttempt = Type.Static<typeof WebhookAttemptSchema>;

/** One event for one endpoint, with its attempts, newest first. */
export const WebhookDeliverySchema = Type.Object({
  id: Type.Integer(),
  /** The `webhook-id` header: the same on every attempt of the event. */
  message_id: Type.String(),
  event: Type.String(),
  entry_id: Type.Union([Type.String(), Type.Null()]),
  state: Type.Enum(WEBHOOK_DELIVERY_STATES),
  created_at: IsoDate,
  next_attempt_at: NullableIsoDate,
  attempts: Type.Array(WebhookAttemptSchema),
});
export type WebhookDelivery = Type.Static<typeof WebhookDeliverySchema>;

/** `GET admin/webhooks/{id}/deliveries`: the latest deliveries, newest first. */
export const WebhookDeliveryListSchema = Type.Object({ data: Type.Array(WebhookDeliverySchema) });
export type WebhookDeliveryList = Type.Static<typeof WebhookDeliveryListSchema>;

/** `POST …/redeliver` and `POST …/ping`: the delivery as it stands (a ping's after its one attempt). */
export const WebhookDeliveryAnswerSchema = Type.Object({ data: WebhookDeliverySchema });
export type WebhookDeliveryAnswer = Type.Static<typeof WebhookDeliveryAnswerSchema>;
