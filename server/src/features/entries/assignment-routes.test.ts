import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTRY_ASSIGNED_EVENT,
  type Dashboard,
  type Entry,
  type EntryBulkAnswer,
  type EntryEvent,
  type EntryList,
  type ErrorBody,
  type StaffList,
} from '@einwurf/contract';
import { createTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { createEntryAsAuthor } from '../../test/pow.ts';
import { createUser, deleteUser } from '../users/service.ts';

const BASE = '/api/v1/admin/collection';
const errorOf = (r: LightMyRequestResponse) => r.json<ErrorBody>().error;

describe.each(testDatabases())('assigning entries on $name', (target) => {
  let t: TestApp;
  let mod: TestClient;
  let admin: TestClient;
  // Names of their own per database keep the lists apart.
  const tag = target.name === 'sqlite' ? 'Sq' : 'Pg';
  const modName = `Mona${tag}`;
  const adminName = `Adam${tag}`;

  const assign = (client: TestClient, id: string, username: string | null) =>
    client.request({ method: 'PUT', url: `${BASE}/entry/${id}/assignee`, payload: { username } });
  const list = async (query: string) => {
    const response = await mod.request({ method: 'GET', url: `${BASE}/entries?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EntryList>();
  };
  const timeline = async (id: string) =>
    (await mod.request({ method: 'GET', url: `${BASE}/entry/${id}/events` })).json<{ data: EntryEvent[] }>()
      .data;
  const outbox = (id: string) =>
    t.database.db
      .selectFrom('outbox_events')
      .select(['type', 'data'])
      .where('entry_id', '=', id)
      .where('type', '=', ENTRY_ASSIGNED_EVENT)
      .orderBy('id')
      .execute();
  const bulk = (client: TestClient, payload: unknown) =>
    client.request({ method: 'POST', url: `${BASE}/entries/bulk`, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp(target);
    mod = await t.newClient();
    await mod.loginAs('mod', modName);
    admin = await t.newClient();
    await admin.loginAs('admin', adminName);
  });
  afterAll(() => t.close());

  describe('one entry', () => {
    it('is taken, handed over, and released, each on the timeline and in the outbox', async () => {
      const entry = await insertTestEntry(t.database.db, { state: 'proposed', title: 'Zu prüfen' });
      const id = entry.data.id;

      const took = await assign(mod, id, modName.toLowerCase());
      expect(took.statusCode, took.body).toBe(200);
      expect(took.json<Entry>().data).toMatchObject({ id, assignee: modName, state: 'proposed' });
      const read = await mod.request({ method: 'GET', url: `${BASE}/entry/${id}` });
      expect(read.json<Entry>().data.assignee).toBe(modName);

      // The same account again changes nothing.
      expect((await assign(mod, id, modName)).statusCode).toBe(200);

      const handed = await assign(admin, id, adminName);
      expect(handed.json<Entry>().data.assignee).toBe(adminName);
      const released = await assign(mod, id, null);
      expect(released.statusCode).toBe(200);
      expect(released.json<Entry>().data.assignee).toBeNull();

      const assigned = (await timeline(id)).filter((e) => e.kind === 'assigned');
      expect(assigned).toEqual([
        expect.objectContaining({ actor: 'mod', by: modName, assignee: modName }),
        expect.objectContaining({ actor: 'admin', by: adminName, assignee: adminName }),
        expect.objectContaining({ actor: 'mod', by: modName, assignee: null }),
      ]);
      const events = (await outbox(id)).map((e) => JSON.parse(e.data) as Record<string, unknown>);
      expect(events).toEqual([
        {
          id,
          type: 'article',
          title: 'Zu prüfen',
          state: 'proposed',
          assignee: modName,
          previous_assignee: null,
          by: modName,
        },
        expect.objectContaining({ assignee: adminName, previous_assignee: modName, by: adminName }),
        expect.objectContaining({ assignee: null, previous_assignee: adminName, by: modName }),
      ]);

      // The dashboard tells who has it and who did it.
      await assign(mod, id, modName);
      const dashboard = (
        await mod.request({ method: 'GET', url: '/api/v1/admin/dashboard' })
      ).json<Dashboard>();
      expect(dashboard.data.proposals.find((p) => p.id === id)?.assignee).toBe(modName);
      expect(dashboard.data.timeline[0]).toMatchObject({ kind: 'assigned', by: modName, assignee: modName });
    });

    it('refuses a name that is no staff account (400 naming username), and an unknown entry (404)', async () => {
      const { data } = await insertTestEntry(t.database.db, { state: 'proposed' });
      const unknown = await assign(mod, data.id, 'Niemand');
      expect(unknown.statusCode).toBe(400);
      expect(errorOf(unknown)).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ field: 'username' }] });
      expect(errorOf(unknown).message).toContain('username');
      const badBody = await mod.request({
        method: 'PUT',
        url: `${BASE}/entry/${data.id}/assignee`,
        payload: { user: modName },
      });
      expect(badBody.statusCode).toBe(400);
      const missing = await assign(mod, 'a'.repeat(22), modName);
      expect(missing.statusCode).toBe(404);
      expect(await outbox(data.id)).toEqual([]);
    });

    it('refuses a deleted entry (409)', async () => {
      const { data } = await insertTestEntry(t.database.db, { state: 'deleted' });
      const response = await assign(mod, data.id, modName);
      expect(response.statusCode).toBe(409);
    });

    it('lets moderation assign, and refuses an author (403) and nobody (401)', async () => {
      const author = await t.newClient();
      const id = await createEntryAsAuthor(author);
      expect((await assign(author, id, modName)).statusCode).toBe(403);
      const nobody = await t.newClient();
      expect((await assign(nobody, id, modName)).statusCode).toBe(401);
      expect((await assign(mod, id, modName)).statusCode).toBe(200);
      // The author's timeline has no assignments and names nobody.
      const own = await author.request({ method: 'GET', url: `/api/v1/anon/${id}/events` });
      expect(own.statusCode).toBe(200);
      const ownEvents = own.json<{ data: EntryEvent[] }>().data;
      expect(ownEvents.map((e) => e.kind)).not.toContain('assigned');
      expect(ownEvents.every((e) => !('by' in e) && !('assignee' in e))).toBe(true);
    });

    it('releases the entries of a deleted account', async () => {
      const leaver = `Geht${tag}`;
      await createUser(t.database.db, { username: leaver, role: 'mod', password: 'correct horse battery' });
      const { data } = await insertTestEntry(t.database.db, { state: 'proposed' });
      await assign(mod, data.id, leaver);
      await deleteUser(t.database.db, leaver);
      const read = await mod.request({ method: 'GET', url: `${BASE}/entry/${data.id}` });
      expect(read.json<Entry>().data.assignee).toBeNull();
      // The timeline still tells whom it went to.
      expect((await timeline(data.id)).at(-1)).toMatchObject({ kind: 'assigned', assignee: leaver });
    });
  });

  describe('the list', () => {
    it('shows who has each entry and filters by assignee, or by nobody', async () => {
      const type = 'event';
      const mine = await insertTestEntry(t.database.db, { type, state: 'proposed', title: 'Meins' });
      const theirs = await insertTestEntry(t.database.db, { type, state: 'proposed', title: 'Ihres' });
      const free = await insertTestEntry(t.database.db, { type, state: 'proposed', title: 'Frei' });
      await assign(mod, mine.data.id, modName);
      await assign(admin, theirs.data.id, adminName);

      const byMod = await list(`filters=assignee:is:${modName.toLowerCase()},type:is:${type}`);
      expect(byMod.data.map((e) => e.id)).toContain(mine.data.id);
      expect(byMod.data.every((e) => e.assignee === modName)).toBe(true);
      expect(byMod.meta.pagination.total_entries).toBe(byMod.data.length);

      const nobody = await list(`filters=assignee:is:none,type:is:${type},state:is:proposed`);
      const ids = nobody.data.map((e) => e.id);
      expect(ids).toContain(free.data.id);
      expect(ids).not.toContain(mine.data.id);
      expect(ids).not.toContain(theirs.data.id);
      expect(nobody.data.every((e) => e.assignee === null)).toBe(true);

      const all = await list(`filters=type:is:${type}&page_size=100`);
      expect(all.data.find((e) => e.id === theirs.data.id)?.assignee).toBe(adminName);

      for (const filters of ['assignee:is:Niemand', `assignee:is:${modName},assignee:is:none`]) {
        const response = await mod.request({ method: 'GET', url: `${BASE}/entries?filters=${filters}` });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).fields?.[0]?.field).toBe('filters');
      }
    });
  });

  describe('the staff list', () => {
    it('names every mod and admin for moderation', async () => {
      const response = await mod.request({ method: 'GET', url: '/api/v1/admin/staff' });
      expect(response.statusCode).toBe(200);
      const staff = response.json<StaffList>().data.staff;
      expect(staff).toEqual(
        expect.arrayContaining([
          { username: modName, role: 'mod' },
          { username: adminName, role: 'admin' },
        ]),
      );
    });
  });

  describe('bulk actions', () => {
    it('publishes 200 entries, each in its own transaction, and names each refusal', async () => {
      const proposed = [];
      for (let i = 0; i < 195; i += 1) {
        proposed.push(
          (await insertTestEntry(t.database.db, { state: 'proposed', title: `Massen ${i}` })).data,
        );
      }
      const deleted = (await insertTestEntry(t.database.db, { state: 'deleted' })).data;
      const incompleteDraft = (await insertTestEntry(t.database.db, { state: 'draft' })).data;
      const incompleteProposal = (await insertTestEntry(t.database.db, { state: 'proposed' })).data;
      // Its type gained a required field since it was proposed (the lead is required now).
      for (const { id } of [incompleteDraft, incompleteProposal]) {
        const row = await t.database.db
          .selectFrom('entries')
          .select('data')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const { lead: _lead, ...fields } = JSON.parse(row.data) as Record<string, unknown>;
        await t.database.db
          .updateTable('entries')
          .set({ data: JSON.stringify(fields) })
          .where('id', '=', id)
          .execute();
      }
      const alreadyPublished = (await insertTestEntry(t.database.db, { state: 'published' })).data;
      const unknown = 'b'.repeat(22);
      const ids = [
        ...proposed.map((e) => e.id),
        deleted.id,
        incompleteDraft.id,
        incompleteProposal.id,
        alreadyPublished.id,
        unknown,
      ];
      expect(ids).toHaveLength(200);

      const response = await bulk(mod, { ids, action: 'publish' });
      expect(response.statusCode, response.body).toBe(200);
      const { results, succeeded, failed } = response.json<EntryBulkAnswer>().data;
      expect(results.map((r) => r.id)).toEqual(ids);
      expect(succeeded).toBe(196);
      expect(failed).toBe(4);
      const refused = results.filter((r) => !r.ok);
      expect(refused).toEqual([
        expect.objectContaining({ id: deleted.id, status: 409, code: 'INVALID_TRANSITION' }),
        expect.objectContaining({ id: incompleteDraft.id, status: 400, code: 'VALIDATION_FAILED' }),
        expect.objectContaining({ id: incompleteProposal.id, status: 400, code: 'VALIDATION_FAILED' }),
        { id: unknown, ok: false, status: 404, code: 'NOT_FOUND', message: 'no such entry' },
      ]);
      expect(refused[1]).toMatchObject({ message: expect.stringContaining('„Lead“') });

      const states = await t.database.db
        .selectFrom('entries')
        .select(['id', 'state', 'published_at', 'revision'])
        .where(
          'id',
          'in',
          ids.filter((id) => id !== unknown),
        )
        .execute();
      const byId = new Map(states.map((s) => [s.id, s]));
      for (const entry of proposed) {
        const stored = byId.get(entry.id)!;
        expect(stored.state).toBe('published');
        // Published now, as a single publish without a time: nothing is scheduled.
        expect(stored.published_at).not.toBeNull();
        expect(stored.published_at!).toBeLessThanOrEqual(Date.now());
      }
      expect(byId.get(incompleteProposal.id)?.state).toBe('proposed');
      expect(byId.get(incompleteDraft.id)?.state).toBe('draft');
      // Already published: left as it was.
      expect(byId.get(alreadyPublished.id)?.revision).toBe(alreadyPublished.revision);
      const published = await t.database.db
        .selectFrom('outbox_events')
        .select(['entry_id', 'available_at', 'created_at'])
        .where('type', '=', 'entry.published')
        .where(
          'entry_id',
          'in',
          proposed.map((e) => e.id),
        )
        .execute();
      expect(published).toHaveLength(195);
      expect(published.every((e) => e.available_at === e.created_at)).toBe(true);
    }, 120_000);

    it('rejects, deletes and assigns', async () => {
      const entries = [];
      for (let i = 0; i < 3; i += 1)
        entries.push((await insertTestEntry(t.database.db, { state: 'proposed' })).data);
      const ids = entries.map((e) => e.id);

      const assigned = await bulk(admin, { ids, action: 'assign', assignee: modName });
      expect(assigned.json<EntryBulkAnswer>().data).toMatchObject({ succeeded: 3, failed: 0 });
      const mine = await list(`filters=assignee:is:${modName}&page_size=100`);
      for (const id of ids) expect(mine.data.map((e) => e.id)).toContain(id);
      expect(await outbox(ids[0]!)).toHaveLength(1);

      const rejected = await bulk(mod, { ids: ids.slice(0, 2), action: 'reject' });
      expect(rejected.json<EntryBulkAnswer>().data).toMatchObject({ succeeded: 2, failed: 0 });
      const deleted = await bulk(mod, { ids, action: 'delete' });
      expect(deleted.json<EntryBulkAnswer>().data).toMatchObject({ succeeded: 3, failed: 0 });
      const rows = await t.database.db.selectFrom('entries').select('state').where('id', 'in', ids).execute();
      expect(rows.every((r) => r.state === 'deleted')).toBe(true);

      const released = await bulk(mod, { ids: [entries[0]!.id], action: 'assign', assignee: null });
      expect(released.json<EntryBulkAnswer>().data.results[0]).toMatchObject({ ok: false, status: 409 });
    });

    it('refuses a bad request as a whole (400 naming the field)', async () => {
      const { data } = await insertTestEntry(t.database.db, { state: 'proposed' });
      const cases: [unknown, string][] = [
        [{ ids: [data.id], action: 'assign' }, 'assignee'],
        [{ ids: [data.id], action: 'assign', assignee: 'Niemand' }, 'assignee'],
        [{ ids: [data.id], action: 'publish', assignee: modName }, 'assignee'],
        [{ ids: [], action: 'publish' }, 'ids'],
        [{ ids: Array.from({ length: 501 }, () => data.id), action: 'publish' }, 'ids'],
        [{ ids: [data.id], action: 'archive' }, 'action'],
      ];
      for (const [payload, field] of cases) {
        const response = await bulk(mod, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(response.body).toContain(field);
      }
      const row = await t.database.db
        .selectFrom('entries')
        .select('state')
        .where('id', '=', data.id)
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('proposed');
    });

    it('refuses an author (403) and nobody (401)', async () => {
      const author = await t.newClient();
      const id = await createEntryAsAuthor(author);
      expect((await bulk(author, { ids: [id], action: 'delete' })).statusCode).toBe(403);
      expect((await bulk(await t.newClient(), { ids: [id], action: 'delete' })).statusCode).toBe(401);
    });
  });
});
