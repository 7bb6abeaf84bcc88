import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/db.ts';

const [sqlite] = testDatabases();

/** A script long enough to be worth compressing, as the build writes it with its .br and .gz. */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
/** A tiny icon file (an ICO header and a PNG's signature are enough for serving). */
const ICON = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0x89, 0x50, 0x4e, 0x47]);

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('web app serving', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'einwurf-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Einwurf</title>');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dist, 'favicon.ico'), ICON);
    await writeFile(path.join(dist, 'assets', 'words-def456.js'), SCRIPT);
    await writeFile(path.join(dist, 'assets', 'words-def456.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(path.join(dist, 'assets', 'words-def456.js.gz'), gzipSync(SCRIPT));
    await writeFile(path.join(dist, 'assets', 'photo-aaa111.png'), ICON);
    await writeFile(path.join(os.tmpdir(), 'einwurf-outside.txt'), 'SECRET-OUTSIDE-CONTENT');
    t = await createTestApp(sqlite!, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('redirects / and /publish to /publish/', async () => {
    for (const url of ['/', '/publish']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe('/publish/');
    }
  });

  it('serves index.html with no-cache', async () => {
    const response = await t.request({ method: 'GET', url: '/publish/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Einwurf</title>');
    expect(response.headers['x-csrf-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("allows 'unsafe-eval' to the schema builder's document only", async () => {
    const builder = await t.request({ method: 'GET', url: '/publish/schema-builder' });
    expect(builder.statusCode).toBe(200);
    expect(builder.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-eval'");
    for (const url of ['/publish/', '/publish/login', '/publish/article/abc', '/publish/schema-builder-x']) {
      const other = await t.request({ method: 'GET', url });
      expect(other.headers['content-security-policy'], url).toContain("script-src 'self';");
      expect(other.headers['content-security-policy'], url).not.toContain('unsafe-eval');
    }
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await t.request({ method: 'GET', url: '/publish/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log(1)');
  });

  it('sends the precompressed sibling the request accepts, the same script once decoded', async () => {
    const plain = await t.request({ method: 'GET', url: '/publish/assets/words-def456.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const response = await t.request({
        method: 'GET',
        url: '/publish/assets/words-def456.js',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toMatch(/javascript/);
      expect(response.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.length, accept).toBeLessThan(SCRIPT.length / 2);
      expect(decode(response.rawPayload, encoding), accept).toBe(SCRIPT);
    }
  });

  it('sends a file the build did not compress as it is, whatever the request accepts', async () => {
    for (const url of ['/publish/assets/photo-aaa111.png', '/publish/assets/index-abc123.js']) {
      const response = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.headers['vary'], url).toMatch(/accept-encoding/i);
    }
    const png = await t.request({
      method: 'GET',
      url: '/publish/assets/photo-aaa111.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(png.rawPayload.equals(ICON)).toBe(true);
  });

  it('serves the favicon at the root and under /publish/', async () => {
    for (const url of ['/favicon.ico', '/publish/favicon.ico']) {
      const response = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.rawPayload.equals(ICON), url).toBe(true);
    }
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const response = await t.request({ method: 'GET', url: '/publish/assets/gone-000.js' });
    expect(response.statusCode).toBe(404);
  });

  it('serves the service worker with no-cache and its scope header', async () => {
    const response = await t.request({ method: 'GET', url: '/publish/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/publish/');
  });

  it('serves other files with no-cache', async () => {
    const response = await t.request({ method: 'GET', url: '/publish/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers app routes with index.html (history fallback)', async () => {
    for (const url of [
      '/publish/login',
      '/publish/article/abc/authenticate?unauthenticated=true',
      '/publish/admin/users',
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Einwurf</title>');
    }
  });

  it('never serves a file outside the dist folder', async () => {
    for (const url of [
      '/publish/../einwurf-outside.txt',
      '/publish/..%2feinwurf-outside.txt',
      '/publish/%2e%2e/einwurf-outside.txt',
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.body, url).not.toContain('SECRET-OUTSIDE-CONTENT');
    }
  });
});

describe('web app not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(sqlite!, { webDist: path.join(os.tmpdir(), 'einwurf-no-such-dist') });
  });
  afterAll(() => t.close());

  it('answers the favicon with 404', async () => {
    expect((await t.request({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
  });

  it('answers 503 with a hint to build', async () => {
    const response = await t.request({ method: 'GET', url: '/publish/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('web app not built: run npm run build');
  });
});
