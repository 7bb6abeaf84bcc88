import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntryValidator, ENTRY_STATES, type EntryList } from '@einwurf/contract';
import { runCli } from '../../cli.ts';
import { recordingIo as cliIo } from '../../test/cli-io.ts';
import type { Database } from '../../db/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { shippedContentTypes, titleRangesRecountedAndKept } from '../../test/entries.ts';
import { TITLE_RANGE_SIZE } from '../search/repository.ts';

/** Every index of the database with its definition, sorted by name. */
async function indexDefinitions(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? await sql<{ definition: string }>`select indexdef as definition from pg_indexes
          where schemaname = current_schema() order by indexname`.execute(db)
      : await sql<{ definition: string }>`select name || ': ' || coalesce(sql, '') as definition
          from sqlite_master where type = 'index' order by name`.execute(db);
  return rows.rows.map((r) => r.definition);
}

describe.each(testDatabases())('einwurf seed on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('admin');
  });
  afterAll(() => t.close());

  it('adds valid entries of every type in every state, with events, comments and the search index', async () => {
    const indexesBefore = await indexDefinitions(t.database.db, target.name);
    const io = cliIo({ DATABASE_URL: t.database.url, LOG_LEVEL: 'silent' });
    expect(await runCli(['seed', '--entries', '200'], io), io.stderr).toBe(0);
    // A seed into an empty database drops the secondary indexes for the load and builds them again.
    expect(await indexDefinitions(t.database.db, target.name)).toEqual(indexesBefore);
    expect(indexesBefore.length).toBeGreaterThan(10);
    expect(io.stdout).toMatch(/^seeded 200 entries, \d+ events, \d+ comments in [\d.]+ s \(\d+ rows\/s\)\n$/);

    const db = t.database.db;
    const rows = await db.selectFrom('entries').select(['id', 'type', 'state', 'title', 'data']).execute();
    expect(rows).toHaveLength(200);
    const contentTypes = await shippedContentTypes();
    for (const type of contentTypes.types.keys()) {
      const states = new Set(rows.filter((r) => r.type === type).map((r) => r.state));
      // The first entries of a seed cover every type in every state.
      expect([...states].sort()).toEqual([...ENTRY_STATES].sort());
    }
    for (const row of rows) {
      const validator = createEntryValidator(contentTypes.types.get(row.type)!.schema);
      expect(validator.validate({ title: row.title, ...JSON.parse(row.data) }, 'strict')).toEqual([]);
    }
    const events = await db.selectFrom('entry_events').select(['entry_id', 'kind']).execute();
    expect(new Set(events.filter((e) => e.kind === 'created').map((e) => e.entry_id)).size).toBe(200);
    expect(events.some((e) => e.kind === 'state_changed')).toBe(true);
    const comments = await db.selectFrom('comments').select('origin').execute();
    expect(new Set(comments.map((c) => c.origin))).toEqual(new Set(['moderation', 'contributor']));

    const listed = await t.request({ method: 'GET', url: '/api/v1/admin/collection/entries' });
    expect(listed.json<EntryList>().meta.pagination.total_entries).toBe(
      rows.filter((r) => r.state !== 'deleted').length,
    );

    // Every seeded entry is found by a word of its title.
    const sample = rows.find((r) => r.state === 'published' && r.title.split(' ')[0]!.length >= 4)!;
    const word = sample.title.split(' ')[0]!;
    const found = await t.request({
      method: 'GET',
      url: `/api/v1/admin/collection/entries?query=${encodeURIComponent(sample.title)}&page_size=100`,
    });
    expect(found.statusCode).toBe(200);
    expect(
      found.json<EntryList>().data.map((e) => e.id),
      word,
    ).toContain(sample.id);

    const dashboard = await t.request({ method: 'GET', url: '/api/v1/admin/dashboard' });
    expect(dashboard.json<{ data: { timeline: unknown[] } }>().data.timeline).toHaveLength(50);

    // Seeding again adds; nothing is replaced.
    const again = cliIo({ DATABASE_URL: t.database.url, LOG_LEVEL: 'silent' });
    expect(await runCli(['seed', '--entries', '20'], again)).toBe(0);
    expect(await db.selectFrom('entries').select('id').execute()).toHaveLength(220);
  });

  it('leaves the title order in buckets of about the size the title list pages by', async () => {
    const io = cliIo({ DATABASE_URL: t.database.url, LOG_LEVEL: 'silent' });
    expect(await runCli(['seed', '--entries', String(2 * TITLE_RANGE_SIZE + 400)], io), io.stderr).toBe(0);
    const buckets = await t.database.db
      .selectFrom('title_ranges')
      .select(['anchor', (eb) => eb.fn.sum<number | string>('count').as('n')])
      .groupBy('anchor')
      .execute();
    expect(buckets.length).toBeGreaterThan(1);
    for (const { n } of buckets) expect(Number(n)).toBeLessThanOrEqual(2 * TITLE_RANGE_SIZE);
    const counts = await titleRangesRecountedAndKept(t.database.db);
    expect(counts.kept).toEqual(counts.recounted);
  });

  it('refuses a count that is not a positive whole number', async () => {
    const io = cliIo({ DATABASE_URL: t.database.url });
    expect(await runCli(['seed', '--entries', 'many'], io)).toBe(1);
    expect(io.stderr).toContain('--entries must be a whole number');
  });
});
