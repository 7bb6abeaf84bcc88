import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/db.ts';
import { insertTestEntry } from '../test/entries.ts';
import { createEntryAsAuthor } from '../test/pow.ts';
import { COMPRESS_THRESHOLD } from './compression.ts';

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe.each(testDatabases())('answer compression on $name', (target) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-compression-'));
    t = await createTestApp(target, { dataDir, fileStorage: 'disk' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('compresses a JSON answer above the threshold as accepted, the same JSON once decoded', async () => {
    const url = '/api/v1/openapi.json';
    const plain = await t.request({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.1, gzip', 'gzip'],
    ] as const) {
      const response = await t.request({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(response.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length);
      expect(decode(response.rawPayload, encoding), accept).toBe(plain.body);
    }
  });

  it('says an answer above the threshold varies by Accept-Encoding, also when sent as it is', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    const identity = await t.request({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const gzipped = await t.request({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { 'accept-encoding': 'x-gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decode(gzipped.rawPayload, 'gzip')).toBe(identity.body);
  });

  it('compresses a streamed export as accepted, the same rows once decoded, without a length', async () => {
    const admin = await t.newClient();
    await admin.loginAs('admin');
    for (let i = 0; i < 30; i += 1) {
      await insertTestEntry(t.database.db, { title: `Eintrag ${i}`, content: 'Ein Absatz. '.repeat(20) });
    }
    const url = '/api/v1/admin/collection/export?format=csv';
    const plain = await admin.request({ method: 'GET', url });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await admin.request({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-length']).toBeUndefined();
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decode(response.rawPayload, encoding)).toBe(plain.body);
    }
  });

  it('gives a cached read the ETag of the answer itself, alike for every encoding, and an empty 304', async () => {
    for (let i = 0; i < 10; i += 1) {
      await insertTestEntry(t.database.db, {
        state: 'published',
        title: `Veröffentlicht ${i}`,
        content: 'Ein Absatz. '.repeat(20),
      });
    }
    const url = '/api/v1/public/entries';
    const plain = await t.request({ method: 'GET', url });
    const compressed = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['etag']).toBe(plain.headers['etag']);
    const again = await t.request({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('sends a JSON answer below the threshold as it is', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('sends a stored file as it was uploaded, even a compressible one', async () => {
    const id = await createEntryAsAuthor(t);
    const text = Buffer.from(
      `${'Protokoll der Sitzung, Punkt für Punkt.\n'.repeat(200)}${randomBytes(4).toString('hex')}\n`,
    );
    const boundary = `----einwurf${randomBytes(8).toString('hex')}`;
    const created = await t.request({
      method: 'POST',
      url: `/api/v1/anon/${id}/files`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="protokoll.txt"\r\n` +
            `Content-Type: text/plain\r\n\r\n`,
        ),
        text,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = String(created.headers['location']);
    const response = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(text.length));
    expect(response.rawPayload.equals(text)).toBe(true);
  });
});
