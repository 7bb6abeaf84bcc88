import { describe, expect, it, vi } from 'vitest';
import { checkContentType, compareCoverage, mergeSchemas } from './content-type.ts';
import type { ContentTypeFiles, ContentTypeProblem, ObjectSchema } from './content-type.ts';
import { SHIPPED_TYPES, loadShippedType } from './shipped-types.fixture.ts';
import type { UiElement } from './ui-schema.ts';
import { createAjv } from './validator.ts';

const label = { de: 'Feld', 'de-CH': 'Feld', en: 'Field' };

/** The article type, deep-copied so a test can break one thing in it. */
function article(): ContentTypeFiles & { base: ObjectSchema; schema: ObjectSchema; uiSchema: UiElement[] } {
  return structuredClone(loadShippedType('article')) as ReturnType<typeof article>;
}
const elementFor = (files: ReturnType<typeof article>, scope: string) => {
  const found = files.uiSchema.find((e) => e.scope === scope);
  if (!found) throw new Error(`no element ${scope}`);
  return found;
};
const replaceElement = (files: ReturnType<typeof article>, scope: string, element: UiElement) => {
  files.uiSchema = files.uiSchema.map((e) => (e.scope === scope ? element : e));
};
const check = (files: ContentTypeFiles): ContentTypeProblem[] => checkContentType(files);

describe('checkContentType', () => {
  it.each(SHIPPED_TYPES)('accepts the shipped type %s', (name) => {
    expect(check(loadShippedType(name))).toEqual([]);
  });

  it('compiles the merged schema in the Ajv instance it is given', () => {
    const ajv = createAjv();
    const compile = vi.spyOn(ajv, 'compile');
    expect(checkContentType(article(), { ajv })).toEqual([]);
    expect(compile).toHaveBeenCalledTimes(1);
    const broken = article();
    broken.schema.properties.lead = { type: 'nonsense' };
    expect(checkContentType(broken, { ajv })).toContainEqual({
      file: 'schema.json',
      message: expect.stringMatching(/^schema does not compile: /),
    });
  });

  it('refuses a type name that is no URL segment or that the app routes itself', () => {
    expect(check({ ...article(), name: 'News Item' })).toEqual([
      { file: 'config.json', message: expect.stringMatching(/type name "News Item" must match/) },
    ]);
    expect(check({ ...article(), name: 'admin' })).toEqual([
      { file: 'config.json', message: expect.stringMatching(/type name "admin" is reserved/) },
    ]);
  });

  it('refuses a base that is not an object schema', () => {
    const files = article();
    files.base = { ...files.base, type: 'array' } as unknown as ObjectSchema;
    expect(check(files)).toEqual([{ file: 'base.json', message: 'base schema must have "type": "object"' }]);
  });

  it('refuses a schema that is not an object schema', () => {
    expect(check({ ...article(), schema: [] })).toEqual([
      { file: 'schema.json', message: 'schema must be a JSON object' },
    ]);
    expect(check({ ...article(), schema: { type: 'object' } })).toEqual([
      { file: 'schema.json', message: 'schema must have "properties" as an object' },
    ]);
    const files = article();
    files.schema.properties.lead = true as unknown as ObjectSchema;
    files.schema.required = 'lead' as unknown as string[];
    expect(check(files)).toEqual([
      { file: 'schema.json', message: 'schema property "lead" must be a schema object' },
      { file: 'schema.json', message: 'schema "required" must be an array of property names' },
    ]);
  });

  it('refuses "required" naming a property that does not exist', () => {
    const files = article();
    files.schema.required = ['lead', 'summary'];
    files.base.required = ['title', 'lead'];
    expect(check(files)).toEqual([
      { file: 'base.json', message: '"required" names "lead", which is not a property' },
      { file: 'schema.json', message: '"required" names "summary", which is not a property' },
    ]);
  });

  it('refuses a type that redefines a base property', () => {
    const files = article();
    files.schema.properties.content = { type: 'string', maxLength: 10 };
    expect(check(files)).toEqual([
      {
        file: 'schema.json',
        message: 'property "content" is defined by base.json already; a type may not redefine it',
      },
    ]);
  });

  it('refuses a schema that Ajv cannot compile', () => {
    const files = article();
    files.schema.properties.word_count = { type: 'numbr' };
    expect(check(files)).toEqual([
      {
        file: 'schema.json',
        message: expect.stringMatching(/^schema does not compile: schema is invalid: .*type/),
      },
      expect.objectContaining({ file: 'uischema.json' }),
    ]);
  });

  it('refuses a uiSchema that breaks the format, naming the path', () => {
    const files = article();
    replaceElement(files, 'reviewed', {
      ...elementFor(files, 'reviewed'),
      widget: 'toggle',
    } as unknown as UiElement);
    expect(check(files)).toEqual([
      {
        file: 'uischema.json',
        message: expect.stringMatching(/^uiSchema at \/11\/widget: must be one of "markdown"/),
      },
    ]);
  });

  it('refuses a config that breaks the format', () => {
    expect(check({ ...article(), config: { title: label } })).toEqual([
      { file: 'config.json', message: 'config: must have required properties description' },
    ]);
  });

  it('refuses an element whose scope is no property', () => {
    const files = article();
    files.uiSchema.push({ scope: 'summary', widget: 'textarea', label });
    expect(check(files)).toEqual([
      {
        file: 'uischema.json',
        message: 'scope "summary" is not a property of the schema (base.json + schema.json)',
      },
    ]);
  });

  it('refuses a property, of the type or of base, without an element', () => {
    const files = article();
    files.uiSchema = files.uiSchema.filter((e) => e.scope !== 'lead' && e.scope !== 'content');
    expect(check(files)).toEqual([
      { file: 'uischema.json', message: 'property "content" has no element in the uiSchema' },
      { file: 'uischema.json', message: 'property "lead" has no element in the uiSchema' },
    ]);
  });

  it('refuses two elements for one property', () => {
    const files = article();
    files.uiSchema.push({ ...elementFor(files, 'lead'), widget: 'markdown' });
    expect(check(files)).toEqual([
      { file: 'uischema.json', message: 'scope "lead" has 2 elements; each property needs exactly one' },
    ]);
  });

  it('refuses an element for the title, which the edit page renders itself', () => {
    const files = article();
    files.uiSchema.unshift({ scope: 'title', widget: 'input', label });
    expect(check(files)).toEqual([
      {
        file: 'uischema.json',
        message: 'scope "title" must have no element: the edit page renders the title itself',
      },
    ]);
  });

  it.each([
    [
      'reviewed',
      { widget: 'textarea' },
      'element "reviewed" (textarea) needs a property of type string, but "reviewed" is boolean',
    ],
    [
      'lead',
      { widget: 'checkbox' },
      'element "lead" (checkbox) needs a property of type boolean, but "lead" is string',
    ],
    [
      'word_count',
      { widget: 'date' },
      'element "word_count" (date) needs a property of type string, but "word_count" is number',
    ],
    [
      'lead',
      { widget: 'input', options: { type: 'range' } },
      'element "lead" (input range) needs a property of type number or integer, but "lead" is string',
    ],
    [
      'word_count',
      { widget: 'input', options: { type: 'email' } },
      'element "word_count" (input email) needs a property of type string, but "word_count" is number',
    ],
    [
      'word_count',
      { widget: 'input' },
      'element "word_count" (input text) needs a property of type string, but "word_count" is number',
    ],
    [
      'lead',
      { widget: 'files' },
      'element "lead" (files) needs a property of type array of string, but "lead" is string',
    ],
    [
      'image',
      { widget: 'tags' },
      'element "image" (tags) needs a property of type array of string, but "image" is string',
    ],
    [
      'tags',
      { widget: 'select', options: { choices: [{ value: 'a', text: 'A' }] } },
      'element "tags" (select) needs a property of type string, but "tags" is array of string',
    ],
    [
      'lead',
      { widget: 'select', options: { multiple: true, choices: [{ value: 'a', text: 'A' }] } },
      'element "lead" (select) needs a property of type array of string, but "lead" is string',
    ],
    [
      'attachments',
      { widget: 'image' },
      'element "attachments" (image) needs a property of type string, but "attachments" is array of string',
    ],
  ])('refuses a widget that cannot edit its property type: %s as %j', (scope, widget, message) => {
    const files = article();
    replaceElement(files, scope, { scope, label, ...widget } as UiElement);
    expect(check(files)).toEqual([{ file: 'uischema.json', message }]);
  });

  it('refuses files and tags on arrays of anything but strings', () => {
    const files = article();
    files.schema.properties.attachments = { type: 'array', items: { type: 'integer' } };
    expect(check(files)).toEqual([
      {
        file: 'uischema.json',
        message:
          'element "attachments" (files) needs a property of type array of string, but "attachments" is array of integer',
      },
    ]);
  });

  it('takes an integer for a number input and a nullable type for its base type', () => {
    const files = article();
    files.schema.properties.word_count = { type: 'integer' };
    files.schema.properties.lead = { type: ['string', 'null'] };
    expect(check(files)).toEqual([]);
  });

  it("refuses select choices that differ from the property's enum", () => {
    const files = article();
    const category = elementFor(files, 'category');
    if (category.widget !== 'select') throw new Error('category is a select');
    category.options.choices = category.options.choices.filter((c) => c.value !== 'sports');
    category.options.choices.push({ value: 'weather', text: 'Wetter' });
    expect(check(files)).toEqual([
      {
        file: 'uischema.json',
        message:
          'element "category" (select): the choice values must match the property\'s enum: it lacks "sports" and offers "weather" beyond the enum',
      },
    ]);
  });

  it("refuses multiple-select choices that differ from the items' enum, and repeated choice values", () => {
    const files = loadShippedType('event') as ReturnType<typeof article>;
    const audience = elementFor(files, 'audience');
    if (audience.widget !== 'select') throw new Error('audience is a select');
    audience.options.choices = [...audience.options.choices.slice(1), { value: 'adults', text: 'Adults' }];
    expect(check(files)).toEqual([
      { file: 'uischema.json', message: 'element "audience" (select) repeats choice value adults' },
      {
        file: 'uischema.json',
        message:
          'element "audience" (select): the choice values must match the property\'s enum: it lacks "children"',
      },
    ]);
  });

  it("refuses predefined tags that differ from the items' enum", () => {
    const files = article();
    replaceElement(files, 'topics', {
      scope: 'topics',
      widget: 'tags-predefined',
      label,
      options: { tags: ['climate', 'sport'] },
    });
    expect(check(files)).toEqual([
      {
        file: 'uischema.json',
        message: expect.stringMatching(
          /^element "topics" \(tags-predefined\): options.tags must match the property's enum: it lacks "education", .* and offers "sport" beyond the enum$/,
        ),
      },
    ]);
  });

  it('compares the values of labelled predefined tags with the enum', () => {
    const files = article();
    const values = ['climate', 'education', 'health', 'housing', 'mobility', 'youth'];
    replaceElement(files, 'topics', {
      scope: 'topics',
      widget: 'tags-predefined',
      label,
      options: { tags: values.map((value, i) => (i % 2 ? value : { value, text: label })) },
    });
    expect(check(files)).toEqual([]);
  });

  it('accepts a select without enum on its property', () => {
    const files = article();
    files.schema.properties.category = { type: 'string' };
    expect(check(files)).toEqual([]);
  });

  it('accepts a calendar mapping of fitting, public fields', () => {
    const files = article();
    files.config = {
      ...(files.config as object),
      calendar: { start: 'publish_on', summary: 'title', location: 'lead', url: 'source_url' },
    };
    expect(check(files)).toEqual([]);
  });

  it('refuses a calendar mapping naming unknown, unfitting or private fields', () => {
    const files = article();
    files.config = {
      ...(files.config as object),
      calendar: {
        start: 'lead',
        end: 'ends_at',
        summary: 'word_count',
        location: 'author_email',
        url: 'image',
      },
    };
    expect(check(files)).toEqual([
      { file: 'config.json', message: 'calendar.start "lead" must have format "date-time" or "date"' },
      {
        file: 'config.json',
        message: 'calendar.end "ends_at" is not a property of the schema (base.json + schema.json)',
      },
      {
        file: 'config.json',
        message: 'calendar.summary "word_count" must be a string property, but is number',
      },
      {
        file: 'config.json',
        message: 'calendar.location "author_email" is private; the calendar feed is public',
      },
      { file: 'config.json', message: 'calendar.url "image" must have format "uri"' },
    ]);
  });

  it('refuses a calendar mapping with an unknown role or without a start', () => {
    const files = article();
    files.config = { ...(files.config as object), calendar: { summary: 'title', begin: 'publish_on' } };
    expect(check(files).map((p) => p.message)).toEqual([
      expect.stringMatching(/^config at \/calendar: .*start/),
      expect.stringMatching(/^config at \/calendar: unknown key "begin"/),
    ]);
  });
});

describe('mergeSchemas', () => {
  const base: ObjectSchema = {
    type: 'object',
    properties: { title: { type: 'string' }, content: { type: 'string' } },
    required: ['title', 'content'],
  };
  const schema: ObjectSchema = {
    type: 'object',
    properties: { lead: { type: 'string' } },
    required: ['lead', 'title'],
    additionalProperties: false,
  };

  it('merges properties and required of both into an object schema', () => {
    expect(mergeSchemas(base, schema)).toEqual({
      type: 'object',
      properties: { title: { type: 'string' }, content: { type: 'string' }, lead: { type: 'string' } },
      required: ['title', 'content', 'lead'],
    });
  });

  it('keeps the base definition of a property the type repeats', () => {
    const merged = mergeSchemas(base, { type: 'object', properties: { title: { type: 'number' } } });
    expect(merged.properties.title).toEqual({ type: 'string' });
  });

  it('gives the same object for the same inputs, so its validator is compiled once', () => {
    expect(mergeSchemas(base, schema)).toBe(mergeSchemas(base, schema));
    expect(mergeSchemas(base, schema)).not.toBe(mergeSchemas(base, structuredClone(schema)));
  });
});

describe('compareCoverage', () => {
  const ui = JSON.stringify([
    { scope: 'lead', widget: 'textarea', label },
    { scope: 'content', widget: 'markdown', label },
  ]);
  const schema = (properties: string[]) =>
    JSON.stringify({
      type: 'object',
      properties: Object.fromEntries(properties.map((p) => [p, { type: 'string' }])),
    });

  it('answers ok with both parsed when they cover the same properties, title aside', () => {
    expect(compareCoverage(ui, schema(['title', 'content', 'lead']))).toEqual({
      ok: true,
      uiSchema: JSON.parse(ui) as unknown,
      schema: JSON.parse(schema(['title', 'content', 'lead'])) as unknown,
    });
  });

  it('refuses a UI schema that is no JSON', () => {
    expect(compareCoverage('[{"scope": }]', schema(['lead']))).toEqual({
      ok: false,
      error: 'ui-invalid-json',
    });
  });

  it('refuses a UI schema that is not an array', () => {
    expect(compareCoverage('{"scope": "lead"}', schema(['lead']))).toEqual({
      ok: false,
      error: 'ui-not-array',
    });
  });

  it('refuses a JSON schema that is no JSON', () => {
    expect(compareCoverage(ui, "{ type: 'object' }")).toEqual({ ok: false, error: 'schema-invalid-json' });
  });

  it('refuses a JSON schema that is not an object', () => {
    expect(compareCoverage(ui, '["lead"]')).toEqual({ ok: false, error: 'schema-not-object' });
    expect(compareCoverage(ui, 'null')).toEqual({ ok: false, error: 'schema-not-object' });
  });

  it('refuses differing properties, listing those only on one side', () => {
    expect(compareCoverage(ui, schema(['lead', 'image']))).toEqual({
      ok: false,
      error: 'properties-differ',
      details: { onlyInUi: ['content'], onlyInSchema: ['image'] },
    });
  });
});
