import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isDeletedState, isPublicState, type EntryState, type WebhookEventType } from '@einwurf/contract';
import { dialectOf } from '../../db/database.ts';
import type { Database, OutboxEventRow } from '../../db/types.ts';
import * as repo from './repository.ts';

// The outbox (DESIGN, wave 2): every change others must hear of writes an event here in the
// transaction of the change, so a crash after the commit loses nothing and a rolled-back change sends
// nothing. A worker hands available events to each consumer (webhooks; mail later) in the consumer's
// own transaction with the event's dispatch, and consumers deliver from their own tables.

type Db = Kysely<Database>;

/** An event as consumers get it. */
export type OutboxEvent = {
  id: number;
  type: string;
  entryId: string | null;
  /** The Standard Webhooks message id (`msg_…`), the same for every consumer and attempt. */
  messageId: string;
  data: Record<string, unknown>;
  createdAt: number;
  /** When it happens for its receivers: its creation, or a scheduled time. */
  availableAt: number;
};

/** Something that reacts to outbox events: `accept` runs in the transaction that dispatches them. */
export type OutboxConsumer = {
  readonly name: string;
  accept(trx: Db, event: OutboxEvent): Promise<void>;
  /**
   * Starts what it has due; answers whether it started any (the loop then runs again at once). `wake`
   * runs the loop again early, when work in flight ends.
   */
  work?(wake: () => void): Promise<boolean>;
  /** Waits for work in flight; the database closes after it. */
  close?(): Promise<void>;
};

export type EnqueueInput = {
  type: string;
  entryId?: string | null;
  data: Record<string, unknown>;
  /** Epoch ms: not before then (scheduled publication); now when left out. */
  availableAt?: number;
  now?: number;
};

let enqueued = 0;

/** How many events this process has enqueued; the worker wakes when it grows after a request. */
export function enqueuedEventCount(): number {
  return enqueued;
}

/** Writes an event to the outbox; call it inside the transaction of the change it reports. */
export async function enqueueEvent(trx: Db, input: EnqueueInput): Promise<void> {
  const now = input.now ?? Date.now();
  await repo.insertOutboxEvent(trx, {
    type: input.type,
    entry_id: input.entryId ?? null,
    message_id: `msg_${randomBytes(16).toString('base64url')}`,
    data: JSON.stringify(input.data),
    created_at: now,
    available_at: Math.max(now, input.availableAt ?? now),
    dispatched_at: null,
  });
  enqueued += 1;
}

/** Removes an entry's pending events of the given types (a scheduled publication called off). */
export function cancelPendingEvents(trx: Db, entryId: string, types: string[]): Promise<number> {
  return repo.deletePendingEvents(trx, entryId, types);
}

/**
 * The events an entry's move from `from` to `to` reports: leaving publication is
 * `entry.unpublished`, followed by what the entry became (proposed, rejected, deleted); reaching
 * publication is `entry.published`. A move to a draft reports only the unpublishing.
 */
export function entryStateEvents(from: EntryState | null, to: EntryState): WebhookEventType[] {
  if (from === to) return [];
  const events: WebhookEventType[] = [];
  const wasPublic = from !== null && isPublicState(from);
  if (wasPublic && !isPublicState(to)) events.push('entry.unpublished');
  if (isPublicState(to) && !wasPublic) events.push('entry.published');
  else if (isDeletedState(to)) events.push('entry.deleted');
  else if (to === 'rejected') events.push('entry.rejected');
  else if (to === 'proposed') events.push('entry.proposed');
  return events;
}

/** What an entry event tells: enough to find the entry, never its fields (some are private). */
export type EntryEventData = {
  id: string;
  type: string;
  title: string;
  state: EntryState;
  previous_state: EntryState | null;
};

/**
 * Enqueues the events of an entry's state change (see entryStateEvents) in the change's transaction.
 * `publishAt` delays `entry.published` to a scheduled time.
 */
export async function enqueueEntryStateEvents(
  trx: Db,
  entry: { id: string; type: string; title: string },
  states: { from: EntryState | null; to: EntryState },
  options: { now?: number; publishAt?: number } = {},
): Promise<void> {
  const data: EntryEventData = {
    id: entry.id,
    type: entry.type,
    title: entry.title,
    state: states.to,
    previous_state: states.from,
  };
  for (const type of entryStateEvents(states.from, states.to)) {
    await enqueueEvent(trx, {
      type,
      entryId: entry.id,
      data: { ...data },
      ...(options.now !== undefined ? { now: options.now } : {}),
      ...(type === 'entry.published' && options.publishAt !== undefined
        ? { availableAt: options.publishAt }
        : {}),
    });
  }
}

function toOutboxEvent(row: OutboxEventRow): OutboxEvent {
  return {
    id: row.id,
    type: row.type,
    entryId: row.entry_id,
    messageId: row.message_id,
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.created_at,
    availableAt: row.available_at,
  };
}

/** Events dispatched in one transaction. */
const DISPATCH_BATCH = 50;

/**
 * Hands one batch of available events to every consumer and marks them dispatched, in one
 * transaction (several workers each take other events); answers how many it dispatched.
 */
export async function dispatchOutboxEvents(
  db: Db,
  consumers: readonly OutboxConsumer[],
  now = Date.now(),
): Promise<number> {
  const skipLocked = dialectOf(db) === 'postgres';
  return db.transaction().execute(async (trx) => {
    const rows = await repo.lockAvailableEvents(trx, now, DISPATCH_BATCH, skipLocked);
    for (const row of rows) {
      const event = toOutboxEvent(row);
      for (const consumer of consumers) await consumer.accept(trx, event);
    }
    await repo.markDispatched(
      trx,
      rows.map((r) => r.id),
      now,
    );
    return rows.length;
  });
}

/** Dispatched events are kept this long (for a look at what happened), then removed. */
export const OUTBOX_KEEP_DAYS = 7;

/** Removes events dispatched before `before` (epoch ms). */
export function purgeDispatchedEvents(db: Db, before: number): Promise<void> {
  return repo.deleteDispatchedBefore(db, before);
}
