import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canTransition,
  ENTRY_STATES,
  lifecycleActorOf,
  type EntryActor,
  type EntryState,
} from '@einwurf/contract';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/config.ts';
import { createDatabaseSpentTokenStore } from '../pow/spent-tokens.ts';
import { runHousekeeping } from '../../plugins/housekeeping.ts';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { addComment } from '../comments/service.ts';
import { insertTestEntry, shippedContentTypes, TEST_MODERATOR } from '../../test/entries.ts';
import { createEntry, saveEntry } from './author-service.ts';
import { moderateEntry } from './moderation-service.ts';
import {
  AUTHOR,
  changeEntryState,
  EntryConflictError,
  findEntryRow,
  getEntry,
  listEntryEvents,
  PURGE_BATCH,
  purgeDeletedEntries,
  writeEntryEdit,
} from './service.ts';
import { storedFields } from './presenter.ts';
import type { EntryRow } from '../../db/types.ts';

const allowed = (actor: EntryActor) =>
  ENTRY_STATES.flatMap((from) =>
    ENTRY_STATES.filter((to) => from !== to && canTransition(lifecycleActorOf(actor), from, to)).map(
      (to) => `${from}>${to}`,
    ),
  ).sort();

describe('the transition table', () => {
  it('lets the author propose a draft or rejected entry and delete an unpublished one', () => {
    expect(allowed('author')).toEqual(
      ['draft>proposed', 'rejected>proposed', 'draft>deleted', 'proposed>deleted', 'rejected>deleted'].sort(),
    );
  });

  it('lets moderation move any entry but a deleted one between the four states, and delete any', () => {
    const expected: string[] = [];
    const live: EntryState[] = ['draft', 'proposed', 'rejected', 'published'];
    for (const from of live) {
      for (const to of live) if (from !== to) expected.push(`${from}>${to}`);
      expected.push(`${from}>deleted`);
    }
    expect(allowed('mod')).toEqual(expected.sort());
    expect(allowed('admin')).toEqual(expected.sort());
  });
});

describe.each(testDatabases())('entry state changes on $name', (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await target.create();
  });
  afterAll(() => handle.destroy());

  const MOD = { actor: 'mod', userId: null } as const;

  it('refuses an illegal transition with 409 naming both states and records legal ones', async () => {
    const { data } = await createEntry(handle.db, { type: 'article', passwordHash: 'x' });
    await expect(changeEntryState(handle.db, data.id, 'published', AUTHOR)).rejects.toMatchObject({
      code: 'INVALID_TRANSITION',
      statusCode: 409,
      message: expect.stringMatching(/draft.*published/),
    });
    await changeEntryState(handle.db, data.id, 'published', MOD);
    await changeEntryState(handle.db, data.id, 'deleted', MOD);
    await expect(changeEntryState(handle.db, data.id, 'draft', MOD)).rejects.toMatchObject({
      code: 'INVALID_TRANSITION',
      message: expect.stringMatching(/deleted.*draft/),
    });
    const rows = await handle.db
      .selectFrom('entry_events')
      .selectAll()
      .where('entry_id', '=', data.id)
      .execute();
    expect(rows.map((r) => [r.kind, r.actor, r.from_state, r.to_state])).toEqual([
      ['created', 'author', null, 'draft'],
      ['state_changed', 'mod', 'draft', 'published'],
      ['state_changed', 'mod', 'published', 'deleted'],
    ]);
  });

  it('purges entries deleted before the retention period, with their events and comments', async () => {
    const old = await createEntry(handle.db, { type: 'article', passwordHash: 'x' });
    const recent = await createEntry(handle.db, { type: 'article', passwordHash: 'x' });
    const kept = await createEntry(handle.db, { type: 'article', passwordHash: 'x' });
    await addComment(handle.db, old.data.id, { title: 'a', content: 'b' }, AUTHOR);
    for (const entry of [old, recent]) await changeEntryState(handle.db, entry.data.id, 'deleted', AUTHOR);
    const day = 24 * 60 * 60_000;
    await handle.db
      .updateTable('entries')
      .set({ deleted_at: Date.now() - 31 * day })
      .where('id', '=', old.data.id)
      .execute();

    const spentTokens = createDatabaseSpentTokenStore(handle.db);
    await spentTokens.spend('expired', Date.now() - 1000);
    await spentTokens.spend('current', Date.now() + 60_000);
    await runHousekeeping({ db: handle.db, spentTokens, retentionDays: 30 });

    const ids = (await handle.db.selectFrom('entries').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(old.data.id);
    expect(ids).toEqual(expect.arrayContaining([recent.data.id, kept.data.id]));
    const orphans = await handle.db
      .selectFrom('entry_events')
      .select('id')
      .where('entry_id', '=', old.data.id)
      .execute();
    expect(orphans).toEqual([]);
    expect(
      await handle.db.selectFrom('comments').selectAll().where('entry_id', '=', old.data.id).execute(),
    ).toEqual([]);
    const tokens = (await handle.db.selectFrom('spent_pow_tokens').select('jti').execute()).map((r) => r.jti);
    expect(tokens).toEqual(['current']);
    expect(await spentTokens.spend('current', Date.now() + 60_000)).toBe(false);

    // The entry deleted by the test above goes too.
    expect(await purgeDeletedEntries(handle.db, Date.now() + 1)).toHaveLength(2);
    const left = (await handle.db.selectFrom('entries').select('id').execute()).map((r) => r.id);
    expect(left).not.toContain(recent.data.id);
    expect((await getEntry(handle.db, kept.data.id)).data.state).toBe('draft');
    expect((await listEntryEvents(handle.db, kept.data.id)).data.map((e) => e.kind)).toEqual(['created']);
  });
});

/** Makes `count` entries, all deleted long ago. */
async function deletedLongAgo(db: TestDatabaseHandle['db'], count: number): Promise<void> {
  for (let i = 0; i < count; i++) await createEntry(db, { type: 'article', passwordHash: 'x' });
  await db.updateTable('entries').set({ state: 'deleted', deleted_at: 1 }).execute();
}

describe.each(testDatabases())('purging in batches on $name', (target) => {
  it('lets the server answer others between its batches', async () => {
    const handle = await target.create();
    try {
      const count = PURGE_BATCH * 2 + 1;
      await deletedLongAgo(handle.db, count);
      // A request's callbacks wait in the event loop's queues as this one does.
      let turns = 0;
      let ticking = true;
      const tick = () => {
        turns += 1;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const purged = await purgeDeletedEntries(handle.db, Date.now());
      ticking = false;
      expect(purged).toHaveLength(count);
      expect(turns).toBeGreaterThanOrEqual(2);
    } finally {
      await handle.destroy();
    }
  });

  it('leaves a request that needs many turns of the event loop time to finish before it ends', async () => {
    const handle = await target.create();
    try {
      const count = PURGE_BATCH * 3 + 1;
      await deletedLongAgo(handle.db, count);
      // A request passes through the event loop many times (accept, read, hooks, its own queries,
      // write): one turn per batch would make it wait for the whole purge.
      let purging = true;
      const request = (async () => {
        for (let step = 0; step < 50; step++) await setImmediatePromise();
        return purging;
      })();
      await purgeDeletedEntries(handle.db, Date.now());
      purging = false;
      expect(await request).toBe(true);
    } finally {
      await handle.destroy();
    }
  });
});

describe.each(testDatabases())('purging after the start on $name', (target) => {
  it('removes entries deleted longer ago than the retention period once the app has started', async () => {
    const handle = await target.create();
    try {
      const { data } = await createEntry(handle.db, { type: 'article', passwordHash: 'x' });
      await changeEntryState(handle.db, data.id, 'deleted', AUTHOR);
      await handle.db
        .updateTable('entries')
        .set({ deleted_at: Date.now() - 8 * 24 * 60 * 60_000 })
        .execute();
      const app = await buildApp(testConfig({ retentionDays: 7 }), {
        db: handle.db,
        housekeepingStartDelayMs: 100,
      });
      await app.ready();
      await expect
        .poll(() => handle.db.selectFrom('entries').select('id').execute(), { timeout: 10_000 })
        .toEqual([]);
      await app.close();
    } finally {
      await handle.destroy();
    }
  });
});

describe.each(testDatabases())('the update of an edit on $name', (target) => {
  let handle: TestDatabaseHandle;
  const KEPT = ['title', 'state', 'deleted_at', 'published_at'] as const;
  beforeAll(async () => {
    handle = await target.create();
    // A trigger per column notes each update that sets it, changed or not (SQLite and PostgreSQL fire
    // `update of` triggers, and rewrite the index entries, for every column the statement sets).
    await sql`create table columns_set (name text not null)`.execute(handle.db);
    if (target.name === 'postgres') {
      await sql`create function note_column_set() returns trigger language plpgsql as $$
        begin insert into columns_set values (tg_argv[0]); return null; end $$`.execute(handle.db);
    }
    for (const column of KEPT) {
      await (
        target.name === 'postgres'
          ? sql`create trigger ${sql.id(`set_${column}`)} after update of ${sql.id(column)} on entries
            for each row execute function note_column_set(${sql.lit(column)})`
          : sql`create trigger ${sql.id(`set_${column}`)} after update of ${sql.id(column)} on entries
            begin insert into columns_set values (${sql.lit(column)}); end`
      ).execute(handle.db);
    }
  });
  afterAll(() => handle.destroy());

  /** The columns among title, state, deleted_at and published_at that `write` set. */
  const columnsSetBy = async (write: () => Promise<unknown>) => {
    await sql`delete from columns_set`.execute(handle.db);
    await write();
    const { rows } = await sql<{ name: string }>`select name from columns_set`.execute(handle.db);
    return rows.map((r) => r.name).sort();
  };

  it('sets only the columns that change beside the fields, revision and time', async () => {
    const contentTypes = await shippedContentTypes();
    const entry = await insertTestEntry(handle.db, { title: 'Vor der Änderung', content: 'Text.' });
    let data = entry.data;
    const author = (changes: Record<string, unknown>) =>
      columnsSetBy(async () => {
        ({ data } = await saveEntry(handle.db, contentTypes, data.id, { data: { ...data, ...changes } }));
      });
    const moderation = (changes: Record<string, unknown>) =>
      columnsSetBy(async () => {
        ({ data } = await moderateEntry(
          handle.db,
          contentTypes,
          data.id,
          { data: { ...data, ...changes } },
          TEST_MODERATOR,
        ));
      });

    expect(await author({ content: 'Anderer Text.' })).toEqual([]);
    expect(await author({ title: 'Nach der Änderung' })).toEqual(['title']);
    expect(await moderation({ state: 'published' })).toEqual(['published_at', 'state']);
    expect(await moderation({ content: 'Noch ein Text.' })).toEqual([]);
    expect(await moderation({ title: 'Neu', state: 'rejected' })).toEqual(['published_at', 'state', 'title']);

    const stored = await getEntry(handle.db, data.id);
    expect(stored.data).toMatchObject({
      title: 'Neu',
      content: 'Noch ein Text.',
      state: 'rejected',
      revision: entry.data.revision + 5,
    });
  });

  it('keeps each save as a revision and notes it as an event naming it (one statement on PostgreSQL)', async () => {
    const contentTypes = await shippedContentTypes();
    const entry = await insertTestEntry(handle.db, { title: 'Erste Fassung', content: 'Eins.' });
    const first = await saveEntry(handle.db, contentTypes, entry.data.id, {
      data: { ...entry.data, content: 'Zwei.' },
    });
    const second = await moderateEntry(
      handle.db,
      contentTypes,
      entry.data.id,
      { data: { ...first.data, title: 'Zweite Fassung', state: 'published' } },
      TEST_MODERATOR,
    );
    const revisions = await handle.db
      .selectFrom('entry_revisions')
      .select(['revision', 'title', 'state', 'actor', 'user_id'])
      .where('entry_id', '=', entry.data.id)
      .where('revision', '>', entry.data.revision)
      .orderBy('revision')
      .execute();
    expect(revisions).toEqual([
      {
        revision: first.data.revision,
        title: 'Erste Fassung',
        state: 'draft',
        actor: 'author',
        user_id: null,
      },
      {
        revision: second.data.revision,
        title: 'Zweite Fassung',
        state: 'published',
        actor: TEST_MODERATOR.actor,
        user_id: TEST_MODERATOR.userId,
      },
    ]);
    const events = await handle.db
      .selectFrom('entry_events')
      .select(['kind', 'actor', 'from_state', 'to_state', 'revision'])
      .where('entry_id', '=', entry.data.id)
      .where('kind', 'in', ['saved', 'state_changed'])
      .where('revision', '>', entry.data.revision)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      {
        kind: 'saved',
        actor: 'author',
        from_state: 'draft',
        to_state: 'draft',
        revision: first.data.revision,
      },
      {
        kind: 'saved',
        actor: TEST_MODERATOR.actor,
        from_state: 'draft',
        to_state: 'draft',
        revision: second.data.revision,
      },
      {
        kind: 'state_changed',
        actor: TEST_MODERATOR.actor,
        from_state: 'draft',
        to_state: 'published',
        revision: second.data.revision,
      },
    ]);
  });

  it('keeps no revision and notes no event for an edit that came too late', async () => {
    const contentTypes = await shippedContentTypes();
    const kept = async (id: string) => ({
      revisions: (
        await handle.db.selectFrom('entry_revisions').select('revision').where('entry_id', '=', id).execute()
      ).length,
      events: (await handle.db.selectFrom('entry_events').select('id').where('entry_id', '=', id).execute())
        .length,
    });
    const edit = (row: EntryRow) => ({
      data: { ...storedFields(row), title: 'Zu spät', revision: row.revision },
      state: row.state,
      mode: 'draft' as const,
    });

    // Saved meanwhile: the stored revision is past the one the edit read.
    const saved = await insertTestEntry(handle.db, { title: 'Vorher', content: 'Eins.' });
    const readBeforeSave = await findEntryRow(handle.db, saved.data.id);
    await saveEntry(handle.db, contentTypes, saved.data.id, { data: { ...saved.data, content: 'Zwei.' } });
    const afterSave = await kept(saved.data.id);
    await expect(
      handle.db
        .transaction()
        .execute((trx) => writeEntryEdit(trx, contentTypes, readBeforeSave, edit(readBeforeSave), AUTHOR)),
    ).rejects.toBeInstanceOf(EntryConflictError);
    expect(await kept(saved.data.id)).toEqual(afterSave);

    // Proposed meanwhile: the revision is the one the edit read, the state is not.
    const proposed = await insertTestEntry(handle.db, { title: 'Vorher', content: 'Eins.' });
    const readBeforeProposal = await findEntryRow(handle.db, proposed.data.id);
    await changeEntryState(handle.db, proposed.data.id, 'proposed', AUTHOR, 'proposed');
    const afterProposal = await kept(proposed.data.id);
    await expect(
      handle.db
        .transaction()
        .execute((trx) =>
          writeEntryEdit(trx, contentTypes, readBeforeProposal, edit(readBeforeProposal), AUTHOR),
        ),
    ).rejects.toBeInstanceOf(EntryConflictError);
    expect(await kept(proposed.data.id)).toEqual(afterProposal);
    expect((await getEntry(handle.db, proposed.data.id)).data).toMatchObject({
      title: 'Vorher',
      state: 'proposed',
    });
  });
});
