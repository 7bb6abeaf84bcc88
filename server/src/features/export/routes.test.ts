import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseCsv } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely, KyselyPlugin, TableNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryState, ErrorBody } from '@einwurf/contract';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/types.ts';
import { createClient, createTestApp, type TestApp } from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import type { ExportedEntry } from './service.ts';

const URL_EXPORT = '/api/v1/admin/collection/export';
const jsonLines = (body: string) =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ExportedEntry);
const csvRecords = (body: string) =>
  parseCsv(body, { bom: true, columns: true, relax_column_count: false }) as Record<string, string>[];
const fieldOf = (r: LightMyRequestResponse) => r.json<ErrorBody>().error.fields?.[0]?.field;

/** Counts the export's batch queries, to see that a download that went away stops reading. */
function batchCounter(): KyselyPlugin & { batches: number } {
  const counter = {
    batches: 0,
    transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
      const node = args.node;
      if (node.kind === 'SelectQueryNode' && node.limit !== undefined) {
        const from = node.from?.froms[0];
        if (from?.kind === 'TableNode' && (from as TableNode).table.identifier.name === 'entries')
          counter.batches += 1;
      }
      return node;
    },
    transformResult: async (args: Parameters<KyselyPlugin['transformResult']>[0]) => args.result,
  };
  return counter;
}

describe.each(testDatabases())('exporting entries on $name', (target) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  const download = async (query: string) => {
    const response = await t.request({ method: 'GET', url: `${URL_EXPORT}?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('admin');
    const add = async (key: string, type: string, state: EntryState, title: string, fields = {}) => {
      ids[key] = (await insertTestEntry(t.database.db, { type, state, title, fields })).data.id;
    };
    await add('draft', 'article', 'draft', 'Entwurf');
    await add('published', 'article', 'published', 'Veröffentlicht, mit "Anführung"', {
      tags: ['a', 'b'],
      lead: '@SUM(A1)',
    });
    await add('formula', 'article', 'proposed', '=HYPERLINK("https://example.org","x")', { lead: '+1' });
    await add('event', 'event', 'published', '-Minus', { capacity: 80, free_entry: true });
    await add('deleted', 'article', 'deleted', 'Gelöscht');
  });
  afterAll(() => t.close());

  it('writes JSON Lines with every field, state and timestamp, and never the password hash', async () => {
    const response = await download('');
    expect(response.headers['content-type']).toBe('application/jsonl; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="einwurf-entries-\d{4}-\d{2}-\d{2}\.jsonl"$/,
    );
    expect(response.headers['x-total-count']).toBe('4');
    expect(response.body).not.toMatch(/password|revision|not a hash/);
    const lines = jsonLines(response.body);
    expect(lines.map((line) => line.id).sort()).toEqual(
      [ids['draft'], ids['published'], ids['formula'], ids['event']].sort(),
    );
    const published = lines.find((line) => line.id === ids['published'])!;
    expect(Object.keys(published).sort()).toEqual(
      ['created_at', 'data', 'id', 'published_at', 'state', 'title', 'type', 'updated_at'].sort(),
    );
    expect(published).toMatchObject({
      type: 'article',
      state: 'published',
      title: 'Veröffentlicht, mit "Anführung"',
      data: { tags: ['a', 'b'], lead: '@SUM(A1)', content: 'Text.', category: 'local' },
    });
    for (const stamp of [published.created_at, published.updated_at, published.published_at]) {
      expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    expect(lines.find((line) => line.id === ids['draft'])!.published_at).toBeNull();
    // Oldest change first.
    const times = lines.map((line) => line.updated_at);
    expect(times).toEqual([...times].sort());
  });

  it('filters by type and state like the submissions list; deleted entries only when asked for', async () => {
    const ofQuery = async (query: string) => jsonLines((await download(query)).body).map((line) => line.id);
    expect((await ofQuery('type=event')).sort()).toEqual([ids['event']]);
    expect((await ofQuery('state=published')).sort()).toEqual([ids['published'], ids['event']].sort());
    expect(await ofQuery('type=article&state=published')).toEqual([ids['published']]);
    expect(await ofQuery('state=deleted')).toEqual([ids['deleted']]);
    expect(await ofQuery('type=event&state=rejected')).toEqual([]);
    const empty = await download('type=event&state=rejected&format=csv');
    expect(empty.headers['x-total-count']).toBe('0');
    expect(csvRecords(empty.body)).toEqual([]);
  });

  it('writes CSV a real parser reads back: header, nested values as JSON, formulas defused', async () => {
    const response = await download('format=csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="einwurf-entries-[\d-]+\.csv"$/);
    expect(response.body).not.toMatch(/password|not a hash/);
    const records = csvRecords(response.body);
    expect(records).toHaveLength(4);
    const header = Object.keys(records[0]!);
    expect(header.slice(0, 7)).toEqual([
      'id',
      'type',
      'state',
      'title',
      'created_at',
      'updated_at',
      'published_at',
    ]);
    // Both types' fields, each once, the title only among the fixed columns.
    expect(header).toEqual(expect.arrayContaining(['content', 'lead', 'tags', 'starts_at', 'capacity']));
    expect(new Set(header).size).toBe(header.length);
    expect(header.filter((name) => name === 'title')).toHaveLength(1);

    expect(records.map((record) => record['id']).sort()).toEqual(
      [ids['draft'], ids['published'], ids['formula'], ids['event']].sort(),
    );
    const byId = new Map(records.map((record) => [record['id'], record]));
    const published = byId.get(ids['published'])!;
    expect(published['title']).toBe('Veröffentlicht, mit "Anführung"');
    expect(JSON.parse(published['tags']!)).toEqual(['a', 'b']);
    expect(published['lead']).toBe("'@SUM(A1)");
    expect(published['starts_at']).toBe('');
    const formula = byId.get(ids['formula'])!;
    expect(formula['title']).toBe(`'=HYPERLINK("https://example.org","x")`);
    expect(formula['lead']).toBe("'+1");
    expect(formula['published_at']).toBe('');
    const event = byId.get(ids['event'])!;
    expect(event['title']).toBe("'-Minus");
    expect(event['capacity']).toBe('80');
    expect(event['free_entry']).toBe('true');
    expect(event['lead']).toBe('');
    for (const record of records) {
      for (const [column, value] of Object.entries(record)) {
        if (column === 'id') continue;
        expect(value, `${column} of ${record['id']}`).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });

  it("a type's CSV has that type's fields alone", async () => {
    const records = csvRecords((await download('format=csv&type=event')).body);
    expect(records.map((record) => record['id'])).toEqual([ids['event']]);
    const header = Object.keys(records[0]!);
    expect(header).toContain('capacity');
    expect(header).not.toContain('lead');
  });

  it('answers 400 naming a bad parameter', async () => {
    const cases: [string, string][] = [
      ['format=xml', 'format'],
      ['format=', 'format'],
      ['type=nosuchtype', 'type'],
      ['state=gone', 'state'],
    ];
    for (const [query, field] of cases) {
      const response = await t.request({ method: 'GET', url: `${URL_EXPORT}?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(fieldOf(response), query).toBe(field);
    }
  });

  it('is for admins: 401 without a session, 403 for a moderator', async () => {
    const anonymous = await t.newClient();
    expect((await anonymous.request({ method: 'GET', url: URL_EXPORT })).statusCode).toBe(401);
    const mod = await t.newClient();
    await mod.loginAs('mod');
    expect((await mod.request({ method: 'GET', url: URL_EXPORT })).statusCode).toBe(403);
    expect((await mod.request({ method: 'GET', url: `${URL_EXPORT}?format=xml` })).statusCode).toBe(403);
  });

  // Last: it adds an entry the other tests do not count.
  it('writes ids as they are, also one beginning with "-"', async () => {
    await t.database.db
      .insertInto('entries')
      .values({
        id: '-A1-B2_leading-dash',
        type: 'event',
        state: 'rejected',
        title: 'Roh',
        data: JSON.stringify({ content: 'x' }),
        password_hash: 'not a hash',
        revision: 1,
        created_at: 1_700_000_000_000,
        updated_at: 1_700_000_000_000,
        deleted_at: null,
        published_at: null,
      })
      .execute();
    const records = csvRecords((await download('format=csv&type=event&state=rejected')).body);
    expect(records.map((record) => record['id'])).toEqual(['-A1-B2_leading-dash']);
  });

  it('is described in the OpenAPI document with both content types', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }>;
    }>();
    const route = doc.paths['/api/v1/admin/collection/export'];
    expect(Object.keys(route!.get.responses['200']!.content).sort()).toEqual([
      'application/jsonl; charset=utf-8',
      'text/csv; charset=utf-8',
    ]);
  });
});

describe.each(testDatabases())('a large export on $name', (target) => {
  const ENTRIES = 4000;
  const counter = batchCounter();
  let close: () => Promise<void>;
  let baseUrl: string;
  let cookie: string;
  let db: Kysely<Database>;

  beforeAll(async () => {
    const database = await target.create();
    db = database.db;
    // Written directly in bulk, with a large body each, so the download outgrows socket buffers;
    // many share one updated_at, so batches end inside runs of equal times.
    const content = 'x'.repeat(20_000);
    for (let start = 0; start < ENTRIES; start += 250) {
      await db
        .insertInto('entries')
        .values(
          Array.from({ length: 250 }, (_, i) => ({
            id: randomBytes(16).toString('base64url'),
            type: 'article',
            state: 'draft' as const,
            title: `Eintrag ${start + i}`,
            data: JSON.stringify({ content }),
            password_hash: 'secret hash',
            revision: 1,
            created_at: 1_700_000_000_000,
            updated_at: 1_700_000_000_000 + Math.floor((start + i) / 7),
            deleted_at: null,
            published_at: null,
          })),
        )
        .execute();
    }
    const app = await buildApp(testConfig(), { db: db.withPlugin(counter), housekeepingStartDelayMs: 0 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const client = await createClient(app, database);
    await client.loginAs('admin');
    cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    close = async () => {
      await app.close();
      await database.destroy();
    };
  }, 120_000);
  afterAll(() => close());

  it('sends every entry once across batches, over a real connection', async () => {
    const response = await fetch(`${baseUrl}${URL_EXPORT}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const lines = jsonLines(await response.text());
    expect(lines).toHaveLength(ENTRIES);
    expect(new Set(lines.map((line) => line.id)).size).toBe(ENTRIES);
  }, 60_000);

  it('stops reading when the client goes away, and leaves the pool usable', async () => {
    for (let round = 0; round < 12; round += 1) {
      const before = counter.batches;
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(`${baseUrl}${URL_EXPORT}`, { headers: { cookie } }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (error) =>
          (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? null : reject(error),
        );
        req.end();
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const read = counter.batches - before;
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Four batches make the whole export; a download dropped after its first bytes reads fewer,
      // and nothing more once it is gone.
      expect(read).toBeLessThan(4);
      expect(counter.batches - before).toBe(read);
    }
    const response = await fetch(`${baseUrl}${URL_EXPORT}?state=published`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  }, 60_000);
});
