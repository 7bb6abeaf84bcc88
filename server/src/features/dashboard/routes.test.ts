import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@einwurf/contract';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { addComment } from '../comments/service.ts';
import { AUTHOR } from '../entries/service.ts';

describe.each(testDatabases())('the dashboard on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('mod');
  });
  afterAll(() => t.close());

  it('lists proposals waiting longest first with their latest comment, and the latest events', async () => {
    const empty = (await t.request({ method: 'GET', url: '/api/v1/admin/dashboard' })).json<Dashboard>();
    expect(empty).toEqual({ data: { proposals: [], scheduled: [], timeline: [] } });

    const older = await insertTestEntry(t.database.db, { state: 'proposed', title: 'Älter' });
    const newer = await insertTestEntry(t.database.db, { type: 'event', state: 'proposed', title: 'Neuer' });
    await insertTestEntry(t.database.db, { state: 'published', title: 'Fertig' });
    await addComment(t.database.db, older.data.id, { title: 'Erst', content: 'eins' }, AUTHOR);
    await addComment(
      t.database.db,
      older.data.id,
      { title: 'Dann', content: 'zwei' },
      { actor: 'mod', userId: null },
    );

    const response = await t.request({ method: 'GET', url: '/api/v1/admin/dashboard' });
    expect(response.statusCode).toBe(200);
    const { proposals, timeline } = response.json<Dashboard>().data;
    expect(proposals).toEqual([
      {
        id: older.data.id,
        type: 'article',
        title: 'Älter',
        state: 'proposed',
        updated_at: older.data.updated_at,
        assignee: null,
        latest_comment: {
          title: 'Dann',
          content: 'zwei',
          origin: 'moderation',
          created_at: expect.any(String),
        },
      },
      {
        id: newer.data.id,
        type: 'event',
        title: 'Neuer',
        state: 'proposed',
        updated_at: newer.data.updated_at,
        assignee: null,
        latest_comment: null,
      },
    ]);
    expect(timeline[0]).toEqual({
      entry_id: older.data.id,
      entry_title: 'Älter',
      type: 'article',
      kind: 'comment_added',
      actor: 'mod',
      from_state: null,
      to_state: null,
      created_at: expect.any(String),
      publish_at: null,
      by: null,
      assignee: null,
    });
    const times = timeline.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(timeline.some((e) => e.kind === 'state_changed' && e.to_state === 'published')).toBe(true);
  });

  it('keeps the timeline to the latest 50 events', async () => {
    for (let i = 0; i < 20; i += 1) await insertTestEntry(t.database.db, { state: 'rejected' });
    const { timeline } = (
      await t.request({ method: 'GET', url: '/api/v1/admin/dashboard' })
    ).json<Dashboard>().data;
    expect(timeline).toHaveLength(50);
  });
});
