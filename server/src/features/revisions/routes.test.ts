import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, EntryRevision, EntryRevisionList, ErrorBody } from '@einwurf/contract';
import { createTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { completeFields, insertTestEntry } from '../../test/entries.ts';
import { createEntryAsAuthor } from '../../test/pow.ts';
import { purgeDeletedEntries } from '../entries/service.ts';

const BASE = '/api/v1/admin/collection/entry';
const codeOf = (r: LightMyRequestResponse) => r.json<ErrorBody>().error.code;

describe.each(testDatabases())('entry revisions on $name', (target) => {
  let t: TestApp;
  let author: TestClient;

  const revisions = async (id: string, query = '') => {
    const response = await t.request({ method: 'GET', url: `${BASE}/${id}/revisions${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EntryRevisionList>();
  };
  const snapshot = async (id: string, revision: number) => {
    const response = await t.request({ method: 'GET', url: `${BASE}/${id}/revisions/${revision}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EntryRevision>().data;
  };
  const moderate = async (id: string, data: Record<string, unknown>) => {
    const current = (await t.request({ method: 'GET', url: `${BASE}/${id}` })).json<Entry>();
    const response = await t.request({
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { data: { ...current.data, ...data } },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Entry>();
  };
  const authorSave = async (id: string, data: Record<string, unknown>) => {
    const current = (await author.request({ method: 'GET', url: `/api/v1/anon/${id}` })).json<Entry>();
    const response = await author.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: { data: { ...current.data, ...data } },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Entry>();
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('mod', `mod${Math.random().toString(36).slice(2, 8)}`);
    author = await t.newClient();
  });
  afterAll(() => t.close());

  it('keeps the creation and every save, the author’s and moderation’s, newest first', async () => {
    const id = await createEntryAsAuthor(author);
    await authorSave(id, {
      title: 'Velowege',
      content: 'Mehr Platz fürs Velo.',
      ...completeFields('article'),
    });
    const proposed = await author.request({ method: 'POST', url: `/api/v1/anon/${id}/publish` });
    expect(proposed.statusCode, proposed.body).toBe(200);
    await moderate(id, { state: 'rejected' });
    await authorSave(id, { content: 'Viel mehr Platz fürs Velo.' });

    const list = await revisions(id);
    expect(list.data.map((r) => [r.revision, r.actor, r.state, r.title])).toEqual([
      [4, 'author', 'rejected', 'Velowege'],
      [3, 'mod', 'rejected', 'Velowege'],
      [2, 'author', 'draft', 'Velowege'],
      [1, 'author', 'draft', ''],
    ]);
    expect(list.data[1]?.username).toMatch(/^mod/);
    expect(list.data[0]?.username).toBeNull();
    expect(list.meta.pagination).toMatchObject({ total_entries: 4, current_page: 1, last_page: 1 });
    // The rejection saw revision 3: a diff since it starts there.
    expect(list.meta.last_decision).toMatchObject({
      revision: 3,
      from_state: 'proposed',
      to_state: 'rejected',
      actor: 'mod',
    });

    const first = await snapshot(id, 1);
    expect(first).toMatchObject({ revision: 1, title: '', content: '', state: 'draft', fields: {} });
    const latest = await snapshot(id, 4);
    expect(latest).toMatchObject({ revision: 4, content: 'Viel mehr Platz fürs Velo.', title: 'Velowege' });
    expect(latest.fields).toEqual(completeFields('article'));
    expect(latest.fields).not.toHaveProperty('content');
  });

  it('pages the list', async () => {
    const { data } = await insertTestEntry(t.database.db, { title: 'Eins' });
    for (const title of ['Zwei', 'Drei', 'Vier']) await moderate(data.id, { title });
    const page = await revisions(data.id, '?page_size=2&current_page=2');
    expect(page.data.map((r) => r.revision)).toEqual([3, 2]);
    expect(page.meta.pagination).toMatchObject({
      total_entries: 5,
      page_size: 2,
      current_page: 2,
      previous_page: 1,
      next_page: 3,
      last_page: 3,
    });
    expect(page.meta.last_decision).toBeNull();
    const past = await revisions(data.id, '?page_size=2&current_page=9');
    expect(past.data).toEqual([]);
    const bad = await t.request({ method: 'GET', url: `${BASE}/${data.id}/revisions?page_size=0` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.fields?.[0]?.field).toBe('page_size');
  });

  it('answers 404 for an unknown entry or revision, 400 for a bad revision number', async () => {
    const { data } = await insertTestEntry(t.database.db);
    for (const url of [
      `${BASE}/nope/revisions`,
      `${BASE}/nope/revisions/1`,
      `${BASE}/${data.id}/revisions/99`,
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(codeOf(response)).toBe('NOT_FOUND');
    }
    const restore = await t.request({
      method: 'POST',
      url: `${BASE}/${data.id}/revisions/99/restore`,
      payload: {},
    });
    expect(restore.statusCode).toBe(404);
    for (const revision of ['0', 'abc']) {
      const response = await t.request({ method: 'GET', url: `${BASE}/${data.id}/revisions/${revision}` });
      expect(response.statusCode, revision).toBe(400);
    }
  });

  it('refuses authors and anonymous readers as other admin routes do', async () => {
    const id = await createEntryAsAuthor(author);
    const asAuthor = await author.request({ method: 'GET', url: `${BASE}/${id}/revisions` });
    expect(asAuthor.statusCode).toBe(403);
    const anonymous = await t.newClient();
    const asNobody = await anonymous.request({ method: 'GET', url: `${BASE}/${id}/revisions/1` });
    expect(asNobody.statusCode).toBe(401);
    const restore = await author.request({
      method: 'POST',
      url: `${BASE}/${id}/revisions/1/restore`,
      payload: {},
    });
    expect(restore.statusCode).toBe(403);
  });

  it('restores an older revision as a new save in the current state', async () => {
    const { data } = await insertTestEntry(t.database.db, {
      title: 'Alt',
      content: 'Der alte Text.',
      state: 'proposed',
    });
    const changed = await moderate(data.id, { title: 'Neu', content: 'Der neue Text.', lead: 'Anders.' });
    expect(changed.data.revision).toBe(3);

    const stale = await t.request({
      method: 'POST',
      url: `${BASE}/${data.id}/revisions/2/restore`,
      payload: { revision: 2 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<Entry & ErrorBody>()).toMatchObject({
      error: { code: 'CONFLICT' },
      data: { revision: 3 },
    });

    const restored = await t.request({
      method: 'POST',
      url: `${BASE}/${data.id}/revisions/2/restore`,
      payload: { revision: 3 },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Entry>().data).toMatchObject({
      revision: 4,
      state: 'proposed',
      title: 'Alt',
      content: 'Der alte Text.',
      lead: completeFields('article')['lead'],
    });
    const list = await revisions(data.id);
    expect(list.data.map((r) => [r.revision, r.title, r.state])).toEqual([
      [4, 'Alt', 'proposed'],
      [3, 'Neu', 'proposed'],
      [2, 'Alt', 'proposed'],
      [1, '', 'draft'],
    ]);
    // Without an expected revision it restores over whatever is current.
    const again = await t.request({
      method: 'POST',
      url: `${BASE}/${data.id}/revisions/3/restore`,
      payload: {},
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Entry>().data).toMatchObject({ revision: 5, title: 'Neu' });
  });

  it('refuses to restore into a deleted entry, and an incomplete revision into a strict state', async () => {
    const deleted = await insertTestEntry(t.database.db, { state: 'deleted' });
    const refused = await t.request({
      method: 'POST',
      url: `${BASE}/${deleted.data.id}/revisions/1/restore`,
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('INVALID_TRANSITION');

    const published = await insertTestEntry(t.database.db, { state: 'published' });
    // Revision 1 is the empty creation: published entries must be complete.
    const incomplete = await t.request({
      method: 'POST',
      url: `${BASE}/${published.data.id}/revisions/1/restore`,
      payload: {},
    });
    expect(incomplete.statusCode).toBe(400);
    expect(codeOf(incomplete)).toBe('VALIDATION_FAILED');
  });

  it('purges revisions with their entry', async () => {
    const { db } = t.database;
    const gone = await insertTestEntry(db, { state: 'deleted' });
    const kept = await insertTestEntry(db);
    const count = async (id: string) =>
      Number(
        (
          await db
            .selectFrom('entry_revisions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('entry_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count(gone.data.id)).toBe(2);
    await purgeDeletedEntries(db, Date.now() + 1);
    expect(await count(gone.data.id)).toBe(0);
    expect(await count(kept.data.id)).toBe(2);
  });
});
