import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorBody } from '@einwurf/contract';
import { createTestApp, type TestApp } from './test/app.ts';
import { testDatabases } from './test/db.ts';

const failing: FastifyPluginAsync = async (api) => {
  api.get('/test/explode', async () => {
    throw new Error('secret detail: connection string postgres://user:pw@db');
  });
};

describe.each(testDatabases())('API basics on $name', (target) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'einwurf-dist-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Einwurf</title>');
    t = await createTestApp(target, { webDist }, { apiPlugins: [failing] });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const post = (payload: string | undefined, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/v1/auth', payload, headers });
  const json = { 'content-type': 'application/json' };

  it('answers unknown routes with 404 NOT_FOUND as JSON', async () => {
    for (const url of ['/api/v1/nothing', '/api/v2/auth', '/healthzz', '/status', '/api']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await post('{"username": ', json);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('names each failing field of a 400 VALIDATION_FAILED', async () => {
    const response = await post(JSON.stringify({ username: 42, password: 'x'.repeat(2000) }), json);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; fields: { field: string }[] } }>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    const fields = body.error.fields.map((f) => f.field);
    expect(fields).toContain('username');
    expect(fields).toContain('password');
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await post(JSON.stringify({ username: 'a'.repeat(1024 * 1024), password: 'x' }), json);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'request body is too large' },
    });
  });

  it('answers an unsupported content type with 415', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const response = await post('username=a&password=b', { 'content-type': type });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    }
  });

  it('hides the details of an unexpected error behind 500 INTERNAL', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'internal server error' } });
    expect(response.body).not.toContain('secret');
  });

  const badInputs: [string, string | undefined, Record<string, string>][] = [
    ['no body', undefined, {}],
    ['an empty JSON body', '', json],
    ['null', 'null', json],
    ['an array', '[]', json],
    ['an array of objects', '[{"username":"admin","password":"password1"}]', json],
    ['a number', '42', json],
    ['a string', '"admin"', json],
    ['true', 'true', json],
    ['an empty object', '{}', json],
    ['wrong types', '{"username":["a"],"password":{"x":1}}', json],
    ['null fields', '{"username":null,"password":null}', json],
    ['a missing password', '{"username":"admin"}', json],
    ['an empty username', '{"username":"","password":"password1"}', json],
    ['an extra field', '{"username":"admin","password":"password1","role":"admin"}', json],
    ['mixed login shapes', '{"username":"admin","cpt":"article","article_id":"x","password":"p"}', json],
    ['an overlong username', JSON.stringify({ username: 'a'.repeat(100_000), password: 'password1' }), json],
    ['an overlong password', JSON.stringify({ username: 'admin', password: 'p'.repeat(100_000) }), json],
    ['odd unicode', JSON.stringify({ username: '\u0000\ud800admin', password: '💥'.repeat(10) }), json],
    ['__proto__', '{"__proto__":{"admin":true},"username":"a","password":"b"}', json],
    ['constructor.prototype', '{"constructor":{"prototype":{"x":1}},"username":"a","password":"b"}', json],
    ['invalid JSON', '{username: admin}', json],
    ['truncated JSON', '{"username":"adm', json],
    ['a wrong content type', '{"username":"admin","password":"password1"}', { 'content-type': 'text/html' }],
    ['a malformed content type', '{}', { 'content-type': '%%%/;;' }],
    ['a huge body', 'x'.repeat(3 * 1024 * 1024), json],
  ];

  it.each(badInputs)('never answers 500 to %s', async (_name, payload, headers) => {
    const response = await post(payload, headers);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(isErrorBody(response.json())).toBe(true);
  });

  it('never answers 500 to odd paths and methods', async () => {
    const requests = [
      { method: 'GET', url: '/api/v1/schema/%E0%A4%A/schema.json' },
      { method: 'GET', url: '/api/v1/schema/' + 'x'.repeat(5000) + '/schema.json' },
      { method: 'GET', url: '/api/v1/schema/..%2F..%2Fpackage.json/schema.json' },
      { method: 'DELETE', url: '/api/v1/auth' },
      { method: 'PUT', url: '/api/v1/' },
      { method: 'GET', url: '/publish/%E0%A4%A' },
      { method: 'GET', url: '/publish/../../package.json' },
    ] as const;
    for (const r of requests) {
      const response = await t.request(r);
      const label = `${r.method} ${r.url}`;
      // Without a web build, /publish/ answers 503 by design; nothing else may reach 5xx.
      if (r.url.startsWith('/publish')) expect(response.statusCode, label).not.toBe(500);
      else expect(response.statusCode, label).toBeLessThan(500);
    }
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth',
        '/api/v1/auth/logout',
        '/api/v1/config',
        '/api/v1/schema/{type}/schema.json',
        '/api/v1/pow',
        '/api/v1/anon/{id}',
        '/api/v1/anon/{id}/publish',
        '/api/v1/anon/{id}/events',
        '/api/v1/anon/{id}/comments',
        '/api/v1/anon/{id}/comments/schema.json',
      ]),
    );
    const anon = doc.paths['/api/v1/anon/{id}'] as Record<string, { responses: Record<string, unknown> }>;
    expect(Object.keys(anon).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(anon['put']!.responses)).toEqual(expect.arrayContaining(['200', '4XX']));
  });

  it('sends a page the full security headers with the content security policy', async () => {
    const response = await t.request({ method: 'GET', url: '/publish/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "worker-src 'self' blob:",
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-permitted-cross-domain-policies': 'none',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends an API answer only the security headers that matter for JSON, errors too', async () => {
    for (const url of ['/api/v1/', '/api/v1/nothing', '/api/v1/test/explode']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      const security = Object.fromEntries(
        Object.entries(response.headers).filter(([name]) =>
          /^(content-security-policy|x-|referrer-policy|cross-origin-|origin-agent-cluster|strict-transport)/.test(
            name,
          ),
        ),
      );
      // x-csrf-token is the session's, not a security header of the answer.
      delete security['x-csrf-token'];
      expect(security, url).toEqual({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      });
    }
  });
});
