import { describe, expect, expectTypeOf, it } from 'vitest';
import { SHIPPED_TYPES, loadShippedType } from './shipped-types.fixture.ts';
import {
  INPUT_TYPES,
  WIDGETS,
  checkTypeConfig,
  checkUiSchema,
  inputTypeOf,
  isUiSchema,
  privateFieldsOf,
} from './ui-schema.ts';
import type { InputType, UiElement, UiSchema, WidgetName } from './ui-schema.ts';

const label = { de: 'Feld', 'de-CH': 'Feld', en: 'Field' };
const element = (extra: Record<string, unknown>) => ({ scope: 'field', label, ...extra });
/** The messages of checkUiSchema for a one-element UI schema, as "path: message". */
const problemsOf = (el: Record<string, unknown>) => checkUiSchema([el]).map((p) => `${p.path}: ${p.message}`);

describe('the shipped types', () => {
  it('ships article and event at least', () => {
    expect(SHIPPED_TYPES).toEqual(expect.arrayContaining(['article', 'event']));
  });

  it.each(SHIPPED_TYPES)('%s has a uischema.json and config.json in the format', (name) => {
    const { uiSchema, config } = loadShippedType(name);
    expect(checkUiSchema(uiSchema)).toEqual([]);
    expect(checkTypeConfig(config)).toEqual([]);
  });

  it('together use every widget and every input type', () => {
    const elements = SHIPPED_TYPES.flatMap((name) => loadShippedType(name).uiSchema as UiSchema);
    expect(new Set(elements.map((e) => e.widget))).toEqual(new Set(WIDGETS));
    const inputTypes = elements.flatMap((e: UiElement) => (e.widget === 'input' ? [inputTypeOf(e)] : []));
    expect(new Set(inputTypes)).toEqual(new Set(INPUT_TYPES));
  });
});

describe('checkUiSchema', () => {
  it('types an element by its widget (checked by tsc)', () => {
    expectTypeOf<UiElement['widget']>().toEqualTypeOf<WidgetName>();
    expectTypeOf<NonNullable<Extract<UiElement, { widget: 'input' }>['options']>['type']>().toEqualTypeOf<
      InputType | undefined
    >();
    expectTypeOf<
      Extract<UiElement, { widget: 'select' }>['options']['choices'][number]['value']
    >().toBeString();
  });

  it('accepts every widget in its minimal form', () => {
    const minimal = WIDGETS.map((widget) =>
      widget === 'select'
        ? element({ widget, options: { choices: [{ value: 'a', text: 'A' }] } })
        : widget === 'tags-predefined'
          ? element({ widget, options: { tags: ['a'] } })
          : element({ widget }),
    );
    expect(checkUiSchema(minimal)).toEqual([]);
    expect(isUiSchema(minimal)).toBe(true);
  });

  it('refuses anything but an array', () => {
    expect(checkUiSchema({ scope: 'field' })).toEqual([
      { path: '', message: 'must be an array of elements', keyword: 'notArray', params: {} },
    ]);
    expect(isUiSchema({})).toBe(false);
  });

  it('takes "private": true on any element, and only a boolean', () => {
    expect(problemsOf(element({ widget: 'textarea', private: true }))).toEqual([]);
    expect(problemsOf(element({ widget: 'input', options: { type: 'email' }, private: false }))).toEqual([]);
    expect(problemsOf(element({ widget: 'textarea', private: 'yes' }))).toEqual([
      '/0/private: must be boolean',
    ]);
  });

  it('names the private fields, and the shipped article keeps its contact e-mail private', () => {
    expect(privateFieldsOf([element({ widget: 'textarea', private: true }), { scope: 'b' }])).toEqual(
      new Set(['field']),
    );
    expect(privateFieldsOf(loadShippedType('article').uiSchema as UiSchema)).toEqual(
      new Set(['author_email']),
    );
  });

  it('refuses an unknown widget, naming the allowed ones', () => {
    expect(problemsOf(element({ widget: 'wysiwyg' }))).toEqual([
      `/0/widget: must be one of ${WIDGETS.map((w) => `"${w}"`).join(', ')}`,
    ]);
  });

  it('refuses an element without scope or with a label missing a locale', () => {
    expect(problemsOf({ widget: 'checkbox', label: { de: 'Feld', en: 'Field' } })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/0: .*scope/),
        expect.stringMatching(/^\/0\/label: .*de-CH/),
      ]),
    );
  });

  it('refuses misspelt keys', () => {
    expect(problemsOf(element({ widget: 'textarea', lable: label }))).toEqual(['/0: unknown key "lable"']);
  });

  it('input: takes every listed type, defaults to text and refuses any other type', () => {
    for (const type of INPUT_TYPES)
      expect(problemsOf(element({ widget: 'input', options: { type } }))).toEqual([]);
    expect(inputTypeOf({ scope: 'f', widget: 'input', label })).toBe('text');
    expect(problemsOf(element({ widget: 'input', options: { type: 'datetime-local' } }))).toEqual([
      expect.stringMatching(/^\/0\/options\/type: must be one of "text", "number", .*"color"$/),
    ]);
  });

  it('select: needs choices, each with a non-empty value and text', () => {
    expect(problemsOf(element({ widget: 'select' }))).toEqual([expect.stringMatching(/^\/0: .*options/)]);
    expect(problemsOf(element({ widget: 'select', options: { choices: [] } }))).toEqual([
      expect.stringMatching(/^\/0\/options\/choices: .*1/),
    ]);
    expect(problemsOf(element({ widget: 'select', options: { choices: [{ value: 'a' }] } }))).toEqual([
      expect.stringMatching(/^\/0\/options\/choices\/0: .*text/),
    ]);
    expect(
      problemsOf(element({ widget: 'select', options: { choices: [{ value: '', text: 'A' }] } })),
    ).toEqual([expect.stringMatching(/^\/0\/options\/choices\/0\/value: /)]);
    expect(
      problemsOf(
        element({ widget: 'select', options: { choices: [{ value: 'a', text: { ...label, en: '' } }] } }),
      ),
    ).toContain('/0/options/choices/0/text/en: must not have fewer than 1 characters');
  });

  it('select: takes multiple as a boolean and a text as a string or per locale', () => {
    const choices = [
      { value: 'a', text: 'A' },
      { value: 'b', text: label },
    ];
    expect(problemsOf(element({ widget: 'select', options: { multiple: true, choices } }))).toEqual([]);
    expect(problemsOf(element({ widget: 'select', options: { multiple: 'yes', choices } }))).toEqual([
      expect.stringMatching(/^\/0\/options\/multiple: .*boolean/),
    ]);
  });

  it('tags-predefined: needs a non-empty list of distinct lowercase tags', () => {
    expect(problemsOf(element({ widget: 'tags-predefined', options: { tags: [] } }))).toEqual([
      expect.stringMatching(/^\/0\/options\/tags: /),
    ]);
    expect(
      problemsOf(element({ widget: 'tags-predefined', options: { tags: ['climate', 'Health'] } })),
    ).toEqual(['/0/options/tags/1: must be lowercase']);
    expect(problemsOf(element({ widget: 'tags-predefined', options: { tags: ['a', 'a'] } }))).toEqual([
      expect.stringMatching(/^\/0\/options\/tags: .*duplicate/),
    ]);
  });

  it('tags-predefined: takes a tag as a string or as a value with its text per locale', () => {
    const tags = ['climate', { value: 'health', text: label }, { value: 'youth', text: 'Jugend' }];
    expect(problemsOf(element({ widget: 'tags-predefined', options: { tags } }))).toEqual([]);
    expect(
      problemsOf(
        element({ widget: 'tags-predefined', options: { tags: [{ value: 'Health', text: label }] } }),
      ),
    ).toEqual(['/0/options/tags/0/value: must be lowercase']);
    expect(
      problemsOf(
        element({ widget: 'tags-predefined', options: { tags: [{ value: 'health', lable: label }] } }),
      ),
    ).toEqual(expect.arrayContaining(['/0/options/tags/0: unknown key "lable"']));
    expect(
      problemsOf(
        element({
          widget: 'tags-predefined',
          options: { tags: ['health', { value: 'health', text: label }] },
        }),
      ),
    ).toEqual(['/0/options/tags/1: repeats the tag value "health"']);
  });

  it('names each problem by a keyword and its params, so screens can word it', () => {
    const [problem] = checkUiSchema([element({ widget: 'tags-predefined', options: { tags: ['Health'] } })]);
    expect(problem).toMatchObject({ path: '/0/options/tags/0', keyword: 'lowercase' });
    const [unknown] = checkUiSchema([element({ widget: 'checkbox', options: { type: 'email' } })]);
    expect(unknown).toMatchObject({
      keyword: 'additionalProperties',
      params: { additionalProperties: ['type'] },
    });
  });

  it('refuses options on widgets that take none', () => {
    expect(problemsOf(element({ widget: 'checkbox', options: {} }))).toEqual([]);
    expect(problemsOf(element({ widget: 'checkbox', options: { type: 'email' } }))).toEqual([
      '/0/options: unknown key "type"',
    ]);
  });

  it('reports the index of the broken element', () => {
    const problems = checkUiSchema([element({ widget: 'markdown' }), element({ widget: 'slider' })]);
    expect(problems.map((p) => p.path)).toEqual(['/1/widget']);
  });
});

describe('checkTypeConfig', () => {
  const config = { title: label, description: label };

  it('accepts names alone or with file limits', () => {
    expect(checkTypeConfig(config)).toEqual([]);
    expect(
      checkTypeConfig({ ...config, file: { max_file_size: 5_000_000, allowed_extensions: ['pdf'] } }),
    ).toEqual([]);
  });

  it('refuses a missing description, a size that is no whole number and an extension with a dot', () => {
    const problems = checkTypeConfig({
      title: label,
      file: { max_file_size: '5 MB', allowed_extensions: ['.pdf'] },
    });
    expect(problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(['', '/file/max_file_size', '/file/allowed_extensions/0']),
    );
    expect(problems.find((p) => p.path === '')?.message).toMatch(/description/);
  });
});
