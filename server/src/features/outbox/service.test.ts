import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { insertTestEntry, TEST_MODERATOR } from '../../test/entries.ts';
import { changeEntryState } from '../entries/service.ts';
import {
  cancelPendingEvents,
  dispatchOutboxEvents,
  enqueueEvent,
  entryStateEvents,
  type OutboxConsumer,
  type OutboxEvent,
} from './service.ts';

describe('entryStateEvents', () => {
  it.each([
    ['draft', 'proposed', ['entry.proposed']],
    ['rejected', 'proposed', ['entry.proposed']],
    ['proposed', 'published', ['entry.published']],
    ['draft', 'published', ['entry.published']],
    ['proposed', 'rejected', ['entry.rejected']],
    ['published', 'rejected', ['entry.unpublished', 'entry.rejected']],
    ['published', 'proposed', ['entry.unpublished', 'entry.proposed']],
    ['published', 'draft', ['entry.unpublished']],
    ['published', 'deleted', ['entry.unpublished', 'entry.deleted']],
    ['draft', 'deleted', ['entry.deleted']],
    ['proposed', 'draft', []],
    ['published', 'published', []],
  ] as const)('%s to %s reports %j', (from, to, events) => {
    expect(entryStateEvents(from, to)).toEqual(events);
  });
});

describe.each(testDatabases())('the outbox on $name', (target) => {
  let database: TestDatabaseHandle;
  let db: Kysely<Database>;
  const seen: OutboxEvent[] = [];
  const consumer: OutboxConsumer = {
    name: 'test',
    async accept(_trx, event) {
      seen.push(event);
    },
  };
  beforeAll(async () => {
    database = await target.create();
    db = database.db;
  });
  afterAll(() => database.destroy());

  const drain = async (now?: number) => {
    seen.length = 0;
    while ((await dispatchOutboxEvents(db, [consumer], now)) > 0);
    return seen.map((e) => e.type);
  };

  it('writes an event with the change, and none when the change rolls back', async () => {
    await drain();
    const entry = await insertTestEntry(db, { state: 'proposed' });
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueEvent(trx, { type: 'entry.rejected', entryId: entry.data.id, data: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await changeEntryState(db, entry.data.id, 'published', TEST_MODERATOR);
    expect(await drain()).toEqual(['entry.proposed', 'entry.published']);
    expect(seen[1]).toMatchObject({
      entryId: entry.data.id,
      messageId: expect.stringMatching(/^msg_/),
      data: { id: entry.data.id, state: 'published', previous_state: 'proposed' },
    });
    // Dispatched once only.
    expect(await drain()).toEqual([]);
  });

  it('holds an event until its time, and lets its entry later events wait only once it is due', async () => {
    await drain();
    const entry = await insertTestEntry(db, { state: 'proposed' });
    const at = Date.now() + 60_000;
    await db
      .transaction()
      .execute((trx) =>
        enqueueEvent(trx, { type: 'entry.published', entryId: entry.data.id, data: {}, availableAt: at }),
      );
    await db
      .transaction()
      .execute((trx) => enqueueEvent(trx, { type: 'comment.created', entryId: entry.data.id, data: {} }));
    expect(await drain()).toEqual(['entry.proposed', 'comment.created']);
    expect(await drain(at + 1)).toEqual(['entry.published']);
    expect(seen[0]?.availableAt).toBe(at);
  });

  it('calls off an entry pending events', async () => {
    await drain();
    const entry = await insertTestEntry(db);
    await db.transaction().execute((trx) =>
      enqueueEvent(trx, {
        type: 'entry.published',
        entryId: entry.data.id,
        data: {},
        availableAt: Date.now() + 60_000,
      }),
    );
    expect(await cancelPendingEvents(db, entry.data.id, ['entry.published'])).toBe(1);
    expect(await drain(Date.now() + 120_000)).toEqual([]);
  });
});
