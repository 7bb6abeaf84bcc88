import { randomBytes } from 'node:crypto';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '@einwurf/contract';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { testDatabases } from '../../test/db.ts';
import { completeFields, insertTestEntry } from '../../test/entries.ts';
import { createEntryAsAuthor } from '../../test/pow.ts';
import { insertFile } from '../files/repository.ts';
import { registerOperatorMetrics } from './prometheus.ts';
import type { OperatorFigures } from './service.ts';

const TOKEN = randomBytes(24).toString('base64url');

/** The value of one series in Prometheus' text format (`name{labels} value`), undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabases())('/metrics on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  it('answers 401 with a Bearer challenge without the token or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${Buffer.from(`einwurf:${TOKEN}`).toString('base64')}`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expect(response.body).not.toContain('einwurf_entries');
    }
    const right = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain/);
    expect(right.headers['cache-control']).toBe('no-store');
  });

  it('reports the figures, and they follow a proposal, an upload, a solve and a failed login', async () => {
    const before = await scrape();
    expect(valueOf(before, 'einwurf_database_up')).toBe(1);
    for (const state of ['draft', 'proposed', 'rejected', 'published', 'deleted']) {
      expect(valueOf(before, `einwurf_entries{state="${state}"}`), state).toEqual(expect.any(Number));
    }
    expect(valueOf(before, 'einwurf_pow_difficulty_bits')).toBe(2);
    for (const series of [
      'einwurf_proposals_waiting',
      'einwurf_oldest_proposal_age_seconds',
      'einwurf_files',
      'einwurf_file_bytes',
      'einwurf_database_size_bytes',
      'einwurf_outbox_backlog',
      'einwurf_webhook_deliveries{state="pending"}',
      'einwurf_mail_deliveries{state="failed"}',
      'einwurf_pow_solves_total',
    ]) {
      expect(valueOf(before, series), series).toEqual(expect.any(Number));
    }
    expect(valueOf(before, 'einwurf_login_failures_total{account="author",reason="rate_limited"}')).toBe(0);
    expect(before).toContain('# TYPE einwurf_pow_solves_total counter');
    expect(before).toContain('# TYPE einwurf_entries gauge');

    // An author creates an entry through the proof of work and proposes it.
    const author = await t.newClient();
    const id = await createEntryAsAuthor(author);
    const current = await author.request({ method: 'GET', url: `/api/v1/anon/${id}` });
    const saved = await author.request({
      method: 'PUT',
      url: `/api/v1/anon/${id}`,
      payload: {
        data: {
          ...current.json<Entry>().data,
          title: 'Neue Velowege',
          content: 'Mehr Platz fürs Velo.',
          ...completeFields('article'),
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const proposed = await author.request({ method: 'POST', url: `/api/v1/anon/${id}/publish` });
    expect(proposed.statusCode, proposed.body).toBe(200);
    await insertFile(t.database.db, {
      id: randomBytes(16).toString('base64url'),
      entry_id: id,
      key: `${id}/plan`,
      preview_key: null,
      name: 'plan.pdf',
      extension: 'pdf',
      content_type: 'application/pdf',
      size: 1234,
      sha256: '',
      is_image: 0,
      created_at: Date.now(),
    });
    const refused = await t.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'nobody', password: 'not the password' },
    });
    expect(refused.statusCode).toBe(401);

    const after = await scrape();
    const grew = (series: string) => valueOf(after, series)! - (valueOf(before, series) ?? 0);
    expect(grew('einwurf_entries{state="proposed"}')).toBe(1);
    expect(grew('einwurf_proposals_waiting')).toBe(1);
    expect(grew('einwurf_files')).toBe(1);
    expect(grew('einwurf_file_bytes')).toBe(1234);
    expect(grew('einwurf_pow_solves_total')).toBe(1);
    expect(
      valueOf(after, 'einwurf_login_failures_total{account="moderation",reason="invalid_credentials"}'),
    ).toBe(1);
    expect(valueOf(after, 'einwurf_oldest_proposal_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts entries per state from the kept counts, deleted ones included', async () => {
    const before = await scrape();
    await insertTestEntry(t.database.db, { state: 'published' });
    await insertTestEntry(t.database.db, { state: 'deleted' });
    const after = await scrape();
    for (const [state, added] of [
      ['published', 1],
      ['deleted', 1],
      ['rejected', 0],
    ] as const) {
      const series = `einwurf_entries{state="${state}"}`;
      expect(valueOf(after, series)! - valueOf(before, series)!, state).toBe(added);
    }
  });

  it('answers a scrape when the database is gone, with einwurf_database_up 0', async () => {
    const database = await target.create();
    const app = await buildApp(testConfig({ metricsToken: TOKEN }), {
      db: database.db,
      housekeepingStartDelayMs: 0,
    });
    try {
      const headers = { authorization: `Bearer ${TOKEN}` };
      const up = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(valueOf(up.body, 'einwurf_database_up')).toBe(1);
      await database.destroy();
      const down = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(down.statusCode).toBe(200);
      expect(valueOf(down.body, 'einwurf_database_up')).toBe(0);
      // The last figures read stay, rather than a misleading zero.
      expect(valueOf(down.body, 'einwurf_pow_difficulty_bits')).toBe(2);
      expect(down.body).toContain('process_cpu_user_seconds_total');
    } finally {
      await app.close();
    }
  });
});

describe.each(testDatabases())('/metrics without a token configured on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  it('answers 404, whatever the request brings', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(response.body).not.toContain('process_cpu');
    }
  });
});

describe('the operator figures at scrape time', () => {
  const figures = (waiting: number): OperatorFigures => ({
    entriesPerState: { draft: 0, proposed: waiting, rejected: 0, published: 0, deleted: 0 },
    proposalsWaiting: waiting,
    oldestProposalAgeSeconds: null,
    powDifficultyBits: 16,
    files: 0,
    fileBytes: 0,
    databaseSizeBytes: 0,
    outboxBacklog: 0,
    webhookDeliveries: { pending: 0, failed: 0 },
    mailDeliveries: { pending: 0, failed: 0 },
  });

  it('reads once per scrape for all gauges, and a reading that hangs bounds the scrape', async () => {
    const registry = new Registry();
    let reads = 0;
    let hang = false;
    const never = new Promise<OperatorFigures>(() => {});
    registerOperatorMetrics(
      registry,
      async () => {
        reads += 1;
        return hang ? never : figures(reads);
      },
      100,
    );
    const first = await registry.metrics();
    expect(reads).toBe(1);
    expect(valueOf(first, 'einwurf_proposals_waiting')).toBe(1);
    expect(valueOf(first, 'einwurf_database_up')).toBe(1);

    hang = true;
    const started = performance.now();
    const slow = await registry.metrics();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(valueOf(slow, 'einwurf_database_up')).toBe(0);
    expect(valueOf(slow, 'einwurf_proposals_waiting')).toBe(1);
    expect(reads).toBe(2);
    // The hanging reading is joined, not doubled, by the next scrape.
    await registry.metrics();
    expect(reads).toBe(2);
  });
});
