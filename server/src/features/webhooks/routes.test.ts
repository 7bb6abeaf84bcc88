import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditList,
  ErrorBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreated,
} from '@einwurf/contract';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry, TEST_MODERATOR } from '../../test/entries.ts';
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../../test/webhook-receiver.ts';
import { addComment } from '../comments/service.ts';
import { changeEntryState, AUTHOR } from '../entries/service.ts';
import { newWebhookSecret } from './signature.ts';

const WEBHOOKS = '/api/v1/admin/webhooks';
const ALL_EVENTS = [
  'entry.proposed',
  'entry.published',
  'entry.unpublished',
  'entry.rejected',
  'entry.deleted',
  'comment.created',
];

/** Quick retries and polls, so a test sees a whole retry schedule in a second. */
const FAST = {
  webhookAllowPrivate: true,
  outboxPollMs: 30,
  webhookRetryScheduleMs: [100, 100, 100, 100, 100, 100, 100],
  webhookTimeoutMs: 1000,
};

function verify(secret: string, received: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(received.body, received.headers as Record<string, string>);
}

describe.each(testDatabases())('webhooks on $name', (target) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp(target, FAST);
    await t.loginAs('admin');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await receiver?.close();
    // Each test starts without endpoints, so one test's events go nowhere else.
    for (const endpoint of (await t.request({ method: 'GET', url: WEBHOOKS })).json<{
      data: WebhookEndpoint[];
    }>().data) {
      await t.request({ method: 'DELETE', url: `${WEBHOOKS}/${endpoint.id}` });
    }
  });

  const createEndpoint = async (url: string, events: string[] = ALL_EVENTS) => {
    const response = await t.request({
      method: 'POST',
      url: WEBHOOKS,
      payload: { url, events, description: 'Test' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WebhookEndpointCreated>().data;
  };
  const deliveriesOf = async (id: string) =>
    (await t.request({ method: 'GET', url: `${WEBHOOKS}/${id}/deliveries` })).json<{
      data: WebhookDelivery[];
    }>().data;
  const endpointOf = async (id: string) =>
    (await t.request({ method: 'GET', url: WEBHOOKS }))
      .json<{ data: WebhookEndpoint[] }>()
      .data.find((e) => e.id === id);
  const ok = (received: ReceivedWebhook[]) => received.filter((r) => r.status === 200);
  /** The endpoint's deliveries once the newest is in the given state (the receiver answers before the app records it). */
  const settledDeliveriesOf = async (id: string, state: WebhookDelivery['state']) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const deliveries = await deliveriesOf(id);
      if (deliveries[0]?.state === state || Date.now() > deadline) return deliveries;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('is for admins only', async () => {
    receiver = await startWebhookReceiver();
    const anonymous = await t.newClient();
    expect((await anonymous.request({ method: 'GET', url: WEBHOOKS })).statusCode).toBe(401);
    const mod = await t.newClient();
    await mod.loginAs('mod');
    expect((await mod.request({ method: 'GET', url: WEBHOOKS })).statusCode).toBe(403);
    const posted = await mod.request({
      method: 'POST',
      url: WEBHOOKS,
      payload: { url: receiver.url, events: ['entry.published'] },
    });
    expect(posted.statusCode).toBe(403);
  });

  it('creates an endpoint with a Standard Webhooks secret shown once, lists, changes and deletes it', async () => {
    receiver = await startWebhookReceiver();
    const created = await createEndpoint(receiver.url, ['entry.published']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(created).toMatchObject({
      url: receiver.url,
      events: ['entry.published'],
      enabled: true,
      disabled_reason: null,
    });

    const listed = await t.request({ method: 'GET', url: WEBHOOKS });
    expect(listed.body).not.toContain(created.secret.slice(6));
    expect(listed.json<{ data: WebhookEndpoint[] }>().data).toEqual([
      expect.objectContaining({ id: created.id, description: 'Test' }),
    ]);

    const patched = await t.request({
      method: 'PATCH',
      url: `${WEBHOOKS}/${created.id}`,
      payload: { events: ['entry.deleted', 'comment.created'], description: 'Neu', enabled: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ data: WebhookEndpoint }>().data).toMatchObject({
      events: ['entry.deleted', 'comment.created'],
      description: 'Neu',
      enabled: false,
    });

    expect((await t.request({ method: 'DELETE', url: `${WEBHOOKS}/${created.id}` })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `${WEBHOOKS}/${created.id}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${WEBHOOKS}/${created.id}/deliveries` })).statusCode).toBe(
      404,
    );
  });

  it.each([
    ['not a URL', { url: 'nicht eine URL', events: ['entry.published'] }, 'url'],
    ['another scheme', { url: 'ftp://example.org/hook', events: ['entry.published'] }, 'url'],
    [
      'credentials in the URL',
      { url: 'https://user:pw@example.org/hook', events: ['entry.published'] },
      'url',
    ],
    ['no events', { url: 'https://example.org/hook', events: [] }, 'events'],
    ['an unknown event', { url: 'https://example.org/hook', events: ['entry.saved'] }, 'events'],
    ['no URL', { events: ['entry.published'] }, 'url'],
  ])('refuses %s with 400 naming the field', async (_, payload, field) => {
    const response = await t.request({ method: 'POST', url: WEBHOOKS, payload });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json<ErrorBody>().error)).toContain(field);
  });

  it('reports every lifecycle change and comment, signed, in order', async () => {
    receiver = await startWebhookReceiver();
    const endpoint = await createEndpoint(receiver.url);
    const entry = await insertTestEntry(t.database.db, { title: 'Stadtfest' });
    const id = entry.data.id;
    await changeEntryState(t.database.db, id, 'proposed', AUTHOR, 'proposed');
    // Moderation publishes over the API: the worker is woken after the answer.
    const current = await t.request({ method: 'GET', url: `/api/v1/admin/collection/entry/${id}` });
    const published = await t.request({
      method: 'PUT',
      url: `/api/v1/admin/collection/entry/${id}`,
      payload: { data: { ...current.json<{ data: Record<string, unknown> }>().data, state: 'published' } },
    });
    expect(published.statusCode, published.body).toBe(200);
    await addComment(t.database.db, id, { title: 'Frage', content: 'Wann?' }, TEST_MODERATOR);
    await changeEntryState(t.database.db, id, 'rejected', TEST_MODERATOR);
    await changeEntryState(t.database.db, id, 'published', TEST_MODERATOR);
    await changeEntryState(t.database.db, id, 'deleted', TEST_MODERATOR, 'deleted');

    const expected = [
      'entry.proposed',
      'entry.published',
      'comment.created',
      'entry.unpublished',
      'entry.rejected',
      'entry.published',
      'entry.unpublished',
      'entry.deleted',
    ];
    await receiver.waitFor((r) => r.length >= expected.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.map((r) => r.type)).toEqual(expected);
    await settledDeliveriesOf(endpoint.id, 'delivered');
    for (const received of receiver.received) {
      const verified = verify(endpoint.secret, received) as {
        type: string;
        timestamp: string;
        data: unknown;
      };
      expect(verified.type).toBe(received.type);
      expect(new Date(verified.timestamp).toISOString()).toBe(verified.timestamp);
      expect(received.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(received.headers['webhook-id']).toMatch(/^msg_/);
    }
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(expected.length);
    expect(receiver.received[1]!.data).toEqual({
      id,
      type: 'article',
      title: 'Stadtfest',
      state: 'published',
      previous_state: 'proposed',
    });
    expect(receiver.received[2]!.data).toMatchObject({
      entry: { id, title: 'Stadtfest', state: 'published' },
      comment: { title: 'Frage', content: 'Wann?', origin: 'moderation' },
    });
    // Another secret does not verify.
    expect(() => verify(newWebhookSecret(), receiver.received[0]!)).toThrow();

    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries).toHaveLength(expected.length);
    expect(deliveries.map((d) => d.event)).toEqual([...expected].reverse());
    expect(deliveries[0]).toMatchObject({ state: 'delivered', entry_id: id, next_attempt_at: null });
    expect(deliveries[0]!.attempts).toEqual([
      { attempted_at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), error: null },
    ]);
  });

  it('sends an endpoint only the events it subscribes to, and nothing while disabled', async () => {
    receiver = await startWebhookReceiver();
    const endpoint = await createEndpoint(receiver.url, ['entry.published']);
    const entry = await insertTestEntry(t.database.db, { state: 'proposed' });
    await changeEntryState(t.database.db, entry.data.id, 'rejected', TEST_MODERATOR);
    await changeEntryState(t.database.db, entry.data.id, 'published', TEST_MODERATOR);
    await receiver.waitFor((r) => r.length >= 1);
    await t.request({ method: 'PATCH', url: `${WEBHOOKS}/${endpoint.id}`, payload: { enabled: false } });
    await changeEntryState(t.database.db, entry.data.id, 'proposed', TEST_MODERATOR);
    await changeEntryState(t.database.db, entry.data.id, 'published', TEST_MODERATOR);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.received.map((r) => r.type)).toEqual(['entry.published']);
  });

  it('retries after a 500 with the same webhook-id, and records each attempt', async () => {
    receiver = await startWebhookReceiver();
    receiver.answer = ({ index }) => ({ status: index < 2 ? 500 : 200 });
    const endpoint = await createEndpoint(receiver.url, ['entry.proposed']);
    await insertTestEntry(t.database.db, { state: 'proposed' });
    await receiver.waitFor((r) => ok(r).length === 1);
    expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const received of receiver.received) expect(verify(endpoint.secret, received)).toBeTruthy();
    const [delivery] = await settledDeliveriesOf(endpoint.id, 'delivered');
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts.map((a) => [a.status_code, a.error])).toEqual([
      [200, null],
      [500, 'HTTP 500'],
      [500, 'HTTP 500'],
    ]);
    expect((await endpointOf(endpoint.id))?.failing_since).toBeNull();
  });

  it('retries after a time-out', async () => {
    receiver = await startWebhookReceiver();
    receiver.answer = ({ index }) => ({ delayMs: index === 0 ? 1500 : 0 });
    const endpoint = await createEndpoint(receiver.url, ['entry.proposed']);
    await insertTestEntry(t.database.db, { state: 'proposed' });
    await receiver.waitFor((r) => r.length >= 2);
    const [delivery] = await settledDeliveriesOf(endpoint.id, 'delivered');
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts.map((a) => [a.status_code, a.error])).toEqual([
      [200, null],
      [null, 'no answer within 1000 ms'],
    ]);
    expect(delivery?.attempts[1]?.duration_ms).toBeGreaterThanOrEqual(900);
  });

  it('gives a delivery up after the last retry and disables an endpoint failing too long, saying why', async () => {
    receiver = await startWebhookReceiver();
    receiver.answer = () => ({ status: 503 });
    const endpoint = await createEndpoint(receiver.url, ['entry.proposed', 'entry.published']);
    const entry = await insertTestEntry(t.database.db, { state: 'proposed' });
    await receiver.waitFor((r) => r.length >= 8);
    const [failed] = await settledDeliveriesOf(endpoint.id, 'failed');
    // The first attempt and the schedule's seven retries, then it is given up.
    expect(receiver.received).toHaveLength(8);
    expect(failed).toMatchObject({ state: 'failed', next_attempt_at: null });
    expect(failed?.attempts).toHaveLength(8);
    // Failing for longer than the app allows (5 days by default) has not happened yet.
    expect((await endpointOf(endpoint.id))?.enabled).toBe(true);
    expect((await endpointOf(endpoint.id))?.failing_since).not.toBeNull();

    const strict = await createTestApp(target, { ...FAST, webhookDisableAfterMs: 250 });
    try {
      await strict.loginAs('admin');
      const created = (
        await strict.request({
          method: 'POST',
          url: WEBHOOKS,
          payload: { url: receiver.url, events: ['entry.proposed'] },
        })
      ).json<WebhookEndpointCreated>().data;
      receiver.received.length = 0;
      await insertTestEntry(strict.database.db, { state: 'proposed' });
      const disabled = async () =>
        (await strict.request({ method: 'GET', url: WEBHOOKS })).json<{ data: WebhookEndpoint[] }>().data[0];
      const deadline = Date.now() + 5000;
      while ((await disabled())?.enabled !== false && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const shown = await disabled();
      expect(shown).toMatchObject({ id: created.id, enabled: false });
      expect(shown?.disabled_reason).toContain('HTTP 503');
      expect(shown?.disabled_at).not.toBeNull();
      // The system's change is in the audit log.
      const audit = await strict.request({
        method: 'GET',
        url: '/api/v1/admin/audit?filters=kind:is:webhook.updated',
      });
      expect(audit.json<AuditList>().data[0]).toMatchObject({
        actor: { type: 'system', id: null },
        target: { type: 'webhook', id: created.id },
        details: { fields: ['enabled'], enabled: false },
      });
      // Disabled, it receives nothing more; its pending delivery waits.
      const count = receiver.received.length;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(receiver.received.length).toBe(count);
      expect(
        (await strict.request({ method: 'GET', url: `${WEBHOOKS}/${created.id}/deliveries` })).json<{
          data: WebhookDelivery[];
        }>().data[0]?.state,
      ).toBe('pending');

      // Enabled again, the reason goes and the waiting delivery arrives.
      receiver.answer = () => ({ status: 204 });
      const enabled = await strict.request({
        method: 'PATCH',
        url: `${WEBHOOKS}/${created.id}`,
        payload: { enabled: true },
      });
      expect(enabled.json<{ data: WebhookEndpoint }>().data).toMatchObject({
        enabled: true,
        disabled_reason: null,
        failing_since: null,
      });
      await receiver.waitFor((r) => r.some((x) => x.status === 204));
    } finally {
      await strict.close();
    }
    void entry;
  });

  it('redelivers a delivery as the same message', async () => {
    receiver = await startWebhookReceiver();
    const endpoint = await createEndpoint(receiver.url, ['entry.proposed']);
    await insertTestEntry(t.database.db, { state: 'proposed' });
    await receiver.waitFor((r) => r.length === 1);
    const [delivery] = await settledDeliveriesOf(endpoint.id, 'delivered');
    const again = await t.request({
      method: 'POST',
      url: `${WEBHOOKS}/${endpoint.id}/deliveries/${delivery!.id}/redeliver`,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json<{ data: WebhookDelivery }>().data.state).toBe('pending');
    await receiver.waitFor((r) => r.length === 2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(verify(endpoint.secret, receiver.received[1]!)).toBeTruthy();
    expect((await settledDeliveriesOf(endpoint.id, 'delivered'))[0]?.attempts).toHaveLength(2);

    const missing = await t.request({
      method: 'POST',
      url: `${WEBHOOKS}/${endpoint.id}/deliveries/999999/redeliver`,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.request({
      method: 'POST',
      url: `${WEBHOOKS}/${endpoint.id}/deliveries/abc/redeliver`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('pings an endpoint and answers how it went', async () => {
    receiver = await startWebhookReceiver();
    const endpoint = await createEndpoint(receiver.url, ['entry.proposed']);
    const pinged = await t.request({ method: 'POST', url: `${WEBHOOKS}/${endpoint.id}/ping` });
    expect(pinged.statusCode).toBe(200);
    const delivery = pinged.json<{ data: WebhookDelivery }>().data;
    expect(delivery).toMatchObject({ event: 'webhook.ping', state: 'delivered' });
    expect(delivery.attempts[0]).toMatchObject({ status_code: 200, error: null });
    expect(receiver.received).toHaveLength(1);
    expect(verify(endpoint.secret, receiver.received[0]!)).toMatchObject({
      type: 'webhook.ping',
      data: { endpoint_id: endpoint.id },
    });

    receiver.answer = () => ({ status: 404 });
    const failed = (await t.request({ method: 'POST', url: `${WEBHOOKS}/${endpoint.id}/ping` })).json<{
      data: WebhookDelivery;
    }>().data;
    expect(failed).toMatchObject({ state: 'failed' });
    expect(failed.attempts[0]).toMatchObject({ status_code: 404, error: 'HTTP 404' });
    await receiver.close();
    const down = (await t.request({ method: 'POST', url: `${WEBHOOKS}/${endpoint.id}/ping` })).json<{
      data: WebhookDelivery;
    }>().data;
    expect(down).toMatchObject({ state: 'failed' });
    expect(down.attempts[0]).toMatchObject({ status_code: null, error: expect.any(String) });
    expect((await t.request({ method: 'POST', url: `${WEBHOOKS}/nope/ping` })).statusCode).toBe(404);
  });

  it('does not follow a redirect', async () => {
    receiver = await startWebhookReceiver();
    receiver.answer = ({ path }) =>
      path === '/hook'
        ? { status: 302, headers: { location: `http://127.0.0.1:${receiver.port}/elsewhere` } }
        : {};
    const endpoint = await createEndpoint(receiver.url, ['entry.proposed']);
    const pinged = (await t.request({ method: 'POST', url: `${WEBHOOKS}/${endpoint.id}/ping` })).json<{
      data: WebhookDelivery;
    }>().data;
    expect(pinged.state).toBe('failed');
    expect(pinged.attempts[0]?.error).toMatch(
      /^redirect to http:\/\/127\.0\.0\.1:\d+\/elsewhere not followed$/,
    );
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
  });

  it('delivers the events of one entry in order while an earlier one is retried', async () => {
    receiver = await startWebhookReceiver();
    // The first request fails: the entry's later events must wait for its retry.
    receiver.answer = ({ index }) => ({ status: index === 0 ? 500 : 200 });
    await createEndpoint(receiver.url);
    const entry = await insertTestEntry(t.database.db, { state: 'proposed' });
    const id = entry.data.id;
    await changeEntryState(t.database.db, id, 'published', TEST_MODERATOR);
    await changeEntryState(t.database.db, id, 'rejected', TEST_MODERATOR);
    await addComment(t.database.db, id, { title: 'Warum?', content: 'Darum.' }, AUTHOR);
    const expected = [
      'entry.proposed',
      'entry.published',
      'entry.unpublished',
      'entry.rejected',
      'comment.created',
    ];
    await receiver.waitFor((r) => ok(r).length >= expected.length);
    expect(receiver.received[0]).toMatchObject({ type: 'entry.proposed', status: 500 });
    expect(ok(receiver.received).map((r) => r.type)).toEqual(expected);
  });
});

describe.each(testDatabases())('webhooks to private addresses on $name', (target) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp(target, { ...FAST, webhookAllowPrivate: false });
    await t.loginAs('admin');
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/hook',
    'http://172.16.0.1/hook',
    'http://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hook',
    'http://0.0.0.0/hook',
    'http://[::1]/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://2130706433/hook',
  ])('refuses %s at creation with 400 naming url', async (url) => {
    const response = await t.request({
      method: 'POST',
      url: WEBHOOKS,
      payload: { url, events: ['entry.published'] },
    });
    expect(response.statusCode, response.body).toBe(400);
    const error = response.json<ErrorBody>().error;
    expect(error.fields?.[0]?.field).toBe('url');
    expect(error.message).toContain('not a public address');
  });

  it('accepts a public address', async () => {
    const response = await t.request({
      method: 'POST',
      url: WEBHOOKS,
      payload: { url: 'https://93.184.215.14/hook', events: ['entry.published'] },
    });
    expect(response.statusCode).toBe(201);
    await t.request({
      method: 'DELETE',
      url: `${WEBHOOKS}/${response.json<WebhookEndpointCreated>().data.id}`,
    });
  });

  it('refuses a private address at delivery too, after resolving the name', async () => {
    // Endpoints that were allowed once (another setting, or a name whose address changed since).
    const now = Date.now();
    for (const [id, url] of [
      ['literal', receiver.url],
      ['named', `http://localhost:${receiver.port}/hook`],
    ] as const) {
      await t.database.db
        .insertInto('webhook_endpoints')
        .values({
          id,
          url,
          description: '',
          events: JSON.stringify(['entry.proposed']),
          secret: newWebhookSecret(),
          enabled: 1,
          disabled_reason: null,
          disabled_at: null,
          failing_since: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await insertTestEntry(t.database.db, { state: 'proposed' });
    for (const id of ['literal', 'named']) {
      const deadline = Date.now() + 5000;
      let deliveries: WebhookDelivery[] = [];
      while (Date.now() < deadline) {
        deliveries = (await t.request({ method: 'GET', url: `${WEBHOOKS}/${id}/deliveries` })).json<{
          data: WebhookDelivery[];
        }>().data;
        if ((deliveries[0]?.attempts.length ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      expect(deliveries[0]?.attempts[0]).toMatchObject({
        status_code: null,
        error: expect.stringContaining('not a public address'),
      });
    }
    const pinged = (await t.request({ method: 'POST', url: `${WEBHOOKS}/named/ping` })).json<{
      data: WebhookDelivery;
    }>().data;
    expect(pinged.attempts[0]?.error).toContain('localhost resolves to');
    expect(receiver.received).toHaveLength(0);
  });
});
