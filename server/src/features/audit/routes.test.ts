import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditKind, AuditList, AuditRecord, Entry, ErrorBody } from '@einwurf/contract';
import { runHousekeeping } from '../../plugins/housekeeping.ts';
import { createDatabaseSpentTokenStore } from '../pow/spent-tokens.ts';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry } from '../../test/entries.ts';
import { createUser } from '../users/service.ts';
import { recordAudit } from './service.ts';

const AUDIT = '/api/v1/admin/audit';
const ENTRY = '/api/v1/admin/collection/entry';
const csvRecords = (body: string) => parseCsv(body, { bom: true, columns: true }) as Record<string, string>[];
const fieldOf = (body: string) => (JSON.parse(body) as ErrorBody).error.fields?.[0]?.field;

describe.each(testDatabases())('audit log on $name', (target) => {
  let t: TestApp;
  let adminName: string;

  const list = async (query = '', client: TestClient = t) => {
    const response = await client.request({ method: 'GET', url: `${AUDIT}?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditList>();
  };
  const ofKind = async (kind: AuditKind, extra = '') =>
    (await list(`filters=kind:is:${kind}${extra}&page_size=100`)).data;
  const login = (client: TestClient, username: string, password: string, ip = '198.51.100.1') =>
    client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username, password },
      headers: { 'x-forwarded-for': ip },
    });

  beforeAll(async () => {
    t = await createTestApp(target, { trustProxy: true, webhookAllowPrivate: true });
    adminName = `Chefin${Math.random().toString(36).slice(2, 6)}`;
    await t.loginAs('admin', adminName);
  });
  afterAll(() => t.close());

  it('records logins that succeed, fail and are refused, and logouts, without addresses by default', async () => {
    const client = await t.newClient();
    await createUser(t.database.db, { username: 'Pruefer', role: 'mod', password: TEST_PASSWORD });
    expect((await login(client, 'pruefer', 'wrong password 1')).statusCode).toBe(401);
    expect((await login(client, 'Niemand', 'wrong password 2')).statusCode).toBe(401);
    expect((await login(client, 'Pruefer', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await client.request({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);

    const failed = await ofKind('auth.login.failed');
    expect(failed.map((r) => r.actor)).toEqual(
      expect.arrayContaining([
        { type: 'anonymous', id: null, username: 'pruefer' },
        { type: 'anonymous', id: null, username: 'Niemand' },
      ]),
    );
    const [succeeded] = await ofKind('auth.login.succeeded', ',actor:is:pruefer');
    expect(succeeded).toMatchObject({
      actor: { type: 'user', username: 'Pruefer' },
      target: { type: 'user' },
    });
    expect(succeeded!.actor.id).toBe(succeeded!.target!.id);
    expect(succeeded!.client_address).toBeNull();
    const [logout] = await ofKind('auth.logout', ',actor:is:Pruefer');
    expect(logout).toMatchObject({ actor: { username: 'Pruefer' } });

    // Refused logins after too many failures of one client for one account.
    for (let i = 0; i < 10; i++) await login(client, 'Pruefer', `wrong again ${i}`, '198.51.100.2');
    expect((await login(client, 'Pruefer', TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(429);
    expect((await login(client, 'Pruefer', 'once more', '198.51.100.2')).statusCode).toBe(429);
    const lockouts = await ofKind('auth.login.locked');
    expect(lockouts).toHaveLength(1);
    const [locked] = lockouts;
    expect(locked).toMatchObject({ actor: { type: 'anonymous', username: 'Pruefer' }, client_address: null });
  });

  it('records account changes through the API with the acting admin', async () => {
    const create = await t.request({
      method: 'POST',
      url: '/api/v1/admin/users',
      payload: { username: 'Neuling', role: 'mod', password: TEST_PASSWORD },
    });
    expect(create.statusCode, create.body).toBe(201);
    const role = await t.request({
      method: 'PUT',
      url: '/api/v1/admin/users/neuling',
      payload: { role: 'admin' },
    });
    expect(role.statusCode, role.body).toBe(200);
    const password = await t.request({
      method: 'PATCH',
      url: '/api/v1/admin/users/Neuling',
      payload: { password: 'another long password' },
    });
    expect(password.statusCode, password.body).toBe(200);
    expect((await t.request({ method: 'DELETE', url: '/api/v1/admin/users/Neuling' })).statusCode).toBe(204);

    const [created] = await ofKind('user.created', `,actor:is:${adminName}`);
    expect(created).toMatchObject({
      actor: { type: 'user', username: adminName },
      target: { type: 'user' },
      details: { username: 'Neuling', role: 'mod' },
    });
    const userId = created!.target!.id;
    const [changed] = await ofKind('user.role_changed');
    expect(changed).toMatchObject({
      target: { type: 'user', id: userId },
      details: { username: 'Neuling', from: 'mod', to: 'admin' },
    });
    const [set] = await ofKind('user.password_set');
    expect(set).toMatchObject({ target: { id: userId }, details: { own: false } });
    const [deleted] = await ofKind('user.deleted');
    expect(deleted).toMatchObject({ actor: { username: adminName }, target: { type: 'user', id: userId } });
  });

  it('leaves no record of a change rolled back, nor of one refused', async () => {
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          kind: 'settings.changed',
          actor: { type: 'system' },
          target: { type: 'setting', id: 'rolled-back' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const settings = await ofKind('settings.changed');
    expect(settings.filter((r) => r.target?.id === 'rolled-back')).toEqual([]);

    const missing = await t.request({
      method: 'PUT',
      url: '/api/v1/admin/users/Gibtsnicht',
      payload: { role: 'mod' },
    });
    expect(missing.statusCode).toBe(404);
    const changes = await ofKind('user.role_changed');
    expect(changes.filter((r) => r.details['username'] === 'Gibtsnicht')).toEqual([]);
  });

  it("records moderation's state changes and deletions, and the system's purge", async () => {
    const proposed = await insertTestEntry(t.database.db, { state: 'proposed', title: 'Zu prüfen' });
    const other = await insertTestEntry(t.database.db, { state: 'proposed', title: 'Abzulehnen' });
    const put = (entry: Entry, state: string) =>
      t.request({
        method: 'PUT',
        url: `${ENTRY}/${entry.data.id}`,
        payload: { data: { ...entry.data, state } },
      });
    expect((await put(proposed, 'published')).statusCode).toBe(200);
    expect((await put(other, 'rejected')).statusCode).toBe(200);
    const removed = await t.request({ method: 'DELETE', url: `${ENTRY}/${other.data.id}` });
    expect(removed.statusCode).toBe(204);

    const changes = await ofKind('entry.state_changed', `,actor:is:${adminName}`);
    expect(changes.find((r) => r.target?.id === proposed.data.id)).toMatchObject({
      target: { type: 'entry' },
      details: { type: 'article', from: 'proposed', to: 'published' },
    });
    expect(changes.find((r) => r.target?.id === other.data.id)).toMatchObject({
      details: { from: 'proposed', to: 'rejected' },
    });
    const [deleted] = await ofKind('entry.deleted', `,actor:is:${adminName}`);
    expect(deleted).toMatchObject({
      target: { type: 'entry', id: other.data.id },
      details: { from: 'rejected', to: 'deleted' },
    });

    const spentTokens = createDatabaseSpentTokenStore(t.database.db);
    await runHousekeeping({ db: t.database.db, spentTokens, retentionDays: 1 }, Date.now() + 2 * 86_400_000);
    const purged = await ofKind('entry.purged');
    expect(purged.find((r) => r.target?.id === other.data.id)).toMatchObject({
      actor: { type: 'system', id: null, username: null },
    });
  });

  it('records each entry a bulk action changes, as its single action would', async () => {
    const entries = [
      await insertTestEntry(t.database.db, { state: 'proposed', title: 'Sammel eins' }),
      await insertTestEntry(t.database.db, { state: 'proposed', title: 'Sammel zwei' }),
    ];
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/admin/collection/entries/bulk',
      payload: { ids: entries.map((e) => e.data.id), action: 'reject' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const changes = await ofKind('entry.state_changed', `,actor:is:${adminName}`);
    for (const entry of entries) {
      expect(changes.find((r) => r.target?.id === entry.data.id)).toMatchObject({
        details: { from: 'proposed', to: 'rejected' },
      });
    }
  });

  it('records exports and webhook changes', async () => {
    const exported = await t.request({
      method: 'GET',
      url: '/api/v1/admin/collection/export?format=csv&state=published',
    });
    expect(exported.statusCode).toBe(200);
    const [download] = await ofKind('export.downloaded');
    expect(download).toMatchObject({
      actor: { username: adminName },
      details: { dataset: 'entries', format: 'csv', filters: { state: 'published' } },
    });

    const created = await t.request({
      method: 'POST',
      url: '/api/v1/admin/webhooks',
      payload: { url: 'http://127.0.0.1:9/hook', events: ['entry.published'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/v1/admin/webhooks/${id}`,
      payload: { enabled: false, description: 'Aus' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/admin/webhooks/${id}` })).statusCode).toBe(204);

    const [made] = await ofKind('webhook.created');
    expect(made).toMatchObject({
      target: { type: 'webhook', id },
      details: { url: 'http://127.0.0.1:9/hook', events: ['entry.published'] },
    });
    expect(JSON.stringify(made)).not.toContain('whsec_');
    const [updated] = await ofKind('webhook.updated');
    expect(updated).toMatchObject({ target: { id }, details: { fields: ['description', 'enabled'] } });
    const [gone] = await ofKind('webhook.deleted');
    expect(gone).toMatchObject({ actor: { username: adminName }, target: { type: 'webhook', id } });
  });

  it('lists newest first and filters by kind, person and time, page by page', async () => {
    const base = Date.parse('2020-03-01T12:00:00Z');
    for (let i = 0; i < 5; i++) {
      await recordAudit(t.database.db, {
        kind: 'settings.changed',
        actor: { type: 'user', id: 'u-1', username: 'Zeitreisende' },
        target: { type: 'setting', id: `s${i}` },
        details: { fields: ['x'] },
        at: base + i * 86_400_000,
      });
    }
    const all = await list('filters=actor:is:zeitreisende');
    expect(all.data.map((r) => r.target?.id)).toEqual(['s4', 's3', 's2', 's1', 's0']);
    expect(all.data.every((r) => r.kind === 'settings.changed')).toBe(true);

    const page = await list('filters=actor:is:Zeitreisende&page_size=2&current_page=2');
    expect(page.data.map((r) => r.target?.id)).toEqual(['s2', 's1']);
    expect(page.meta.pagination).toMatchObject({
      total_entries: 5,
      last_page: 3,
      next_page: 3,
      previous_page: 2 - 1,
    });

    const window = await list(
      'filters=actor:is:Zeitreisende,at:gte:2020-03-02T12:00:00Z,at:lte:2020-03-04T00:00:00%2B01:00',
    );
    expect(window.data.map((r) => r.target?.id)).toEqual(['s2', 's1']);
    const days = await list('filters=actor:is:Zeitreisende&from=2020-03-02&to=2020-03-03');
    expect(days.data.map((r) => r.target?.id)).toEqual(['s2', 's1']);
    const newest = (await list('page_size=1')).data[0]!;
    expect(Date.parse(newest.at)).toBeGreaterThan(base + 5 * 86_400_000);
  });

  it.each([
    ['filters=kind:is:nope', 'filters'],
    ['filters=kind:was:user.created', 'filters'],
    ['filters=who:is:x', 'filters'],
    ['filters=at:gte:yesterday', 'filters'],
    ['filters=kind:is:user.created,kind:is:user.deleted', 'filters'],
    ['from=01.02.2026', 'from'],
    ['to=2026-13-45', 'to'],
    ['filters=at:gte:2026-01-01&from=2026-01-01', 'from'],
    ['page_size=0', 'page_size'],
    ['current_page=x', 'current_page'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const response = await t.request({ method: 'GET', url: `${AUDIT}?${query}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(fieldOf(response.body)).toBe(field);
  });

  it('downloads the filtered log as CSV, guarded against formulas, and records the download', async () => {
    await recordAudit(t.database.db, {
      kind: 'auth.login.failed',
      actor: { type: 'anonymous', username: '=HYPERLINK("x")' },
      at: Date.parse('2020-01-01T00:00:00Z'),
    });
    const response = await t.request({
      method: 'GET',
      url: `${AUDIT}.csv?filters=actor:is:Zeitreisende,at:lte:2020-03-03`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="einwurf-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csvRecords(response.body);
    expect(rows.map((r) => r['target_id'])).toEqual(['s2', 's1', 's0']);
    expect(rows[0]).toMatchObject({
      kind: 'settings.changed',
      at: '2020-03-03T12:00:00.000Z',
      actor_type: 'user',
      actor_id: 'u-1',
      actor_username: 'Zeitreisende',
      target_type: 'setting',
      client_address: '',
    });
    expect(JSON.parse(rows[0]!['details']!)).toEqual({ fields: ['x'] });

    const guarded = csvRecords((await t.request({ method: 'GET', url: `${AUDIT}.csv?to=2020-01-01` })).body);
    expect(guarded.map((r) => r['actor_username'])).toEqual([`'=HYPERLINK("x")`]);

    const [download] = await ofKind('export.downloaded', `,actor:is:${adminName}`);
    expect(download).toMatchObject({
      details: { dataset: 'audit', format: 'csv', filters: { to: '2020-01-01T23:59:59.999Z' } },
    });
    const bad = await t.request({ method: 'GET', url: `${AUDIT}.csv?filters=kind:is:x` });
    expect(bad.statusCode).toBe(400);
  });

  it('is for admins only: a mod gets 403, an author and nobody 401', async () => {
    const mod = await t.newClient();
    await mod.loginAs('mod');
    for (const url of [AUDIT, `${AUDIT}.csv`]) {
      expect((await mod.request({ method: 'GET', url })).statusCode).toBe(403);
      const anon = await t.newClient();
      expect((await anon.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/admin/audit', '/api/v1/admin/audit.csv']),
    );
  });

  it('is append-only: the database refuses to change or delete a record', async () => {
    const { db } = t.database;
    await expect(db.updateTable('audit_log').set({ kind: 'user.created' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    if (target.name === 'postgres') {
      await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    }
    expect((await list()).meta.pagination.total_entries).toBeGreaterThan(0);
  });
});

describe.each(testDatabases())('audit client addresses on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { trustProxy: true, auditClientAddress: true });
    await t.loginAs('admin', 'Mitadresse');
  });
  afterAll(() => t.close());

  it('keeps the client address when the operator turns it on', async () => {
    const client = await t.newClient();
    const failed = await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'Mitadresse', password: 'not the password' },
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    expect(failed.statusCode).toBe(401);
    const response = await t.request({ method: 'GET', url: `${AUDIT}?filters=kind:is:auth.login.failed` });
    const [record] = response.json<{ data: AuditRecord[] }>().data;
    expect(record).toMatchObject({ actor: { username: 'Mitadresse' }, client_address: '203.0.113.77' });
  });
});
