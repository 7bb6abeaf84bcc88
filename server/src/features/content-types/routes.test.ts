import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntryValidator } from '@einwurf/contract';
import { testConfig } from '../../test/config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/db.ts';
import { VERSION } from '../../version.ts';
import { contentTypesDigest, loadContentTypes } from './service.ts';

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

  describe('with a mark of the last full check', () => {
    const shipped = () => readFile(path.join(testConfig().contentTypesDir, 'event', 'schema.json'), 'utf8');
    /**
     * The event type's schema with a keyword only JSON Schema's meta-schema refuses: a number for a
     * `$comment`, which Ajv's compilation itself ignores.
     */
    const metaInvalid = async () =>
      (await shipped()).replace('"maxLength": 200', '"maxLength": 200, "$comment": 7');

    it('writes the mark after a load that passed, and checks in full when the files differ from it', async () => {
      const mark = path.join(dir, 'mark-full');
      await loadContentTypes(await folder('marked', {}), { checkedMark: mark });
      const digest = await readFile(mark, 'utf8');
      expect(digest).toMatch(/^[0-9a-f]{64}\n$/);

      // The same files again: the mark stays as it is.
      await loadContentTypes(await folder('marked-again', {}), { checkedMark: mark });
      expect(await readFile(mark, 'utf8')).toBe(digest);

      // Other files are checked in full, whatever the mark says, and a refused load writes no mark.
      const broken = await folder('meta-invalid', { 'schema.json': await metaInvalid() });
      await expect(loadContentTypes(broken, { checkedMark: mark })).rejects.toThrow(
        /event[/\\]schema\.json: schema does not compile: .*\$comment/,
      );
      expect(await readFile(mark, 'utf8')).toBe(digest);
    });

    it('spares only the meta-schema check for files that match the mark', async () => {
      const broken = await folder('meta-invalid-marked', { 'schema.json': await metaInvalid() });
      const mark = path.join(dir, 'mark-spared');
      await expect(loadContentTypes(broken, { checkedMark: mark })).rejects.toThrow(/\$comment/);
      // A mark claiming these very files passed (a check made before) spares the meta-schema: what
      // shows it is a schema only that check refuses, loaded with the mark. The form engine's rules run.
      await loadContentTypes(await folder('good-for-digest', {}), { checkedMark: mark });
      const good = await readFile(mark, 'utf8');
      await writeFile(mark, await digestFor(broken));
      await expect(loadContentTypes(broken, { checkedMark: mark })).resolves.toBeDefined();
      const noElement = await folder('meta-invalid-no-element', {
        'schema.json': (await metaInvalid()).replace('"free_entry"', '"free_entry_unshown"'),
      });
      await writeFile(mark, await digestFor(noElement));
      await expect(loadContentTypes(noElement, { checkedMark: mark })).rejects.toThrow(/free_entry/);
      expect(good).not.toBe(await digestFor(broken));
    });

    it('compiles the validators of files that match the mark at their first use, not at the load', async () => {
      // A reference to nothing: JSON Schema's meta-schema and the form engine's rules accept it, Ajv's
      // compilation refuses it.
      const unresolvable = (await shipped()).replace(
        '"maxLength": 200 }',
        '"maxLength": 200, "$ref": "#/$defs/nowhere" }',
      );
      const broken = await folder('unresolvable', { 'schema.json': unresolvable });
      const mark = path.join(dir, 'mark-deferred');
      await expect(loadContentTypes(broken, { checkedMark: mark })).rejects.toThrow(
        /event[/\\]schema\.json: schema does not compile: .*nowhere/,
      );
      // A mark claiming these files compiled before: the load compiles nothing, the first entry does.
      await writeFile(mark, await digestFor(broken));
      const event = (await loadContentTypes(broken, { checkedMark: mark })).types.get('event')!;
      expect(() => createEntryValidator(event.schema).validate({}, 'strict')).toThrow(/nowhere/);
      // The shipped files under the same mark compile at their first entry and validate as always.
      const good = await folder('good-deferred', {});
      await writeFile(mark, await digestFor(good));
      const deferred = (await loadContentTypes(good, { checkedMark: mark })).types.get('event')!;
      const validator = createEntryValidator(deferred.schema);
      expect(validator.validate({ title: 'T', content: 'C', location: 'Bern' }, 'strict')).toEqual([
        expect.objectContaining({ field: 'starts_at' }),
      ]);
      expect(validator.validate({ location: 'Bern' }, 'draft')).toEqual([]);
    });

    it('checks in full when the mark was written by another version', async () => {
      const broken = await folder('meta-invalid-other-version', { 'schema.json': await metaInvalid() });
      const mark = path.join(dir, 'mark-other-version');
      await writeFile(mark, await digestFor(broken, '0.0.0-other'));
      await expect(loadContentTypes(broken, { checkedMark: mark })).rejects.toThrow(/\$comment/);
      await writeFile(mark, await digestFor(broken));
      await expect(loadContentTypes(broken, { checkedMark: mark })).resolves.toBeDefined();
    });

    it('checks in full when the mark cannot be read or written', async () => {
      const nowhere = path.join(dir, 'no-such-folder', 'mark');
      await expect(
        loadContentTypes(await folder('unmarked', {}), { checkedMark: nowhere }),
      ).resolves.toBeDefined();
      const broken = await folder('meta-invalid-unmarked', { 'schema.json': await metaInvalid() });
      await expect(loadContentTypes(broken, { checkedMark: nowhere })).rejects.toThrow(/\$comment/);
    });

    /** The mark a passed full check of the types in `root` would write. */
    async function digestFor(root: string, version?: string): Promise<string> {
      const read = async (file: string) =>
        JSON.parse(await readFile(path.join(root, file), 'utf8')) as unknown;
      const files = [];
      for (const name of ['article', 'event']) {
        const [schema, uischema, config] = await Promise.all(
          ['schema.json', 'uischema.json', 'config.json'].map((f) => read(path.join(name, f))),
        );
        files.push({ name, schema, uischema, config });
      }
      return contentTypesDigest(await read('base.json'), files, version) + '\n';
    }
  });

  it('refuses a folder without base.json', async () => {
    const empty = path.join(dir, 'empty');
    await mkdir(empty);
    await expect(loadContentTypes(empty)).rejects.toThrow(/base\.json: missing/);
  });
});
