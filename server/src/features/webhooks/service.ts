import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PING_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEventType,
} from '@einwurf/contract';
import { dialectOf } from '../../db/database.ts';
import type { Database, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { recordAuditAs, SYSTEM_AUDIT, type AuditContext } from '../audit/service.ts';
import type { OutboxConsumer, OutboxEvent } from '../outbox/service.ts';
import { checkHost } from './address-guard.ts';
import * as repo from './repository.ts';
import type { AttemptResult, WebhookSender } from './sender.ts';
import { newWebhookSecret } from './signature.ts';
import { isoDateTime } from '../../time.ts';

type Db = Kysely<Database>;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The latest deliveries `GET …/deliveries` answers. */
export const WEBHOOK_DELIVERY_LIST_SIZE = 100;

const isoOrNull = (ms: number | null) => (ms === null ? null : isoDateTime(ms));
const notFound = () => new AppError('NOT_FOUND', 'no such webhook endpoint');

function eventsOf(row: WebhookEndpointRow): WebhookEventType[] {
  const known = new Set<string>(WEBHOOK_EVENT_TYPES);
  return (JSON.parse(row.events) as string[]).filter((e): e is WebhookEventType => known.has(e));
}

/** An endpoint as admins see it, without its secret. */
export function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row),
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason,
    disabled_at: isoOrNull(row.disabled_at),
    failing_since: isoOrNull(row.failing_since),
    created_at: isoDateTime(row.created_at),
    updated_at: isoDateTime(row.updated_at),
  };
}

function urlError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', `url: ${message}`, [{ field: 'url', keyword: 'format', message }]);
}

/**
 * Checks an endpoint URL: http or https, no credentials in it, and (unless private addresses are
 * allowed) a host that is and resolves only to public addresses; 400 naming `url` otherwise.
 */
export async function assertWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw urlError('must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw urlError('must be an http:// or https:// URL');
  }
  if (url.username !== '' || url.password !== '') {
    throw urlError('must not carry a user name or password; receivers check the signature');
  }
  if (url.hash !== '') throw urlError('must not have a #fragment');
  if (!allowPrivate) {
    try {
      await checkHost(url.hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EWEBHOOKPRIVATE') {
        throw urlError(`${(error as Error).message}; webhooks reach public addresses only`);
      }
      throw urlError(`the host ${url.hostname} does not resolve (${code ?? 'DNS error'})`);
    }
  }
  return url.toString();
}

/** Every endpoint, oldest first. */
export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  return (await repo.listEndpoints(db)).map(toWebhookEndpoint);
}

/** Creates an enabled endpoint with a new secret, answered this once. */
export async function createWebhookEndpoint(
  db: Db,
  input: WebhookEndpointCreate,
  options: { allowPrivate: boolean; audit?: AuditContext },
): Promise<WebhookEndpoint & { secret: string }> {
  const url = await assertWebhookUrl(input.url, options.allowPrivate);
  const now = Date.now();
  const row: WebhookEndpointRow = {
    id: randomBytes(12).toString('base64url'),
    url,
    description: input.description ?? '',
    events: JSON.stringify([...new Set(input.events)]),
    secret: newWebhookSecret(),
    enabled: 1,
    disabled_reason: null,
    disabled_at: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await repo.insertEndpoint(trx, row);
    await recordAuditAs(trx, options.audit ?? SYSTEM_AUDIT, {
      kind: 'webhook.created',
      target: { type: 'webhook', id: row.id },
      details: { url: row.url, events: JSON.parse(row.events) as unknown },
      at: now,
    });
  });
  return { ...toWebhookEndpoint(row), secret: row.secret };
}

/** Changes an endpoint; enabling it again forgets why it was disabled and how long it failed. */
export async function updateWebhookEndpoint(
  db: Db,
  id: string,
  input: WebhookEndpointUpdate,
  options: { allowPrivate: boolean; audit?: AuditContext },
): Promise<WebhookEndpoint> {
  const row = await repo.findEndpoint(db, id);
  if (!row) throw notFound();
  const now = Date.now();
  const url = input.url === undefined ? undefined : await assertWebhookUrl(input.url, options.allowPrivate);
  const enabling = input.enabled === true && row.enabled === 0;
  const disabling = input.enabled === false && row.enabled === 1;
  const updated = await db.transaction().execute(async (trx) => {
    const written = await repo.updateEndpoint(trx, id, {
      ...(url !== undefined ? { url } : {}),
      ...(input.events !== undefined ? { events: JSON.stringify([...new Set(input.events)]) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(enabling ? { enabled: 1, disabled_reason: null, disabled_at: null, failing_since: null } : {}),
      ...(disabling ? { enabled: 0, disabled_reason: null, disabled_at: now } : {}),
      updated_at: Math.max(now, row.updated_at),
    });
    if (!written) throw notFound();
    await recordAuditAs(trx, options.audit ?? SYSTEM_AUDIT, {
      kind: 'webhook.updated',
      target: { type: 'webhook', id },
      details: { fields: Object.keys(input).sort() },
      at: now,
    });
    return written;
  });
  return toWebhookEndpoint(updated);
}

/** Deletes an endpoint with its deliveries. */
export async function deleteWebhookEndpoint(
  db: Db,
  id: string,
  audit: AuditContext = SYSTEM_AUDIT,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findEndpoint(trx, id);
    if (!row || !(await repo.deleteEndpoint(trx, id))) throw notFound();
    await recordAuditAs(trx, audit, {
      kind: 'webhook.deleted',
      target: { type: 'webhook', id },
      details: { url: row.url },
    });
  });
}

async function toWebhookDeliveries(db: Db, rows: WebhookDeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts = await repo.listAttempts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    message_id: row.message_id,
    event: row.event_type,
    entry_id: row.entry_id,
    state: row.state,
    created_at: isoDateTime(row.created_at),
    next_attempt_at: row.state === 'pending' ? isoOrNull(row.next_attempt_at) : null,
    attempts: attempts
      .filter((a) => a.delivery_id === row.id)
      .map((a) => ({
        attempted_at: isoDateTime(a.attempted_at),
        status_code: a.status_code,
        duration_ms: a.duration_ms,
        error: a.error,
      })),
  }));
}

/** An endpoint's latest deliveries with their attempts, newest first (404 for no such endpoint). */
export async function listWebhookDeliveries(db: Db, endpointId: string): Promise<WebhookDelivery[]> {
  if (!(await repo.findEndpoint(db, endpointId))) throw notFound();
  return toWebhookDeliveries(db, await repo.listDeliveries(db, endpointId, WEBHOOK_DELIVERY_LIST_SIZE));
}

/**
 * Sends a delivery again, as the same message (same `webhook-id`), with a fresh retry schedule: it
 * goes out at once when the endpoint is enabled, else once it is enabled again.
 */
export async function redeliverWebhook(
  db: Db,
  endpointId: string,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const delivery = await repo.findDelivery(db, endpointId, deliveryId);
  if (!delivery) throw new AppError('NOT_FOUND', 'no such delivery of this webhook endpoint');
  if (delivery.event_type === WEBHOOK_PING_EVENT) {
    throw new AppError('CONFLICT', 'a ping is not redelivered; send a new ping');
  }
  const updated = await repo.updateDelivery(db, deliveryId, {
    state: 'pending',
    attempts: 0,
    next_attempt_at: Date.now(),
    lease_owner: null,
    lease_until: null,
  });
  const [answer] = await toWebhookDeliveries(db, updated ? [updated] : []);
  if (!answer) throw new AppError('NOT_FOUND', 'no such delivery of this webhook endpoint');
  return answer;
}

function bodyOf(type: string, at: number, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: isoDateTime(at), data });
}

/** Sends a `webhook.ping` now and records it with its one attempt; it is not retried. */
export async function pingWebhookEndpoint(
  db: Db,
  sender: WebhookSender,
  endpointId: string,
): Promise<WebhookDelivery> {
  const endpoint = await repo.findEndpoint(db, endpointId);
  if (!endpoint) throw notFound();
  const now = Date.now();
  const [delivery] = await repo.insertDeliveries(db, [
    {
      endpoint_id: endpoint.id,
      message_id: `msg_${randomBytes(16).toString('base64url')}`,
      event_type: WEBHOOK_PING_EVENT,
      entry_id: null,
      payload: bodyOf(WEBHOOK_PING_EVENT, now, { endpoint_id: endpoint.id }),
      state: 'pending',
      attempts: 0,
      // Never due: the worker leaves it to this request.
      next_attempt_at: null,
      lease_owner: null,
      lease_until: null,
      created_at: now,
    },
  ]);
  if (!delivery) throw new Error('the ping was not recorded');
  const result = await sender.send({
    url: endpoint.url,
    secret: endpoint.secret,
    messageId: delivery.message_id,
    payload: delivery.payload,
  });
  await recordAttempt(db, delivery, result, now);
  await repo.finishAttempt(db, delivery.id, null, {
    state: result.ok ? 'delivered' : 'failed',
    attempts: 1,
    next_attempt_at: null,
  });
  const stored = await repo.findDelivery(db, endpoint.id, delivery.id);
  const [answer] = await toWebhookDeliveries(db, stored ? [stored] : []);
  if (!answer) throw notFound();
  return answer;
}

async function recordAttempt(db: Db, delivery: WebhookDeliveryRow, result: AttemptResult, at: number) {
  await repo.insertAttempt(db, {
    delivery_id: delivery.id,
    attempted_at: at,
    status_code: result.statusCode,
    duration_ms: result.durationMs,
    error: result.error,
  });
}

function describeDuration(ms: number): string {
  if (ms % (24 * HOUR) === 0) return `${ms / (24 * HOUR)} d`;
  if (ms % HOUR === 0) return `${ms / HOUR} h`;
  if (ms % MINUTE === 0) return `${ms / MINUTE} min`;
  if (ms % SECOND === 0) return `${ms / SECOND} s`;
  return `${ms} ms`;
}

export type WebhookConsumerOptions = {
  db: Db;
  sender: WebhookSender;
  /** Waits before each retry; the last used, the delivery has failed. */
  retryScheduleMs: readonly number[];
  /** An endpoint failing this long without a success is disabled. */
  disableAfterMs: number;
  /** The longest one attempt takes; a lease lasts longer. */
  timeoutMs: number;
  /** Where an entry event's `url` points, when the server knows its public address. */
  entryUrl?: (id: string) => string | undefined;
  /** Deliveries sent at once by this instance. */
  concurrency?: number;
  log?: { error(obj: unknown, message: string): void };
};

/**
 * How long a lease lasts beyond twice an attempt's time-out (the endpoint's lookup and the attempt's
 * bookkeeping): long enough that a live worker never loses its delivery, short enough that one killed
 * mid-attempt holds it up only briefly.
 */
const LEASE_MARGIN_MS = 5 * SECOND;

/**
 * The webhooks as an outbox consumer: each event becomes a delivery per enabled endpoint that
 * subscribes to it; `work` leases due deliveries and sends them, recording every attempt.
 */
export function createWebhookConsumer(options: WebhookConsumerOptions): OutboxConsumer {
  const { db, sender } = options;
  const owner = randomBytes(9).toString('base64url');
  const concurrency = options.concurrency ?? 8;
  const inFlight = new Set<Promise<void>>();
  const skipLocked = dialectOf(db) === 'postgres';

  async function attempt(delivery: WebhookDeliveryRow): Promise<void> {
    const endpoint = await repo.findEndpoint(db, delivery.endpoint_id);
    if (!endpoint) return;
    const now = Date.now();
    const result = await sender.send({
      url: endpoint.url,
      secret: endpoint.secret,
      messageId: delivery.message_id,
      payload: delivery.payload,
    });
    const finished = Date.now();
    await db.transaction().execute(async (trx) => {
      const attempts = delivery.attempts + 1;
      const retryIn = options.retryScheduleMs[attempts - 1];
      const written = await repo.finishAttempt(trx, delivery.id, owner, {
        attempts,
        ...(result.ok
          ? { state: 'delivered', next_attempt_at: null }
          : retryIn === undefined
            ? { state: 'failed', next_attempt_at: null }
            : { state: 'pending', next_attempt_at: finished + retryIn }),
      });
      // The lease ran out and another worker took the delivery: its attempt is the one recorded.
      if (!written) return;
      await recordAttempt(trx, delivery, result, now);
      if (result.ok) {
        if (endpoint.failing_since !== null) {
          await repo.updateEndpoint(trx, endpoint.id, { failing_since: null });
        }
        return;
      }
      const failingSince = endpoint.failing_since ?? now;
      if (endpoint.failing_since === null) {
        await repo.updateEndpoint(trx, endpoint.id, { failing_since: failingSince });
      }
      if (endpoint.enabled === 1 && finished - failingSince >= options.disableAfterMs) {
        await repo.updateEndpoint(trx, endpoint.id, {
          enabled: 0,
          disabled_at: finished,
          disabled_reason: `every delivery failed for ${describeDuration(options.disableAfterMs)} or more (since ${isoDateTime(failingSince)}); the last: ${result.error ?? 'failed'}`,
        });
        await recordAuditAs(trx, SYSTEM_AUDIT, {
          kind: 'webhook.updated',
          target: { type: 'webhook', id: endpoint.id },
          details: { fields: ['enabled'], enabled: false, failing_since: isoDateTime(failingSince) },
          at: finished,
        });
      }
    });
  }

  return {
    name: 'webhooks',
    async accept(trx, event: OutboxEvent) {
      const endpoints = (await repo.listEnabledEndpoints(trx)).filter((e) =>
        (eventsOf(e) as string[]).includes(event.type),
      );
      if (endpoints.length === 0) return;
      // Only a published entry has a page to point to.
      const url =
        event.type === 'entry.published' && event.entryId !== null
          ? options.entryUrl?.(event.entryId)
          : undefined;
      const data = url !== undefined ? { ...event.data, url } : event.data;
      const payload = bodyOf(event.type, event.availableAt, data);
      await repo.insertDeliveries(
        trx,
        endpoints.map((endpoint) => ({
          endpoint_id: endpoint.id,
          message_id: event.messageId,
          event_type: event.type,
          entry_id: event.entryId,
          payload,
          state: 'pending' as const,
          attempts: 0,
          next_attempt_at: event.availableAt,
          lease_owner: null,
          lease_until: null,
          created_at: event.createdAt,
        })),
      );
    },
    async work(wake) {
      const room = concurrency - inFlight.size;
      if (room <= 0) return false;
      const now = Date.now();
      const leased = await repo.leaseDueDeliveries(db, {
        now,
        owner,
        leaseUntil: now + 2 * options.timeoutMs + LEASE_MARGIN_MS,
        limit: room,
        skipLocked,
      });
      for (const delivery of leased) {
        const running = attempt(delivery)
          .catch((error: unknown) => options.log?.error({ err: error }, 'webhook delivery failed'))
          .finally(() => {
            inFlight.delete(running);
            wake();
          });
        inFlight.add(running);
      }
      return leased.length > 0;
    },
    async close() {
      await Promise.all(inFlight);
      await sender.close();
    },
  };
}

/** Finished deliveries are kept this long, then removed with their attempts. */
export const WEBHOOK_DELIVERY_KEEP_DAYS = 30;

/** Removes finished deliveries created before `before` (epoch ms). */
export function purgeFinishedDeliveries(db: Db, before: number): Promise<void> {
  return repo.deleteFinishedDeliveriesBefore(db, before);
}
