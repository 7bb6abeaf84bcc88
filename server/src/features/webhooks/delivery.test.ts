import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { WebhookEndpointCreated } from '@einwurf/contract';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { testConfig } from '../../test/config.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry, TEST_MODERATOR } from '../../test/entries.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';
import { addComment } from '../comments/service.ts';
import { changeEntryState } from '../entries/service.ts';
import { createWebhookEndpoint } from './service.ts';

// Delivery across processes: two instances sharing a PostgreSQL database, and a server killed
// between the commit of a change and the delivery of its event.

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases().filter((t) => t.name === 'postgres'))('two instances on $name', (target) => {
  it('deliver every event once between them, in order per entry', { timeout: 60_000 }, async () => {
    const database = await target.create();
    const secondDb = createDatabase({ dialect: 'postgres', url: database.url });
    const config = testConfig({ webhookAllowPrivate: true, outboxPollMs: 30, webhookRetryScheduleMs: [100] });
    const receiver = await startWebhookReceiver();
    // A slow receiver, so both instances have deliveries in flight at once.
    receiver.answer = () => ({ delayMs: 15 });
    const first = await buildApp(config, { db: database.db, housekeepingStartDelayMs: 0 });
    const second = await buildApp(config, { db: secondDb, housekeepingStartDelayMs: 0 });
    try {
      const endpoint = await createWebhookEndpoint(
        database.db,
        { url: receiver.url, events: ['entry.proposed', 'entry.published', 'comment.created'] },
        { allowPrivate: true },
      );
      const ENTRIES = 30;
      // Both instances write: changes are spread over the two pools.
      await Promise.all(
        Array.from({ length: ENTRIES }, async (_, i) => {
          const db = i % 2 === 0 ? database.db : secondDb;
          const entry = await insertTestEntry(db, { state: 'proposed', title: `Eintrag ${i}` });
          await changeEntryState(db, entry.data.id, 'published', TEST_MODERATOR);
          await addComment(db, entry.data.id, { title: 'Gut', content: String(i) }, TEST_MODERATOR);
        }),
      );
      const expected = ENTRIES * 3;
      await receiver.waitFor((r) => r.length >= expected, 40_000);
      await sleep(500);
      const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
      expect(ids).toHaveLength(expected);
      expect(new Set(ids).size).toBe(expected);
      const verifier = new Webhook(endpoint.secret);
      const byEntry = new Map<string, string[]>();
      for (const received of receiver.received) {
        verifier.verify(received.body, received.headers as Record<string, string>);
        const entryId = String(
          (received.data['entry'] as { id?: string } | undefined)?.id ?? received.data['id'],
        );
        byEntry.set(entryId, [...(byEntry.get(entryId) ?? []), received.type]);
      }
      expect(byEntry.size).toBe(ENTRIES);
      for (const types of byEntry.values()) {
        expect(types).toEqual(['entry.proposed', 'entry.published', 'comment.created']);
      }
      const pending = await database.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '<>', 'delivered')
        .executeTakeFirstOrThrow();
      expect(Number(pending.n)).toBe(0);
    } finally {
      await first.close();
      await second.close();
      await secondDb.destroy();
      await receiver.close();
      await database.destroy();
    }
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the real server (src/main.ts) in a child process and waits until it answers. */
async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${env['PORT']}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
    await sleep(100);
  }
  return { child, output: () => output };
}

/** A tiny browser over fetch: cookies and the CSRF token. */
function httpClient(origin: string) {
  const cookies = new Map<string, string>();
  let csrf = '';
  return async (method: string, url: string, body?: unknown) => {
    const response = await fetch(origin + url, {
      method,
      headers: {
        'content-type': 'application/json',
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    csrf = response.headers.get('x-csrf-token') ?? csrf;
    return response;
  };
}

describe.each(testDatabases())('a server killed between commit and delivery on $name', (target) => {
  it('delivers the event after a restart', { timeout: 120_000 }, async () => {
    const database = await target.create();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-kill-'));
    const receiverPort = await freePort();
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      EINWURF_DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      EINWURF_SECRET: randomBytes(24).toString('base64url'),
      EINWURF_ADMIN_USERNAME: 'admin',
      EINWURF_ADMIN_PASSWORD: 'kill-test-password',
      EINWURF_WEB_DIST: path.join(dataDir, 'no-web'),
      EINWURF_WEBHOOK_ALLOW_PRIVATE: 'true',
      EINWURF_WEBHOOK_TIMEOUT: '500ms',
      EINWURF_WEBHOOK_RETRY_SCHEDULE: '200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms',
      EINWURF_OUTBOX_POLL_INTERVAL: '100ms',
      LOG_LEVEL: 'warn',
    };
    let server = await startServer(env);
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
    try {
      const request = httpClient(`http://127.0.0.1:${port}`);
      await request('GET', '/api/v1/auth');
      const login = await request('POST', '/api/v1/auth', {
        username: 'admin',
        password: env.EINWURF_ADMIN_PASSWORD,
      });
      expect(login.status).toBe(200);
      // The receiver is down: the change commits, its delivery cannot happen yet.
      const created = await request('POST', '/api/v1/admin/webhooks', {
        url: `http://127.0.0.1:${receiverPort}/hook`,
        events: ['entry.published'],
      });
      expect(created.status).toBe(201);
      const { secret } = ((await created.json()) as WebhookEndpointCreated).data;
      const entry = await insertTestEntry(database.db, { state: 'proposed', title: 'Überlebt' });
      const stored = (await (
        await request('GET', `/api/v1/admin/collection/entry/${entry.data.id}`)
      ).json()) as {
        data: Record<string, unknown>;
      };
      const published = await request('PUT', `/api/v1/admin/collection/entry/${entry.data.id}`, {
        data: { ...stored.data, state: 'published' },
      });
      expect(published.status).toBe(200);
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));

      const events = await database.db
        .selectFrom('outbox_events')
        .select('type')
        .where('entry_id', '=', entry.data.id)
        // In the order written: without it PostgreSQL answers an updated (dispatched) row last.
        .orderBy('id')
        .execute();
      expect(events.map((e) => e.type)).toEqual(['entry.proposed', 'entry.published']);
      const delivered = await database.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('state', '=', 'delivered')
        .execute();
      expect(delivered).toHaveLength(0);

      receiver = await startWebhookReceiver(receiverPort);
      server = await startServer(env);
      await receiver.waitFor((r) => r.length >= 1, 30_000);
      const [received] = receiver.received;
      expect(received?.type).toBe('entry.published');
      expect(
        new Webhook(secret).verify(received!.body, received!.headers as Record<string, string>),
      ).toMatchObject({
        type: 'entry.published',
        data: { id: entry.data.id, title: 'Überlebt', state: 'published' },
      });
    } finally {
      // A child killed by a signal has no exit code but a signal code: waiting for it would never end
      // and hide why the test failed.
      const running = server.child.exitCode === null && server.child.signalCode === null;
      server.child.kill('SIGTERM');
      if (running) await new Promise((resolve) => server.child.once('exit', resolve));
      await receiver?.close();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
