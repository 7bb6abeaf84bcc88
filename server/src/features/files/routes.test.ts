import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.ts';
import { UNREFERENCED_FILE_DAYS, runHousekeeping } from '../../plugins/housekeeping.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { completeFields, shippedContentTypes } from '../../test/entries.ts';
import { createEntryAsAuthor } from '../../test/pow.ts';
import { createDatabaseSpentTokenStore } from '../pow/spent-tokens.ts';
import { createDiskStorage } from './storage/disk.ts';
import { createS3Client } from './storage/s3.ts';
import type { FileStorage } from './storage/types.ts';
import { DRIVERS, FIXTURES, phoneJpeg, s3Options, startS3Server, type Driver } from '../../test/files.ts';

const MAX = 200_000;

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(filename: string, bytes: Buffer, field = 'file') {
  const boundary = `----einwurf${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    head,
    tail,
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The files under a data dir's files/ folder, temp files included (not the data dir's own files). */
async function storedFiles(dataDir: string): Promise<Dirent[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  // By the path below the data dir: the data dir's own name may hold "files" too.
  return entries.filter(
    (e) => e.isFile() && path.relative(dataDir, e.parentPath).split(path.sep)[0] === 'files',
  );
}

async function configFor(driver: Driver, dataDir: string): Promise<Partial<AppConfig>> {
  const base = { dataDir, maxFileSize: MAX, fileStorage: driver };
  if (driver !== 's3') return base;
  const options = s3Options(s3.endpoint, `einwurf-${randomBytes(6).toString('hex')}`);
  const client = createS3Client(options);
  await client.send(new CreateBucketCommand({ Bucket: options.bucket }));
  client.destroy();
  return {
    ...base,
    s3: {
      bucket: options.bucket,
      region: options.region,
      endpoint: options.endpoint,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      forcePathStyle: true,
      keyPrefix: undefined,
    },
  };
}

describe.each(testDatabases())('files API on $name', (target) => {
  describe.each(DRIVERS)('%s driver', (driver) => {
    let test: TestApp;
    let dataDir: string;
    let entryId: string;

    beforeEach(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-files-api-'));
      test = await createTestApp(target, await configFor(driver, dataDir));
      entryId = await createEntryAsAuthor(test);
    });
    afterEach(async () => {
      await test.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const upload = (client: TestClient, url: string, filename: string, bytes: Buffer) => {
      const body = multipart(filename, bytes);
      return client.request({
        method: 'POST',
        url,
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const authorUpload = (filename: string, bytes: Buffer, client: TestClient = test) =>
      upload(client, `/api/v1/anon/${entryId}/files`, filename, bytes);

    /** The files under the data dir's files/ folder, temp files included. */
    const storedNames = async () => (await storedFiles(dataDir)).map((e) => e.name);

    /** No row, no stored byte, no temp file: what every refused or broken upload must leave. */
    async function expectNothingLeft(): Promise<void> {
      const rows = await test.database.db.selectFrom('files').select('id').execute();
      expect(rows).toEqual([]);
      expect((await test.app.storage.usage()).used_bytes).toBe(0);
      expect(await storedNames()).toEqual([]);
      const chunks = await test.database.db.selectFrom('file_chunks').select('key').execute();
      expect(chunks).toEqual([]);
    }

    it('takes an upload, serves it byte-identical, renames it keeping the extension, deletes it', async () => {
      const pdf = FIXTURES.pdf();
      const created = await authorUpload('Jahres Bericht.pdf', pdf);
      expect(created.statusCode).toBe(201);
      const file = created.json<{ url: string; name: string; size: number; is_image: boolean }>();
      expect(created.headers['location']).toBe(file.url);
      expect(file).toMatchObject({ name: 'Jahres Bericht.pdf', size: pdf.length, is_image: false });
      expect(file.url).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9_-]{22}\/Jahres%20Bericht\.pdf$/);

      const read = await test.request({ method: 'GET', url: file.url });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(pdf)).toBe(true);
      expect(read.headers['content-type']).toBe('application/pdf');
      expect(read.headers['x-content-type-options']).toBe('nosniff');
      expect(read.headers['content-disposition']).toContain('filename="Jahres Bericht.pdf"');
      expect(read.headers['content-security-policy']).toContain('sandbox');
      // No page may frame a file: its own policy says so, as the API's does.
      expect(read.headers['content-security-policy']).toContain("frame-ancestors 'none'");

      const again = await test.request({
        method: 'GET',
        url: file.url,
        headers: { 'if-none-match': String(read.headers['etag']) },
      });
      expect(again.statusCode).toBe(304);

      const renamed = await test.request({
        method: 'PATCH',
        url: file.url,
        payload: { name: 'Bilanz 2026.exe' },
      });
      expect(renamed.statusCode).toBe(200);
      const newUrl = renamed.json<{ url: string; name: string }>();
      expect(newUrl.name).toBe('Bilanz 2026.exe.pdf');
      // The id is the identity: the URL before the rename still finds the file.
      expect((await test.request({ method: 'GET', url: newUrl.url })).rawPayload.equals(pdf)).toBe(true);
      expect((await test.request({ method: 'GET', url: file.url })).statusCode).toBe(200);

      const removed = await test.request({ method: 'DELETE', url: newUrl.url });
      expect(removed.statusCode).toBe(204);
      expect((await test.request({ method: 'GET', url: file.url })).statusCode).toBe(404);
      await expectNothingLeft();
    });

    it('strips the metadata of images and serves a WebP rendition', async () => {
      const created = await authorUpload('Handy.jpg', await phoneJpeg());
      expect(created.statusCode).toBe(201);
      const file = created.json<{ url: string; is_image: boolean; has_preview: boolean }>();
      expect(file).toMatchObject({ is_image: true, has_preview: true });
      const original = await test.request({ method: 'GET', url: file.url });
      const meta = await sharp(original.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      // Orientation 6 applied: the 64 × 32 picture now stands 32 × 64.
      expect([meta.width, meta.height]).toEqual([32, 64]);
      expect(original.rawPayload.includes(Buffer.from('Secret Phone'))).toBe(false);
      const preview = await test.request({ method: 'GET', url: `${file.url}?variant=preview` });
      expect(preview.headers['content-type']).toBe('image/webp');
      expect((await sharp(preview.rawPayload).metadata()).format).toBe('webp');
    });

    it('refuses another author, and tells no one without a session whether a file exists', async () => {
      const file = (await authorUpload('a.txt', FIXTURES.txt())).json<{ url: string }>();
      const other = await test.newClient();
      await createEntryAsAuthor(other);
      expect((await other.request({ method: 'GET', url: file.url })).statusCode).toBe(404);
      expect(
        (await other.request({ method: 'PATCH', url: file.url, payload: { name: 'x' } })).statusCode,
      ).toBe(404);
      expect((await other.request({ method: 'DELETE', url: file.url })).statusCode).toBe(404);
      expect((await authorUpload('b.txt', FIXTURES.txt(), other)).statusCode).toBe(404);

      const stranger = await test.newClient();
      expect((await stranger.request({ method: 'GET', url: file.url })).statusCode).toBe(404);
      expect((await stranger.request({ method: 'DELETE', url: file.url })).statusCode).toBe(401);
      expect((await authorUpload('c.txt', FIXTURES.txt(), stranger)).statusCode).toBe(401);
      // The file is untouched.
      expect((await test.request({ method: 'GET', url: file.url })).statusCode).toBe(200);
    });

    it("lets moderation upload, read, rename and delete an entry's files", async () => {
      const mod = await test.newClient();
      await mod.loginAs('mod');
      const authorFile = (await authorUpload('a.txt', FIXTURES.txt())).json<{ url: string }>();
      const created = await upload(
        mod,
        `/api/v1/admin/collection/entry/${entryId}/files`,
        'b.csv',
        FIXTURES.csv(),
      );
      expect(created.statusCode).toBe(201);
      const modFile = created.json<{ url: string }>();
      expect((await mod.request({ method: 'GET', url: authorFile.url })).statusCode).toBe(200);
      expect((await test.request({ method: 'GET', url: modFile.url })).statusCode).toBe(200);
      expect(
        (await mod.request({ method: 'PATCH', url: authorFile.url, payload: { name: 'neu' } })).statusCode,
      ).toBe(200);
      expect((await mod.request({ method: 'DELETE', url: modFile.url })).statusCode).toBe(204);
      expect((await test.request({ method: 'GET', url: modFile.url })).statusCode).toBe(404);
      // An author cannot use the moderation route.
      expect(
        (await upload(test, `/api/v1/admin/collection/entry/${entryId}/files`, 'c.txt', FIXTURES.txt()))
          .statusCode,
      ).toBe(403);
    });

    it("serves a published entry's files to everyone and keeps them read-only for the author", async () => {
      const file = (await authorUpload('a.txt', FIXTURES.txt())).json<{ url: string }>();
      // Unpublished, its files stay on this site; published, readers' sites may show them.
      const unpublished = await test.request({ method: 'GET', url: file.url });
      expect(unpublished.headers['cross-origin-resource-policy']).toBe('same-origin');
      const mod = await test.newClient();
      await mod.loginAs('admin');
      const entry = await mod.request({ method: 'GET', url: `/api/v1/admin/collection/entry/${entryId}` });
      const data = entry.json<{ data: Record<string, unknown> }>().data;
      const published = await mod.request({
        method: 'PUT',
        url: `/api/v1/admin/collection/entry/${entryId}`,
        payload: {
          data: {
            ...data,
            title: 'Öffentlich',
            content: 'Text.',
            ...completeFields('article'),
            state: 'published',
          },
        },
      });
      expect(published.statusCode, published.body).toBe(200);

      const stranger = await test.newClient();
      const read = await stranger.request({ method: 'GET', url: file.url });
      expect(read.statusCode).toBe(200);
      expect(read.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      expect((await authorUpload('b.txt', FIXTURES.txt())).statusCode).toBe(409);
      expect((await test.request({ method: 'DELETE', url: file.url })).statusCode).toBe(409);
      expect(
        (await test.request({ method: 'PATCH', url: file.url, payload: { name: 'x' } })).statusCode,
      ).toBe(409);
    });

    it.each([
      ['an executable renamed to .pdf', 'Rechnung.pdf', FIXTURES.exe],
      ['a program renamed to .txt', 'liesmich.txt', FIXTURES.elf],
      ['an extension not allowed', 'programm.exe', FIXTURES.exe],
    ])('refuses %s with 415 and keeps nothing', async (_case, name, bytes) => {
      const response = await authorUpload(name, bytes());
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
      await expectNothingLeft();
    });

    it('answers 400 naming the field when the request holds no file', async () => {
      const body = multipart('a.txt', FIXTURES.txt(), 'other');
      const response = await test.request({
        method: 'POST',
        url: `/api/v1/anon/${entryId}/files`,
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { fields: [{ field: 'file' }] } });
    });

    it('keeps no NUL of a file name (PostgreSQL could not store it)', async () => {
      const response = await authorUpload('bild\u0000.txt', FIXTURES.txt());
      expect(response.statusCode).toBe(201);
      expect(response.body).not.toContain('\\u0000');
    });

    it('refuses a file past the limit found while streaming, and keeps nothing', async () => {
      const response = await authorUpload('gross.txt', Buffer.alloc(MAX + 1, 0x61));
      expect(response.statusCode).toBe(413);
      await expectNothingLeft();
      expect((await authorUpload('genau.txt', Buffer.alloc(MAX, 0x61))).statusCode).toBe(201);
    });

    describe('over a real connection', () => {
      let port: number;
      beforeEach(async () => {
        await test.app.listen({ port: 0, host: '127.0.0.1' });
        port = (test.app.server.address() as AddressInfo).port;
      });

      const headersOf = (client: TestClient, contentType: string, length?: number) => ({
        'content-type': contentType,
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': client.csrfToken() ?? '',
        ...(length !== undefined ? { 'content-length': String(length) } : {}),
      });

      it('answers 413 from Content-Length before the body is sent, and closes the connection', async () => {
        const body = multipart('riesig.txt', Buffer.alloc(0));
        const declared = 50_000_000;
        const { status, connection, sent } = await new Promise<{
          status: number;
          connection: string;
          sent: number;
        }>((resolve, reject) => {
          let sent = 0;
          const request = http.request({
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: `/api/v1/anon/${entryId}/files`,
            headers: headersOf(test, body.contentType, declared),
          });
          request.on('response', (response) => {
            response.resume();
            resolve({
              status: response.statusCode ?? 0,
              connection: String(response.headers['connection']),
              sent,
            });
            request.destroy();
          });
          request.on('error', (error) => {
            if (sent > 0) return;
            reject(error);
          });
          request.write(body.head);
          sent += body.head.length;
        });
        expect(status).toBe(413);
        expect(connection).toBe('close');
        expect(sent).toBeLessThan(declared / 100);
        await expectNothingLeft();
      });

      it.each([
        ['403 without the CSRF cookie', {}, 403],
        ['415 for an extension not allowed', { name: 'programm.exe' }, 415],
      ])(
        'answers the next request on the same keep-alive connection at once after a refused upload (%s)',
        async (_case, options: { name?: string }, refused) => {
          const body = multipart(options.name ?? 'brief.txt', Buffer.alloc(150_000, 0x61));
          const payload = body.payload;
          const cookie = refused === 403 ? '' : [...test.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
          const socket = net.connect(port, '127.0.0.1');
          const started = Date.now();
          let received = '';
          const answers = new Promise<string[]>((resolve, reject) => {
            socket.on('data', (chunk: Buffer) => {
              received += chunk.toString('latin1');
              const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]!);
              if (statuses.length === 2) resolve(statuses);
            });
            socket.on('error', reject);
            socket.on('close', () =>
              resolve([...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]!)),
            );
          });
          socket.write(
            `POST /api/v1/anon/${entryId}/files HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
              `Content-Type: ${body.contentType}\r\nContent-Length: ${payload.length}\r\n` +
              `Cookie: ${cookie}\r\nX-Csrf-Token: ${test.csrfToken() ?? ''}\r\n\r\n`,
          );
          socket.write(payload);
          socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
          const timer = setTimeout(() => socket.destroy(), 10_000);
          const statuses = await answers;
          clearTimeout(timer);
          socket.destroy();
          // Either both answers on this connection, or the refusal closed it (then a client reconnects).
          expect(statuses[0]).toBe(String(refused));
          expect(statuses.length === 1 ? received : statuses[1]).toMatch(/200|Connection: close/i);
          expect(Date.now() - started).toBeLessThan(3_000);
          await expectNothingLeft();
        },
      );

      it('keeps no file and no row when the client goes away mid-upload', async () => {
        const body = multipart('halb.txt', Buffer.alloc(0));
        await new Promise<void>((resolve) => {
          const request = http.request({
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: `/api/v1/anon/${entryId}/files`,
            headers: { ...headersOf(test, body.contentType), 'transfer-encoding': 'chunked' },
          });
          request.on('error', () => resolve());
          request.write(body.head);
          request.write(Buffer.alloc(MAX / 2, 0x61), () => {
            setTimeout(() => {
              request.destroy();
              resolve();
            }, 100);
          });
        });
        await expect.poll(() => test.database.db.selectFrom('files').select('id').execute()).toEqual([]);
        await expect.poll(async () => (await test.app.storage.usage()).used_bytes, { timeout: 5000 }).toBe(0);
        await expect.poll(storedNames, { timeout: 5000 }).toEqual([]);
        await expectNothingLeft();
      });
    });

    it('removes a file its entry has not mentioned for a week, and keeps the ones it mentions', async () => {
      const kept = (await authorUpload('kept.txt', FIXTURES.txt())).json<{ url: string }>();
      const left = (await authorUpload('left.txt', FIXTURES.txt())).json<{ url: string }>();
      const entry = (await test.request({ method: 'GET', url: `/api/v1/anon/${entryId}` })).json<{
        data: Record<string, unknown>;
      }>();
      const saved = await test.request({
        method: 'PUT',
        url: `/api/v1/anon/${entryId}`,
        payload: { data: { ...entry.data, attachments: [kept.url] } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const housekeeping = (now: number) =>
        runHousekeeping(
          {
            db: test.database.db,
            storage: test.app.storage,
            spentTokens: createDatabaseSpentTokenStore(test.database.db),
            retentionDays: 30,
          },
          now,
        );
      await housekeeping(Date.now() + (UNREFERENCED_FILE_DAYS - 1) * 86_400_000);
      expect((await test.request({ method: 'GET', url: left.url })).statusCode).toBe(200);
      await housekeeping(Date.now() + (UNREFERENCED_FILE_DAYS + 1) * 86_400_000);
      expect((await test.request({ method: 'GET', url: left.url })).statusCode).toBe(404);
      expect((await test.request({ method: 'GET', url: kept.url })).statusCode).toBe(200);
      const rows = await test.database.db.selectFrom('files').select('name').execute();
      expect(rows.map((row) => row.name)).toEqual(['kept.txt']);
    });

    it("removes an entry's files when the deleted entry is purged", async () => {
      await authorUpload('a.txt', FIXTURES.txt());
      await authorUpload(
        'b.png',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
          .png()
          .toBuffer(),
      );
      expect((await test.app.storage.usage()).used_bytes).toBeGreaterThan(0);
      expect((await test.request({ method: 'DELETE', url: `/api/v1/anon/${entryId}` })).statusCode).toBe(204);
      await runHousekeeping(
        {
          db: test.database.db,
          storage: test.app.storage,
          spentTokens: createDatabaseSpentTokenStore(test.database.db),
          retentionDays: 0,
        },
        Date.now() + 1000,
      );
      await expectNothingLeft();
    });
  });
});

describe.each(testDatabases())('file limits in GET config on $name', (target) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(target, { maxFileSize: 5_000_000 });
  });
  afterAll(async () => {
    await test.close();
  });

  it("answers the server's limits, or a type's narrowed ones, and 404 for an unknown type", async () => {
    const all = await test.request({ method: 'GET', url: '/api/v1/config' });
    expect(all.json()).toMatchObject({ file: { max_file_size: 5_000_000 } });
    const article = await test.request({ method: 'GET', url: '/api/v1/config?cpt=article' });
    expect(article.statusCode).toBe(200);
    expect(article.json<{ file: { max_file_size: number } }>().file.max_file_size).toBeLessThanOrEqual(
      5_000_000,
    );
    expect((await test.request({ method: 'GET', url: '/api/v1/config?cpt=nope' })).statusCode).toBe(404);
  });
});

describe.each(testDatabases())('a full disk on $name', (target) => {
  let test: TestApp;
  let dataDir: string;
  let entryId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-files-full-'));
    const disk = createDiskStorage({ dir: path.join(dataDir, 'files') });
    // The disk fills up after 100 KB of a write: the file system answers ENOSPC, as a full one does.
    const full: FileStorage = {
      ...disk,
      put(key, stream, options) {
        let written = 0;
        const filling = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            written += chunk.length;
            if (written <= 100_000) return done(null, chunk);
            done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
          },
        });
        stream.on('error', (error) => filling.destroy(error));
        // The put hears the failure through its own listener; this stub's stream must not crash the test.
        filling.on('error', () => {});
        return disk.put(key, stream.pipe(filling), options);
      },
    };
    test = await createTestApp(target, { dataDir, maxFileSize: 2_000_000 }, { storage: full });
    entryId = await createEntryAsAuthor(test);
  });
  afterAll(async () => {
    await test.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 507 naming the cause, and keeps no half-written file and no row', async () => {
    for (const [name, bytes] of [
      ['gross.txt', Buffer.alloc(300_000, 0x61)],
      [
        'foto.png',
        await sharp({
          create: {
            width: 500,
            height: 500,
            channels: 3,
            background: '#000',
            noise: { type: 'gaussian', mean: 128, sigma: 60 },
          },
        })
          .png()
          .toBuffer(),
      ],
    ] as const) {
      const body = multipart(name, bytes);
      const response = await test.request({
        method: 'POST',
        url: `/api/v1/anon/${entryId}/files`,
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode, name).toBe(507);
      expect(response.json()).toMatchObject({
        error: { code: 'INSUFFICIENT_STORAGE', message: expect.stringMatching(/no room/) },
      });
    }
    expect(await storedFiles(dataDir)).toEqual([]);
    expect(await test.database.db.selectFrom('files').select('id').execute()).toEqual([]);
  });
});

describe.each(testDatabases())('file fields on $name', (target) => {
  let test: TestApp;
  let dataDir: string;
  let entryId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-file-fields-'));
    const shipped = await shippedContentTypes();
    const article = shipped.types.get('article')!;
    // This newsroom also takes pictures from its own image server.
    const withCdn = {
      ...article,
      config: { ...article.config, file: { allowed_origins: ['https://bilder.example.org'] } },
    };
    test = await createTestApp(
      target,
      { dataDir },
      { contentTypes: { ...shipped, types: new Map([...shipped.types, ['article', withCdn]]) } },
    );
    entryId = await createEntryAsAuthor(test);
  });
  afterAll(async () => {
    await test.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const save = async (fields: Record<string, unknown>) => {
    const entry = (await test.request({ method: 'GET', url: `/api/v1/anon/${entryId}` })).json<{
      data: Record<string, unknown>;
    }>().data;
    return test.request({
      method: 'PUT',
      url: `/api/v1/anon/${entryId}`,
      payload: { data: { ...entry, ...fields } },
    });
  };
  const uploadTo = async (client: TestClient, id: string) => {
    const body = multipart('brief.txt', FIXTURES.txt());
    const response = await client.request({
      method: 'POST',
      url: `/api/v1/anon/${id}/files`,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    return response.json<{ url: string }>().url;
  };

  it('takes files of the entry itself and of an origin the type allows', async () => {
    const own = await uploadTo(test, entryId);
    const saved = await save({ image: own, attachments: [own, 'https://bilder.example.org/a/b.png'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await save({ image: '', attachments: [] })).statusCode).toBe(200);
  });

  it.each([
    ['a javascript: URL', { image: 'javascript:alert(1)' }, 'data/image'],
    ['a data: URL', { image: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'data/image'],
    ['a foreign origin', { image: 'https://tracker.example.net/pixel.gif' }, 'data/image'],
    ['a protocol-relative URL', { attachments: ['//tracker.example.net/x.pdf'] }, 'data/attachments/0'],
    ['a file URL that names no file', { image: '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/x.png' }, 'data/image'],
  ])('refuses %s with 400 naming the field, and keeps the entry as it was', async (_case, fields, field) => {
    const before = (await test.request({ method: 'GET', url: `/api/v1/anon/${entryId}` })).body;
    const response = await save(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: [{ field }] } });
    expect((await test.request({ method: 'GET', url: `/api/v1/anon/${entryId}` })).body).toBe(before);
  });

  it("refuses another entry's file", async () => {
    const other = await test.newClient();
    const otherId = await createEntryAsAuthor(other);
    const theirs = await uploadTo(other, otherId);
    const response = await save({ attachments: [theirs] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { fields: [{ field: 'data/attachments/0' }] } });
  });
});
