import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { VERSION } from '../../version.ts';
import { loadContentTypes } from './service.ts';

describe.each(testDatabases())('content types and config on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {
      powDifficulty: 12,
      maxFileSize: 5_000_000,
      allowedExtensions: ['png', 'pdf'],
    });
  });
  afterAll(() => t.close());

  it('lists the entry types at the API root with the version', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      meta: { version: string };
      data: { name: string; title: { en: string } }[];
    }>();
    expect(body.meta.version).toBe(VERSION);
    expect(body.data.map((d) => d.name)).toEqual(['article', 'event']);
    expect(body.data[0]).toMatchObject({ title: { de: 'Artikel', 'de-CH': 'Artikel', en: 'Article' } });
    expect(response.headers['x-csrf-token']).toBeTruthy();
  });

  it('serves base.json as shipped', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/schema/base.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      properties: { title: {}, content: {} },
      required: ['title', 'content'],
    });
  });

  it("serves a type's schema merged with base.json", async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/schema/article/schema.json' });
    expect(response.statusCode).toBe(200);
    const schema = response.json<{ properties: Record<string, unknown>; required: string[] }>();
    expect(Object.keys(schema.properties).slice(0, 3)).toEqual(['title', 'content', 'lead']);
    expect(schema.required).toEqual(['title', 'content', 'lead', 'category']);
  });

  it("serves a type's UI schema", async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/schema/event/uischema.json' });
    expect(response.statusCode).toBe(200);
    const ui = response.json<{ scope: string; widget: string }[]>();
    expect(Array.isArray(ui)).toBe(true);
    expect(ui[0]).toHaveProperty('widget');
  });

  it('answers an unknown type with 404 NOT_FOUND', async () => {
    for (const url of ['/api/v1/schema/poem/schema.json', '/api/v1/schema/poem/uischema.json']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('serves the public config', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      file: { max_file_size: 5_000_000, allowed_extensions: ['png', 'pdf'] },
      pow: { difficulty: 12 },
      version: VERSION,
    });
  });
});

describe('loadContentTypes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-types-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A copy of the shipped types with some files of the event type replaced ('' removes one). */
  async function folder(name: string, files: Record<string, string>): Promise<string> {
    const root = path.join(dir, name);
    await cp(testConfig().contentTypesDir, root, { recursive: true });
    for (const [file, text] of Object.entries(files)) {
      const target = path.join(root, 'event', file);
      if (text === '') await rm(target);
      else await writeFile(target, text);
    }
    return root;
  }

  it('loads the shipped types with schemas merged by the contract', async () => {
    const types = await loadContentTypes(await folder('good', {}));
    expect([...types.types.keys()]).toEqual(['article', 'event']);
    expect(types.types.get('event')?.schema.required?.slice(0, 2)).toEqual(['title', 'content']);
  });

  it.each([
    ['a missing schema.json', { 'schema.json': '' }, /event[/\\]schema\.json: missing/],
    ['malformed JSON', { 'uischema.json': '[{' }, /event[/\\]uischema\.json: not valid JSON/],
    ['a UI schema that is no array', { 'uischema.json': '{}' }, /event[/\\]uischema\.json: must be an array/],
    ['a UI schema missing fields', { 'uischema.json': '[]' }, /event[/\\]uischema\.json: .*has no element/],
    ['a config without titles', { 'config.json': '{"title":{"de":"x"}}' }, /event[/\\]config\.json/],
    [
      'a schema without properties',
      { 'schema.json': '{"type":"object"}' },
      /event[/\\]schema\.json: must be a JSON Schema/,
    ],
  ])('refuses %s naming the file', async (name, files, message) => {
    await expect(loadContentTypes(await folder(name.replace(/\W/g, '-'), files))).rejects.toThrow(message);
  });

  it('refuses a folder without base.json', async () => {
    const empty = path.join(dir, 'empty');
    await mkdir(empty);
    await expect(loadContentTypes(empty)).rejects.toThrow(/base\.json: missing/);
  });
});
