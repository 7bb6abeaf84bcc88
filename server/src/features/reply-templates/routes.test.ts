import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, ErrorBody, ReplyTemplate } from '@einwurf/contract';
import { createTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { AUTHOR_PASSWORD, redeem, solvedChallenge } from '../../test/pow.ts';

const TEMPLATES = '/api/v1/admin/reply-templates';

const input = (suffix = '') => ({
  title: { de: `Quelle fehlt${suffix}`, 'de-CH': `Quälle fählt${suffix}`, en: `Source missing${suffix}` },
  text: {
    de: 'Bitte nenne die Quelle.',
    'de-CH': 'Bitte nenn d Quälle.',
    en: 'Please name the source.',
  },
});

describe.each(testDatabases())('reply templates on $name', (target) => {
  let t: TestApp;
  let mod: TestClient;
  let anonymous: TestClient;
  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('admin');
    mod = await t.newClient();
    await mod.loginAs('mod');
    anonymous = await t.newClient();
  });
  afterAll(() => t.close());

  const create = async (body: unknown = input()) => {
    const response = await t.request({ method: 'POST', url: TEMPLATES, payload: body as object });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: ReplyTemplate }>().data;
  };

  it('lets admins create, list, replace and delete templates', async () => {
    const created = await create();
    expect(created).toMatchObject(input());
    const listed = (await t.request({ method: 'GET', url: TEMPLATES })).json<{ data: ReplyTemplate[] }>()
      .data;
    expect(listed.map((x) => x.id)).toContain(created.id);

    const put = await t.request({ method: 'PUT', url: `${TEMPLATES}/${created.id}`, payload: input(' 2') });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ data: ReplyTemplate }>().data.title.en).toBe('Source missing 2');

    expect((await t.request({ method: 'DELETE', url: `${TEMPLATES}/${created.id}` })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `${TEMPLATES}/${created.id}` })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PUT', url: `${TEMPLATES}/${created.id}`, payload: input() })).statusCode,
    ).toBe(404);
  });

  it.each([
    ['title/de', { ...input(), title: { ...input().title, de: '' } }],
    ['title/de-CH', { ...input(), title: { de: 'x', en: 'y' } }],
    ['text/en', { ...input(), text: { ...input().text, en: 'x'.repeat(10_001) } }],
    ['text/de', { ...input(), text: { ...input().text, de: '   ' } }],
    ['title/fr', { ...input(), title: { ...input().title, fr: 'Titre' } }],
  ])('answers 400 naming %s', async (field, body) => {
    const response = await t.request({ method: 'POST', url: TEMPLATES, payload: body });
    expect(response.statusCode, response.body).toBe(400);
    const error = response.json<ErrorBody>().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(error)).toContain(field.split('/').pop());
  });

  it('lets moderators read but not write', async () => {
    const created = await create(input(' mod'));
    const listed = await mod.request({ method: 'GET', url: TEMPLATES });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ data: ReplyTemplate[] }>().data.map((x) => x.id)).toContain(created.id);
    expect((await mod.request({ method: 'POST', url: TEMPLATES, payload: input() })).statusCode).toBe(403);
    expect(
      (await mod.request({ method: 'PUT', url: `${TEMPLATES}/${created.id}`, payload: input() })).statusCode,
    ).toBe(403);
    expect((await mod.request({ method: 'DELETE', url: `${TEMPLATES}/${created.id}` })).statusCode).toBe(403);
    // Refused before the body is checked: a moderator learns nothing from validation.
    expect((await mod.request({ method: 'POST', url: TEMPLATES, payload: {} })).statusCode).toBe(403);
  });

  it('answers authors and anonymous callers as other admin routes do', async () => {
    const author = await t.newClient();
    const { token, solution } = await solvedChallenge(author);
    await redeem(author, token, { solution, cpt: 'article', password: AUTHOR_PASSWORD });
    for (const [client, status] of [
      [author, 403],
      [anonymous, 401],
    ] as const) {
      const reference = await client.request({ method: 'GET', url: '/api/v1/admin/webhooks' });
      expect(reference.statusCode).toBe(status);
      for (const [method, url] of [
        ['GET', TEMPLATES],
        ['POST', TEMPLATES],
        ['PUT', `${TEMPLATES}/x`],
        ['DELETE', `${TEMPLATES}/x`],
      ] as const) {
        const response = await client.request({
          method,
          url,
          payload: method === 'GET' ? undefined : input(),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(status);
        expect(response.json<ErrorBody>().error.code).toBe(reference.json<ErrorBody>().error.code);
      }
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/api/v1/admin/reply-templates'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(doc.paths['/api/v1/admin/reply-templates/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['put', 'delete']),
    );
  });
});

describe.each(testDatabases())("the entry's language and the author's unread comments on $name", (target) => {
  let t: TestApp;
  let author: TestClient;
  beforeAll(async () => {
    t = await createTestApp(target);
    await t.loginAs('mod');
    author = await t.newClient();
  });
  afterAll(() => t.close());

  const createEntry = async (client: TestClient, extra: Record<string, unknown>) => {
    const { token, solution } = await solvedChallenge(client);
    const response = await redeem(client, token, {
      solution,
      cpt: 'article',
      password: AUTHOR_PASSWORD,
      ...extra,
    });
    return response;
  };
  const idOf = (response: LightMyRequestResponse) =>
    String(response.headers['location']).split('/').pop() ?? '';
  const entryOf = async (client: TestClient, id: string) => {
    const response = await client.request({ method: 'GET', url: `/api/v1/anon/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Entry>();
  };
  const moderationComment = (id: string, title: string) =>
    t.request({
      method: 'POST',
      url: `/api/v1/admin/collection/entry/${id}/comments`,
      payload: { title, content: 'Bitte ergänzen.' },
    });

  it('stores the language the author wrote in (German unless given) and shows it to moderation', async () => {
    const response = await createEntry(author, { language: 'de-CH' });
    expect(response.statusCode, response.body).toBe(201);
    const id = idOf(response);
    expect((await entryOf(author, id)).data.language).toBe('de-CH');
    const moderation = await t.request({ method: 'GET', url: `/api/v1/admin/collection/entry/${id}` });
    expect(moderation.json<Entry>().data.language).toBe('de-CH');

    const other = await t.newClient();
    const plain = await createEntry(other, {});
    expect((await entryOf(other, idOf(plain))).data.language).toBe('de');
    const refused = await createEntry(await t.newClient(), { language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('language');
  });

  it('counts moderation comments the author has not read, and none once read', async () => {
    const id = idOf(await createEntry(author, { language: 'en' }));
    expect((await entryOf(author, id)).meta.unread_moderation_comments).toBe(0);

    expect((await moderationComment(id, 'Erste')).statusCode).toBe(201);
    expect((await moderationComment(id, 'Zweite')).statusCode).toBe(201);
    // The author's own comment is not news to the author.
    await author.request({
      method: 'POST',
      url: `/api/v1/anon/${id}/comments`,
      payload: { title: 'Antwort', content: 'Gern.' },
    });
    expect((await entryOf(author, id)).meta.unread_moderation_comments).toBe(2);
    // Moderation's view of the entry carries no author's count.
    const moderation = await t.request({ method: 'GET', url: `/api/v1/admin/collection/entry/${id}` });
    expect(moderation.json<Entry>().meta.unread_moderation_comments).toBeUndefined();

    expect((await author.request({ method: 'GET', url: `/api/v1/anon/${id}/comments` })).statusCode).toBe(
      200,
    );
    expect((await entryOf(author, id)).meta.unread_moderation_comments).toBe(0);
    // Moderation reading the comments changes nothing for the author.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await moderationComment(id, 'Dritte');
    await t.request({ method: 'GET', url: `/api/v1/admin/collection/entry/${id}/comments` });
    expect((await entryOf(author, id)).meta.unread_moderation_comments).toBe(1);
    await author.request({ method: 'GET', url: `/api/v1/anon/${id}/comments` });
    expect((await entryOf(author, id)).meta.unread_moderation_comments).toBe(0);
  });
});
