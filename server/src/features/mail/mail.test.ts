import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '@einwurf/contract';
import { buildApp } from '../../app.ts';
import { runHousekeeping } from '../../plugins/housekeeping.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { testDatabases } from '../../test/db.ts';
import { insertTestEntry, shippedContentTypes } from '../../test/entries.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { addComment } from '../comments/service.ts';
import { saveEntry } from '../entries/author-service.ts';
import { AUTHOR } from '../entries/service.ts';
import { createDatabaseSpentTokenStore } from '../pow/spent-tokens.ts';
import { MAIL_DELIVERY_KEEP_DAYS } from './service.ts';
import { createSmtpTransport } from './transport.ts';

const ORIGIN = 'https://einwurf.example';
const PASSWORD = 'test-password-1234';
const SHORT_TIMEOUTS = { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 1000 };
const DAY = 86_400_000;
const to = (mail: { to?: unknown }) => JSON.stringify(mail.to);

describe.each(testDatabases())('notification mails on $name', (target) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  /** The app's clock: now, until a test moves it on (never back: the outbox uses the real time). */
  let clock = Date.now();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(
      target,
      { publicUrl: ORIGIN, outboxPollMs: 20, mailRetryScheduleMs: [50, 50], mailDigestHour: 7 },
      {
        mailTransport: createSmtpTransport(smtp.url, 'Einwurf <einwurf@example.org>', SHORT_TIMEOUTS),
        now: () => Math.max(clock, Date.now()),
      },
    );
    await t.loginAs('admin');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.mails.length = 0;
    await t.database.db.updateTable('users').set({ email: null }).execute();
    await t.database.db.deleteFrom('mail_deliveries').execute();
    await t.request({ method: 'PUT', url: '/api/v1/admin/settings', payload: { mail_include_text: false } });
  });

  /** A staff account with an address, signed in on a client of its own; its profile changed as given. */
  async function staff(name: string, profile: Record<string, unknown> = {}, role = 'mod') {
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/admin/users',
      payload: { username: name, password: PASSWORD, role, email: `${name.toLowerCase()}@example.org` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const client = await t.newClient();
    await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: name, password: PASSWORD },
    });
    if (Object.keys(profile).length > 0) {
      const changed = await client.request({
        method: 'PATCH',
        url: '/api/v1/admin/profile',
        payload: profile,
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    return client;
  }

  it('mails a new proposal at once, in the account’s language, with the link and the title only', async () => {
    await staff('Mona', { language: 'en' });
    await staff('Nino');
    const entry = await insertTestEntry(t.database.db, {
      state: 'proposed',
      title: 'Der Wasserturm',
      content: 'Geheimer Text der Autorin',
    });
    const mails = await smtp.waitFor(2);
    const english = mails.find((m) => to(m).includes('mona@example.org'))!;
    const german = mails.find((m) => to(m).includes('nino@example.org'))!;
    expect(english.subject).toBe('New proposal: Der Wasserturm');
    expect(german.subject).toBe('Neuer Vorschlag: Der Wasserturm');
    const link = `${ORIGIN}/publish/moderate/article/${entry.data.id}`;
    for (const mail of [english, german]) {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).not.toContain('Geheimer Text');
      expect(JSON.stringify(mail)).not.toContain('not a hash');
    }
    expect(german.from?.text).toContain('einwurf@example.org');

    // An admin lets mails carry the author's words.
    const set = await t.request({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      payload: { mail_include_text: true },
    });
    expect(set.statusCode).toBe(200);
    await insertTestEntry(t.database.db, { state: 'proposed', title: 'Mit Text', content: 'Offener Text' });
    const withText = await smtp.waitFor(4);
    expect(withText.slice(2).every((m) => m.text?.includes('Offener Text'))).toBe(true);
  });

  it('tells of the author’s comments and changes, and of entries assigned to one, as each account chose', async () => {
    await staff('Olga', {
      notifications: { author: 'immediately', assigned: 'immediately', proposed: 'never' },
    });
    await staff('Pia', { notifications: { proposed: 'never' } });
    const entry = await insertTestEntry(t.database.db, { state: 'proposed', title: 'Velowege' });
    await addComment(t.database.db, entry.data.id, { title: 'Frage', content: 'Noch offen?' }, AUTHOR);
    await saveEntry(t.database.db, await shippedContentTypes(), entry.data.id, {
      data: { ...entry.data, title: 'Velowege neu' },
    });
    const assigned = await t.request({
      method: 'PUT',
      url: `/api/v1/admin/collection/entry/${entry.data.id}/assignee`,
      payload: { username: 'Olga' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const mails = await smtp.waitFor(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        'Dir zugewiesen: Velowege neu',
        'Geändert von der Autorin oder dem Autor: Velowege neu',
        'Neuer Kommentar der Autorin oder des Autors: Velowege',
      ].sort(),
    );
    expect(mails.every((m) => to(m).includes('olga@example.org'))).toBe(true);
    expect(mails.find((m) => m.subject?.startsWith('Dir zugewiesen'))?.text).toMatch(
      /hat dir diesen Beitrag zugewiesen/,
    );
  });

  it('gathers a day’s events of a daily choice into one digest at the digest hour', async () => {
    await staff('Quinn', { notifications: { proposed: 'daily', author: 'daily' }, language: 'en' });
    clock = Math.max(clock, Date.now());
    await insertTestEntry(t.database.db, { state: 'proposed', title: 'Erster' });
    await insertTestEntry(t.database.db, { state: 'proposed', title: 'Zweiter' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails).toHaveLength(0);
    // The next 07:00 UTC.
    const seven = Math.floor(clock / DAY) * DAY + 7 * 3_600_000;
    const digestAt = seven > clock ? seven : seven + DAY;
    clock = digestAt - 1;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(0);
    clock = digestAt;
    const [digest] = await smtp.waitFor(1);
    expect(digest!.subject).toBe('Einwurf: 2 updates of the day');
    expect(digest!.text).toContain('Erster');
    expect(digest!.text).toContain('Zweiter');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(1);
    clock += DAY;
  });

  it('retries a mail the server refused, and sends it once it takes it', async () => {
    await staff('Rita');
    smtp.refuse(1);
    // The app's time runs on (it may be ahead of the real one after the digest).
    const ticker = setInterval(() => (clock += 20), 20);
    await insertTestEntry(t.database.db, { state: 'proposed', title: 'Trotzdem' });
    const [mail] = await smtp.waitFor(1).finally(() => clearInterval(ticker));
    expect(mail!.subject).toBe('Neuer Vorschlag: Trotzdem');
    // The server has the mail before the sender has its answer and marks the delivery sent.
    await expect
      .poll(() => t.database.db.selectFrom('mail_deliveries').selectAll().executeTakeFirst())
      .toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('forgets sent and given-up mails after a month and keeps those still waiting', async () => {
    await staff('Paul');
    await insertTestEntry(t.database.db, { state: 'proposed', title: 'Ein Monat' });
    await smtp.waitFor(1);
    const sent = await t.database.db.selectFrom('mail_deliveries').selectAll().executeTakeFirstOrThrow();
    const { id: _id, ...copy } = sent;
    const later = Date.now() + 365 * DAY;
    await t.database.db
      .insertInto('mail_deliveries')
      .values([
        { ...copy, state: 'failed', attempts: 7 },
        { ...copy, state: 'pending', next_attempt_at: later },
      ])
      .execute();
    const spentTokens = createDatabaseSpentTokenStore(t.database.db);
    const housekeepingAt = (now: number) =>
      runHousekeeping({ db: t.database.db, spentTokens, retentionDays: 30 }, now);
    const states = async () =>
      (await t.database.db.selectFrom('mail_deliveries').select('state').orderBy('id').execute()).map(
        (r) => r.state,
      );

    await housekeepingAt(Number(sent.created_at) + MAIL_DELIVERY_KEEP_DAYS * DAY);
    expect(await states()).toEqual(['sent', 'failed', 'pending']);
    await housekeepingAt(Number(sent.created_at) + (MAIL_DELIVERY_KEEP_DAYS + 1) * DAY);
    expect(await states()).toEqual(['pending']);
  });

  it('shows on the health page whether mail is on and what waits', async () => {
    const health = await t.request({ method: 'GET', url: '/api/v1/admin/config/healthmetric' });
    expect(health.json().data.mail).toEqual({ enabled: true, pending: 0, failed: 0 });
  });
});

describe.each(testDatabases())('two instances on one database, on $name', (target) => {
  it('send each mail once between them', async () => {
    const smtp = await startSmtpServer();
    const transport = () => createSmtpTransport(smtp.url, 'einwurf@example.org', SHORT_TIMEOUTS);
    const config = { publicUrl: ORIGIN, outboxPollMs: 10 };
    const first = await createTestApp(target, config, { mailTransport: transport() });
    const second = await buildApp(testConfig(config), {
      db: first.database.db,
      mailTransport: transport(),
      housekeepingStartDelayMs: 0,
    });
    await second.ready();
    try {
      await first.loginAs('admin');
      for (const name of ['Vera', 'Wim']) {
        await first.request({
          method: 'POST',
          url: '/api/v1/admin/users',
          payload: {
            username: name,
            password: PASSWORD,
            role: 'mod',
            email: `${name.toLowerCase()}@example.org`,
          },
        });
      }
      const titles = Array.from({ length: 10 }, (_, i) => `Vorschlag ${i + 1}`);
      for (const title of titles) await insertTestEntry(first.database.db, { state: 'proposed', title });
      await smtp.waitFor(20);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const sent = smtp.mails.map((m) => `${to(m)} ${m.subject}`).sort();
      expect(sent).toHaveLength(20);
      expect(new Set(sent).size).toBe(20);
    } finally {
      await second.close();
      await first.close();
      await smtp.close();
    }
  }, 30_000);
});

describe.each(testDatabases())('a mail server that hangs, on $name', (target) => {
  it('delays no request and loses no mail', async () => {
    // Accepts connections and never says a word.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const t = await createTestApp(
      target,
      { publicUrl: ORIGIN, outboxPollMs: 20, mailRetryScheduleMs: [60_000] },
      {
        mailTransport: createSmtpTransport(`smtp://127.0.0.1:${port}`, 'einwurf@example.org', SHORT_TIMEOUTS),
      },
    );
    try {
      await t.loginAs('admin');
      await t.request({
        method: 'POST',
        url: '/api/v1/admin/users',
        payload: { username: 'Sara', password: PASSWORD, role: 'mod', email: 'sara@example.org' },
      });
      const entry = await insertTestEntry(t.database.db, { state: 'draft', title: 'Hängt nicht' });
      const began = performance.now();
      const response = await t.request({
        method: 'PUT',
        url: `/api/v1/admin/collection/entry/${entry.data.id}`,
        payload: { data: { ...entry.data, state: 'proposed' } },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(performance.now() - began).toBeLessThan(400);
      // The attempt times out, and the mail waits for its retry instead of being lost.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const row = await t.database.db.selectFrom('mail_deliveries').selectAll().executeTakeFirst();
        if (row?.attempts === 1) {
          expect(row).toMatchObject({ state: 'pending', lease_owner: null });
          expect(row.last_error).toMatch(/timeout|Greeting never received/i);
          break;
        }
        if (Date.now() > deadline) throw new Error(`no failed attempt recorded: ${JSON.stringify(row)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await t.close();
      silent.close();
    }
  }, 20_000);
});

describe.each(testDatabases())('profiles and settings on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  it('lets an account change its own address with its password, its language and its notifications', async () => {
    await t.loginAs('admin');
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/admin/users',
      payload: { username: 'Tara', password: PASSWORD, role: 'mod', email: 'tara@example.org' },
    });
    expect(created.json().data.email).toBe('tara@example.org');
    const listed = await t.request({ method: 'GET', url: '/api/v1/admin/users' });
    expect(listed.json().data.users.find((u: { username: string }) => u.username === 'Tara').email).toBe(
      'tara@example.org',
    );
    const badCreate = await t.request({
      method: 'POST',
      url: '/api/v1/admin/users',
      payload: { username: 'Uwe', password: PASSWORD, role: 'mod', email: 'keine adresse' },
    });
    expect(badCreate.statusCode).toBe(400);
    expect(badCreate.json().error.fields[0].field).toBe('email');

    const tara = await t.newClient();
    await tara.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'Tara', password: PASSWORD },
    });
    const profile = await tara.request({ method: 'GET', url: '/api/v1/admin/profile' });
    expect(profile.json<Profile>().data).toEqual({
      username: 'Tara',
      role: 'mod',
      email: 'tara@example.org',
      language: 'de',
      notifications: { proposed: 'immediately', author: 'never', assigned: 'never' },
      mail_enabled: false,
    });
    const wrong = await tara.request({
      method: 'PATCH',
      url: '/api/v1/admin/profile',
      payload: { email: 'neu@example.org', current_password: 'falsch-falsch-falsch' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields[0].field).toBe('current_password');
    const invalid = await tara.request({
      method: 'PATCH',
      url: '/api/v1/admin/profile',
      payload: { email: 'neu@', current_password: PASSWORD },
    });
    expect(invalid.json().error.fields[0].field).toBe('email');
    const changed = await tara.request({
      method: 'PATCH',
      url: '/api/v1/admin/profile',
      payload: {
        email: 'neu@example.org',
        current_password: PASSWORD,
        language: 'de-CH',
        notifications: { assigned: 'daily' },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Profile>().data).toMatchObject({
      email: 'neu@example.org',
      language: 'de-CH',
      notifications: { proposed: 'immediately', author: 'never', assigned: 'daily' },
    });
    // The language and notifications need no password; a bad mode is refused.
    const mode = await tara.request({
      method: 'PATCH',
      url: '/api/v1/admin/profile',
      payload: { notifications: { proposed: 'hourly' } },
    });
    expect(mode.statusCode).toBe(400);
  });

  it('keeps profiles and settings from those they are not for', async () => {
    const nobody = await t.newClient();
    expect((await nobody.request({ method: 'GET', url: '/api/v1/admin/profile' })).statusCode).toBe(401);
    expect((await nobody.request({ method: 'GET', url: '/api/v1/admin/settings' })).statusCode).toBe(401);
    const mod = await t.newClient();
    await mod.loginAs('mod');
    expect((await mod.request({ method: 'GET', url: '/api/v1/admin/settings' })).statusCode).toBe(403);
    expect(
      (
        await mod.request({
          method: 'PUT',
          url: '/api/v1/admin/settings',
          payload: { mail_include_text: true },
        })
      ).statusCode,
    ).toBe(403);
    const admin = await t.newClient();
    await admin.loginAs('admin');
    const settings = await admin.request({ method: 'GET', url: '/api/v1/admin/settings' });
    expect(settings.json()).toEqual({ data: { mail_include_text: false } });
    const audit = await admin.request({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      payload: { mail_include_text: true },
    });
    expect(audit.json()).toEqual({ data: { mail_include_text: true } });
    const log = await admin.request({
      method: 'GET',
      url: '/api/v1/admin/audit?filters=kind:is:settings.changed',
    });
    expect(log.json().data[0]).toMatchObject({ kind: 'settings.changed' });
  });
});
