import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Dashboard,
  Entry,
  EntryEvent,
  EntryList,
  ErrorBody,
  PublicEntry,
  PublicEntryList,
} from '@einwurf/contract';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { clearEntries, insertTestEntry } from '../../test/entries.ts';

// Scheduled publication (DESIGN, wave 2): `published` with a future publish_at, hidden from readers
// until then. The app's clock is the test's: it moves, the real time does not matter.

const ENTRY = '/api/v1/admin/collection/entry';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(testDatabases())('scheduled publication on $name', (target) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp(target, {}, { now: () => clock });
    await t.loginAs('admin');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await clearEntries(t.database.db);
    // Ahead of the real time: entries the test writes through the services are older than "now".
    clock = Date.now() + MINUTE;
  });

  const put = (entry: Entry, data: Record<string, unknown>) =>
    t.request({
      method: 'PUT',
      url: `${ENTRY}/${entry.data.id}`,
      payload: { data: { ...entry.data, ...data } },
    });
  const schedule = async (entry: Entry, publishAt: number | string | null) => {
    const response = await put(entry, {
      state: 'published',
      publish_at: typeof publishAt === 'number' ? iso(publishAt) : publishAt,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Entry>();
  };
  /** A reader: no session. */
  const read = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'einwurf.example', ...headers } });
  const publicIds = async (query = '') => {
    const response = await read(`/api/v1/public/entries${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PublicEntryList>();
    // The lists here fit on a page: the total counts what readers see, never an entry still scheduled.
    expect(body.meta.pagination.total_entries).toBe(body.data.length);
    return body.data.map((e) => e.id);
  };
  const readerSees = async (id: string) => {
    const one = await read(`/api/v1/public/entries/${id}`);
    const listed = (await publicIds()).includes(id);
    expect(one.statusCode === 200, `the entry and the list agree on ${id}`).toBe(listed);
    return listed;
  };

  it('hides a publication scheduled for later until its time, then shows it from that time on', async () => {
    const proposed = await insertTestEntry(t.database.db, { state: 'proposed', title: 'Unter Sperrfrist' });
    const at = clock + HOUR;
    const scheduled = await schedule(proposed, at);
    expect(scheduled.data).toMatchObject({ state: 'published', publish_at: iso(at) });
    const id = proposed.data.id;

    expect(await readerSees(id)).toBe(false);
    expect((await read(`/api/v1/public/entries/${id}`)).statusCode).toBe(404);
    clock = at - 1;
    expect(await readerSees(id)).toBe(false);
    clock = at;
    expect(await readerSees(id)).toBe(true);
    const shown = (await read(`/api/v1/public/entries/${id}`)).json<{ data: PublicEntry }>().data;
    // To readers the entry is new at its time, though nobody changed it then.
    expect(shown).toMatchObject({ title: 'Unter Sperrfrist', published_at: iso(at), updated_at: iso(at) });
    clock = at + HOUR;
    expect(await readerSees(id)).toBe(true);

    // Moderation and the author read the time; the author's own GET says it too.
    const stored = (await t.request({ method: 'GET', url: `${ENTRY}/${id}` })).json<Entry>();
    expect(stored.data.publish_at).toBe(iso(at));
  });

  it('publishes now without publish_at, or with null', async () => {
    const first = await insertTestEntry(t.database.db, { state: 'proposed' });
    const second = await insertTestEntry(t.database.db, { state: 'draft' });
    const withoutTime = await put(first, { state: 'published' });
    expect(withoutTime.statusCode, withoutTime.body).toBe(200);
    expect(withoutTime.json<Entry>().data.publish_at).toBe(iso(clock));
    expect((await schedule(second, null)).data.publish_at).toBe(iso(clock));
    expect(await readerSees(first.data.id)).toBe(true);
    expect(await readerSees(second.data.id)).toBe(true);
  });

  it('answers 400 naming data/publish_at for a time that is bad or not in the future', async () => {
    const entry = await insertTestEntry(t.database.db, { state: 'proposed' });
    const cases: unknown[] = [
      'morgen',
      '2026-13-45T99:00:00Z',
      '2030-01-01',
      iso(clock - MINUTE),
      iso(clock),
      12345,
      true,
    ];
    for (const publishAt of cases) {
      const response = await put(entry, { state: 'published', publish_at: publishAt });
      expect(response.statusCode, String(publishAt)).toBe(400);
      const { error } = response.json<ErrorBody>();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message, String(publishAt)).toContain('publish_at');
    }
    // Nothing was written.
    const stored = (await t.request({ method: 'GET', url: `${ENTRY}/${entry.data.id}` })).json<Entry>();
    expect(stored.data).toMatchObject({ state: 'proposed', revision: entry.data.revision, publish_at: null });
    // An offset is read as the moment it names, and answered in UTC.
    const inBerlin = new Date(clock + 2 * HOUR).toISOString().replace('Z', '+00:00');
    expect((await schedule(entry, inBerlin)).data.publish_at).toBe(iso(clock + 2 * HOUR));
  });

  it('reschedules while scheduled, publishes a scheduled entry now, and refuses a new time once readers see it', async () => {
    const entry = await insertTestEntry(t.database.db, { state: 'proposed' });
    const id = entry.data.id;
    const first = await schedule(entry, clock + HOUR);
    const later = await schedule(first, clock + 3 * HOUR);
    expect(later.data.publish_at).toBe(iso(clock + 3 * HOUR));
    clock += 2 * HOUR;
    expect(await readerSees(id)).toBe(false);
    const sooner = await schedule(later, clock + 10 * MINUTE);
    clock += 10 * MINUTE;
    expect(await readerSees(id)).toBe(true);

    // Saved as GET answered it (a time now past), a visible entry keeps its time.
    const saved = await put(sooner, { title: 'Neuer Titel' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Entry>().data.publish_at).toBe(sooner.data.publish_at);
    const again = await put(saved.json<Entry>(), { publish_at: iso(clock + HOUR) });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().error.message).toContain('publish_at');

    // A scheduled entry published now shows at once.
    const other = await schedule(await insertTestEntry(t.database.db, { state: 'proposed' }), clock + HOUR);
    expect(await readerSees(other.data.id)).toBe(false);
    const now = await schedule(other, null);
    expect(now.data.publish_at).toBe(iso(clock));
    expect(await readerSees(other.data.id)).toBe(true);
  });

  it('cancels a schedule when moderation reopens, rejects or deletes the entry', async () => {
    const reopened = await schedule(
      await insertTestEntry(t.database.db, { state: 'proposed' }),
      clock + HOUR,
    );
    const rejected = await schedule(
      await insertTestEntry(t.database.db, { state: 'proposed' }),
      clock + HOUR,
    );
    const deleted = await schedule(await insertTestEntry(t.database.db, { state: 'proposed' }), clock + HOUR);
    const back = await put(reopened, { state: 'proposed' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Entry>().data.publish_at).toBeNull();
    expect((await put(rejected, { state: 'rejected' })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `${ENTRY}/${deleted.data.id}` })).statusCode).toBe(204);
    clock += 2 * HOUR;
    expect(await publicIds()).toEqual([]);
    // Published again later, the entry is published then, not at the cancelled time.
    const republished = await put(back.json<Entry>(), { state: 'published' });
    expect(republished.json<Entry>().data.publish_at).toBe(iso(clock));
    expect(await publicIds()).toEqual([reopened.data.id]);
  });

  it('announces entry.published for the time readers see the entry, and nothing for a schedule called off', async () => {
    /** The entry's events still to be dispatched: type and time. */
    const pending = async (id: string) =>
      (
        await t.database.db
          .selectFrom('outbox_events')
          .select(['type', 'available_at'])
          .where('entry_id', '=', id)
          .where('dispatched_at', 'is', null)
          .where('type', 'in', ['entry.published', 'entry.unpublished'])
          .orderBy('id')
          .execute()
      ).map((row) => [row.type, Number(row.available_at)]);

    const entry = await insertTestEntry(t.database.db, { state: 'proposed' });
    const id = entry.data.id;
    const scheduled = await schedule(entry, clock + HOUR);
    expect(await pending(id)).toEqual([['entry.published', clock + HOUR]]);
    const moved = await schedule(scheduled, clock + 2 * HOUR);
    expect(await pending(id)).toEqual([['entry.published', clock + 2 * HOUR]]);
    const now = await schedule(moved, null);
    expect(await pending(id)).toEqual([['entry.published', clock]]);

    // Called off before its time: readers never saw it, receivers hear nothing of it.
    const other = await schedule(await insertTestEntry(t.database.db, { state: 'proposed' }), clock + HOUR);
    expect((await put(other, { state: 'proposed' })).statusCode).toBe(200);
    expect(await pending(other.data.id)).toEqual([]);
    const third = await schedule(await insertTestEntry(t.database.db, { state: 'proposed' }), clock + HOUR);
    expect((await t.request({ method: 'DELETE', url: `${ENTRY}/${third.data.id}` })).statusCode).toBe(204);
    expect(await pending(third.data.id)).toEqual([]);

    // Unpublished after readers saw it: they hear of it.
    clock += MINUTE;
    expect((await put(now, { state: 'proposed' })).statusCode).toBe(200);
    expect((await pending(id)).map(([type]) => type)).toEqual(['entry.published', 'entry.unpublished']);
  });

  it('with updated_since, reports an entry whose time came since, though it was scheduled before', async () => {
    const entry = await schedule(await insertTestEntry(t.database.db, { state: 'proposed' }), clock + HOUR);
    // A mirror polls after the scheduling and before the time: nothing new for it yet.
    clock += 10 * MINUTE;
    const lastPoll = iso(clock);
    expect(await publicIds(`?updated_since=${encodeURIComponent(lastPoll)}`)).toEqual([]);
    clock += HOUR;
    expect(await publicIds(`?updated_since=${encodeURIComponent(lastPoll)}`)).toEqual([entry.data.id]);
    const since = iso(clock);
    clock += MINUTE;
    expect(await publicIds(`?updated_since=${encodeURIComponent(since)}`)).toEqual([]);
  });

  it('shows a publication due within the second a public answer is kept for at its time', async () => {
    const proposed = await insertTestEntry(t.database.db, { state: 'proposed' });
    const at = clock + 700;
    const id = (await schedule(proposed, at)).data.id;
    expect(await readerSees(id)).toBe(false);
    expect(await readerSees(id)).toBe(false);
    clock = at;
    expect(await readerSees(id)).toBe(true);
  });

  it('changes the ETag when the time passes, and keeps caches no longer than until the next publication', async () => {
    await insertTestEntry(t.database.db, { state: 'published' });
    await schedule(await insertTestEntry(t.database.db, { state: 'proposed' }), clock + 30_000);
    const before = await read('/api/v1/public/entries');
    const etag = String(before.headers['etag']);
    expect(before.headers['cache-control']).toBe('public, max-age=30');
    expect((await read('/api/v1/public/entries', { 'if-none-match': etag })).statusCode).toBe(304);
    clock += 30_000;
    const after = await read('/api/v1/public/entries', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(etag);
    expect(after.json<PublicEntryList>().data).toHaveLength(2);
    expect(after.headers['cache-control']).toBe('public, max-age=60');
  });

  it('shows scheduled entries on the dashboard and in the submissions list, with their time', async () => {
    const at = clock + HOUR;
    const entry = await schedule(
      await insertTestEntry(t.database.db, { state: 'proposed', title: 'Bald' }),
      at,
    );
    await insertTestEntry(t.database.db, { state: 'published', title: 'Schon da' });
    const dashboard = (await t.request({ method: 'GET', url: '/api/v1/admin/dashboard' })).json<Dashboard>()
      .data;
    expect(dashboard.scheduled).toEqual([
      { id: entry.data.id, type: 'article', title: 'Bald', publish_at: iso(at) },
    ]);
    expect(dashboard.timeline[0]).toMatchObject({
      entry_id: entry.data.id,
      kind: 'state_changed',
      to_state: 'published',
      publish_at: iso(at),
    });
    const listed = (
      await t.request({ method: 'GET', url: '/api/v1/admin/collection/entries?filters=state:is:published' })
    ).json<EntryList>().data;
    expect(listed.find((e) => e.id === entry.data.id)?.publish_at).toBe(iso(at));

    clock = at;
    const later = (await t.request({ method: 'GET', url: '/api/v1/admin/dashboard' })).json<Dashboard>().data;
    expect(later.scheduled).toEqual([]);
  });

  it("notes the time in the entry's timeline when a publication is scheduled or given a new time", async () => {
    const entry = await insertTestEntry(t.database.db, { state: 'proposed' });
    const first = await schedule(entry, clock + HOUR);
    await schedule(first, clock + 2 * HOUR);
    const events = (await t.request({ method: 'GET', url: `${ENTRY}/${entry.data.id}/events` })).json<{
      data: EntryEvent[];
    }>().data;
    const last = events.slice(-2);
    expect(last).toEqual([
      expect.objectContaining({
        kind: 'state_changed',
        to_state: 'published',
        publish_at: iso(clock + HOUR),
      }),
      expect.objectContaining({ kind: 'saved', to_state: 'published', publish_at: iso(clock + 2 * HOUR) }),
    ]);
    // A publication at once notes no time of its own.
    const now = await put(await insertTestEntry(t.database.db, { state: 'proposed' }), {
      state: 'published',
    });
    const nowEvents = (
      await t.request({ method: 'GET', url: `${ENTRY}/${now.json<Entry>().data.id}/events` })
    ).json<{ data: EntryEvent[] }>().data;
    expect(nowEvents.at(-1)).toMatchObject({ kind: 'state_changed', publish_at: null });
  });
});
