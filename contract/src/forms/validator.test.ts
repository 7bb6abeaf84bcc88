import Ajv2020 from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergeSchemas } from './content-type.ts';
import { loadShippedType } from './shipped-types.fixture.ts';
import {
  VALIDATION_KEYWORDS,
  VALIDATION_MESSAGE_KEYS,
  createAjv,
  createEntryValidator,
  entryValidatorCache,
  entryValidatorFrom,
  relaxForDraft,
} from './validator.ts';
import type { FieldError } from '../errors.ts';

const mergedOf = (name: string) => {
  const { base, schema } = loadShippedType(name);
  return mergeSchemas(base, schema);
};
const article = createEntryValidator(mergedOf('article'));
const event = createEntryValidator(mergedOf('event'));

const completeArticle = {
  title: 'Neue Velowege',
  content: 'Der Gemeinderat …',
  lead: 'Mehr Platz.',
  category: 'local',
};
const completeEvent = {
  title: 'Quartierfest',
  content: 'Musik',
  starts_at: '2026-06-20T16:00:00Z',
  location: 'Schulhaus',
};
const fields = (errors: FieldError[]) => errors.map((e) => `${e.field} ${e.keyword}`);

describe('createEntryValidator', () => {
  it('passes a complete entry in both modes', () => {
    expect(article.validate(completeArticle, 'strict')).toEqual([]);
    expect(article.validate(completeArticle, 'draft')).toEqual([]);
    expect(event.validate(completeEvent, 'strict')).toEqual([]);
  });

  it('saves an empty or partial draft, and refuses it strictly listing each missing field', () => {
    expect(article.validate({}, 'draft')).toEqual([]);
    expect(article.validate({ title: 'Neue Velowege' }, 'draft')).toEqual([]);
    expect(article.validate({ title: 'Neue Velowege' }, 'strict')).toEqual([
      {
        field: 'content',
        keyword: 'required',
        message: 'validation.required',
        params: { missingProperty: 'content' },
      },
      {
        field: 'lead',
        keyword: 'required',
        message: 'validation.required',
        params: { missingProperty: 'lead' },
      },
      {
        field: 'category',
        keyword: 'required',
        message: 'validation.required',
        params: { missingProperty: 'category' },
      },
    ]);
  });

  it('refuses wrong types in both modes', () => {
    const entry = { ...completeArticle, word_count: 'many', reviewed: 'yes', tags: ['ok', 7] };
    for (const mode of ['draft', 'strict'] as const) {
      expect(article.validate(entry, mode)).toEqual([
        { field: 'tags/1', keyword: 'type', message: 'validation.type', params: { type: 'string' } },
        { field: 'word_count', keyword: 'type', message: 'validation.type', params: { type: 'number' } },
        { field: 'reviewed', keyword: 'type', message: 'validation.type', params: { type: 'boolean' } },
      ]);
    }
  });

  it('refuses bad email, URI, date and date-time formats in both modes', () => {
    const badArticle = {
      ...completeArticle,
      author_email: 'anna at example',
      source_url: 'nur ein Text',
      publish_on: '2026-02-30',
    };
    for (const mode of ['draft', 'strict'] as const) {
      expect(article.validate(badArticle, mode)).toEqual([
        {
          field: 'author_email',
          keyword: 'format',
          message: 'validation.format',
          params: { format: 'email' },
        },
        { field: 'source_url', keyword: 'format', message: 'validation.format', params: { format: 'uri' } },
        { field: 'publish_on', keyword: 'format', message: 'validation.format', params: { format: 'date' } },
      ]);
      expect(fields(event.validate({ ...completeEvent, starts_at: 'morgen um acht' }, mode))).toEqual([
        'starts_at format',
      ]);
    }
  });

  it('takes an empty string in an optional format or pattern field as a cleared field, in both modes', () => {
    const cleared = { author_email: '', source_url: '', publish_on: '' };
    expect(article.validate({ ...completeArticle, ...cleared }, 'strict')).toEqual([]);
    expect(article.validate(cleared, 'draft')).toEqual([]);
    expect(event.validate({ ...completeEvent, ends_on: '', doors_open: '', colour: '' }, 'strict')).toEqual(
      [],
    );
  });

  it('takes an empty string in a required field as missing when strict', () => {
    expect(fields(event.validate({ ...completeEvent, location: '' }, 'strict'))).toEqual([
      'location required',
    ]);
    expect(event.validate({ ...completeEvent, location: '' }, 'draft')).toEqual([]);
  });

  it('refuses values outside an enum in both modes, naming the allowed ones', () => {
    for (const mode of ['draft', 'strict'] as const) {
      expect(
        article.validate({ ...completeArticle, category: 'weather', topics: ['climate', 'sport'] }, mode),
      ).toEqual([
        {
          field: 'category',
          keyword: 'enum',
          message: 'validation.enum',
          params: { allowedValues: ['politics', 'culture', 'sports', 'local', 'science'] },
        },
        {
          field: 'topics/1',
          keyword: 'enum',
          message: 'validation.enum',
          params: { allowedValues: ['climate', 'education', 'health', 'housing', 'mobility', 'youth'] },
        },
      ]);
    }
  });

  it('refuses too long strings, too many items and numbers past a limit even in a draft', () => {
    const entry = {
      lead: 'x'.repeat(1001),
      tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
      word_count: 100_001,
    };
    expect(article.validate(entry, 'draft')).toEqual([
      { field: 'lead', keyword: 'maxLength', message: 'validation.maxLength', params: { limit: 1000 } },
      { field: 'tags', keyword: 'maxItems', message: 'validation.maxItems', params: { limit: 20 } },
      {
        field: 'word_count',
        keyword: 'maximum',
        message: 'validation.maximum',
        params: { comparison: '<=', limit: 100_000 },
      },
    ]);
  });

  it('relaxes minLength (also of array items) in a draft only', () => {
    expect(article.validate({ tags: [''] }, 'draft')).toEqual([]);
    expect(article.validate({ ...completeArticle, tags: [''] }, 'strict')).toEqual([
      { field: 'tags/0', keyword: 'minLength', message: 'validation.minLength', params: { limit: 1 } },
    ]);
  });

  it('reports every error of an entry at once', () => {
    const entry = { title: 5, category: 'weather', author_email: 'nope', reviewed: 1, capacity: 3 };
    expect(fields(article.validate(entry, 'strict'))).toEqual([
      'content required',
      'lead required',
      'title type',
      'category enum',
      'author_email format',
      'reviewed type',
    ]);
  });

  it('leaves the data it checks untouched', () => {
    const entry = { ...completeArticle, author_email: '' };
    article.validate(entry, 'strict');
    expect(entry.author_email).toBe('');
  });

  it('answers only message keys the web catalogues know, with a fallback for other keywords', () => {
    const validator = createEntryValidator({
      type: 'object',
      properties: {
        code: { type: 'string', not: { const: 'admin' } },
        size: { type: 'integer', multipleOf: 5 },
      },
      additionalProperties: false,
    });
    const errors = validator.validate({ code: 'admin', size: 7, extra: true }, 'strict');
    expect(errors).toEqual([
      {
        field: 'extra',
        keyword: 'additionalProperties',
        message: 'validation.additionalProperties',
        params: { additionalProperty: 'extra' },
      },
      { field: 'code', keyword: 'not', message: 'validation.invalid', params: {} },
      { field: 'size', keyword: 'multipleOf', message: 'validation.multipleOf', params: { multipleOf: 5 } },
    ]);
    expect(VALIDATION_MESSAGE_KEYS).toEqual([
      ...VALIDATION_KEYWORDS.map((k) => `validation.${k}`),
      'validation.invalid',
    ]);
    for (const error of errors) expect(VALIDATION_MESSAGE_KEYS).toContain(error.message);
  });

  it('compiles a schema that has an $id', () => {
    const validator = createEntryValidator({
      $id: 'https://einwurf.example/x',
      type: 'object',
      required: ['a'],
    });
    expect(fields(validator.validate({}, 'strict'))).toEqual(['a required']);
    expect(validator.validate({}, 'draft')).toEqual([]);
  });
});

describe('createEntryValidator in a shared Ajv instance', () => {
  it('compiles many schemas in the one instance it is given, not one instance each', () => {
    const ajv = createAjv();
    const compile = vi.spyOn(ajv, 'compile');
    const a = createEntryValidator({ type: 'object', required: ['a'] }, { ajv });
    const b = createEntryValidator({ type: 'object', required: ['b'] }, { ajv });
    expect(fields(a.validate({}, 'draft'))).toEqual([]);
    expect(fields(b.validate({}, 'draft'))).toEqual([]);
    expect(compile).toHaveBeenCalledTimes(4);
  });

  it('compiles two schemas of the same $id, and schemas without one, each checking its own rules', () => {
    const ajv = createAjv();
    const same = { $id: 'https://einwurf.example/entry', type: 'object' } as const;
    const a = createEntryValidator({ ...same, required: ['a'] }, { ajv });
    const b = createEntryValidator({ ...same, required: ['b'] }, { ajv });
    const c = createEntryValidator({ type: 'object', required: ['c'] }, { ajv });
    const d = createEntryValidator({ type: 'object', required: ['d'] }, { ajv });
    expect([a, b, c, d].map((v) => fields(v.validate({}, 'strict')))).toEqual([
      ['a required'],
      ['b required'],
      ['c required'],
      ['d required'],
    ]);
    for (const validator of [a, b, c, d]) expect(validator.validate({}, 'draft')).toEqual([]);
  });

  it('finds in the shipped types what a validator of their own finds, in both modes', () => {
    const ajv = createAjv();
    // Copies, so neither the cache nor the validators at the top of this file answer.
    const shared = createEntryValidator(structuredClone(mergedOf('article')), { ajv });
    const own = createEntryValidator(structuredClone(mergedOf('article')));
    expect(shared).not.toBe(own);
    for (const entry of [
      {},
      { title: 'Neue Velowege' },
      completeArticle,
      { ...completeArticle, category: 'elsewhere', lead: 'x'.repeat(10_000), author_email: 'no mail' },
    ]) {
      for (const mode of ['strict', 'draft'] as const)
        expect(shared.validate(entry, mode)).toEqual(own.validate(entry, mode));
    }
  });

  it('refuses a schema that does not compile, and the instance still compiles the next', () => {
    const ajv = createAjv();
    expect(() =>
      createEntryValidator({ type: 'object', properties: { a: { type: 'nonsense' } } }, { ajv }),
    ).toThrow();
    const next = createEntryValidator({ type: 'object', required: ['a'] }, { ajv });
    expect(fields(next.validate({}, 'strict'))).toEqual(['a required']);
  });
});

describe('entryValidatorFrom', () => {
  it('runs precompiled (standalone) functions per mode, on the data without cleared fields', () => {
    const seen: unknown[] = [];
    const strict = Object.assign((data: unknown) => (seen.push(data), false), {
      errors: [
        {
          keyword: 'required',
          instancePath: '',
          schemaPath: '#/required',
          params: { missingProperty: 'lead' },
        },
      ],
    });
    const draft = (data: unknown) => (seen.push(data), true);
    const validator = entryValidatorFrom({ strict, draft });
    expect(validator.validate({ lead: '', tags: [''] }, 'strict')).toEqual([
      {
        field: 'lead',
        keyword: 'required',
        message: 'validation.required',
        params: { missingProperty: 'lead' },
      },
    ]);
    expect(validator.validate({ lead: '' }, 'draft')).toEqual([]);
    expect(seen).toEqual([{ tags: [''] }, {}]);
  });
});

describe('relaxForDraft', () => {
  it('drops required, minLength and minItems at every depth but keeps properties of those names', () => {
    const schema = {
      type: 'object',
      required: ['required'],
      properties: {
        required: { type: 'string', minLength: 2, maxLength: 5 },
        people: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string', minLength: 1 } },
          },
        },
      },
    };
    expect(relaxForDraft(schema)).toEqual({
      type: 'object',
      properties: {
        required: { type: 'string', maxLength: 5 },
        people: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
      },
    });
    expect(schema.required).toEqual(['required']);
  });
});

describe('the validator cache', () => {
  afterEach(() => vi.restoreAllMocks());

  it('compiles each schema object once (strict at once, draft at its first use) and reuses it', () => {
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    const schema = { type: 'object', properties: { lead: { type: 'string' } }, required: ['lead'] };
    expect(entryValidatorCache.has(schema)).toBe(false);

    const validator = createEntryValidator(schema);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(entryValidatorCache.get(schema)).toBe(validator);

    expect(createEntryValidator(schema)).toBe(validator);
    expect(validator.validate({}, 'strict')).toHaveLength(1);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(validator.validate({}, 'draft')).toEqual([]);
    expect(compile).toHaveBeenCalledTimes(2);
    validator.validate({}, 'draft');
    validator.validate({ lead: 5 }, 'strict');
    expect(compile).toHaveBeenCalledTimes(2);

    expect(createEntryValidator(structuredClone(schema))).not.toBe(validator);
    expect(compile).toHaveBeenCalledTimes(3);
  });

  it('reuses the validator of a merged type, as mergeSchemas returns the same object', () => {
    const { base, schema } = loadShippedType('event');
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    const first = createEntryValidator(mergeSchemas(base, schema));
    expect(createEntryValidator(mergeSchemas(base, schema))).toBe(first);
    expect(compile).toHaveBeenCalledTimes(1);
  });
});
