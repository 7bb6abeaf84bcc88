import { describe, expect, it } from 'vitest';
import { LOCALES } from '../limits.ts';
import type { FieldError } from '../error-codes.ts';
import { describeEntryErrors, describeFieldError, VALIDATION_TEXTS } from './messages.ts';
import { createEntryValidator } from './validator.ts';
import { VALIDATION_KEYWORDS } from './entry-validation.ts';
import { loadShippedType } from './shipped-types.fixture.ts';
import type { UiSchema } from './ui-schema.ts';

const error = (keyword: string, params: Record<string, unknown> = {}, field = 'x'): FieldError => ({
  field,
  keyword,
  message: `validation.${keyword}`,
  params,
});

const topics = {
  scope: 'topics',
  widget: 'tags-predefined',
  label: { de: 'Themen', 'de-CH': 'Themen', en: 'Topics' },
  options: {
    tags: [
      { value: 'climate', text: { de: 'Klima', 'de-CH': 'Klima', en: 'Climate' } },
      { value: 'youth', text: { de: 'Jugend', 'de-CH': 'Jugend', en: 'Youth' } },
      'art',
    ],
  },
};

// Words of the JSON schema a person should never read.
const JARGON = /\b(string|integer|boolean|array|object|enum|format|type|uri|date-time|pattern|null)\b/i;

describe('describeFieldError', () => {
  it('says per format what to enter, in plain words', () => {
    expect(describeFieldError(error('format', { format: 'email' }), 'de')).toBe(
      'Bitte gib eine E-Mail-Adresse ein, zum Beispiel name@example.org.',
    );
    expect(describeFieldError(error('format', { format: 'uri' }), 'en')).toBe(
      'Please enter a web address starting with https://.',
    );
    expect(describeFieldError(error('format', { format: 'date' }), 'de')).toBe(
      'Bitte gib ein Datum ein, zum Beispiel 24.12.2026.',
    );
    expect(describeFieldError(error('format', { format: 'hostname' }), 'en')).toBe(
      'The entry does not have the expected form.',
    );
  });

  it('says per type what to enter; a list of types with null names the real one', () => {
    expect(describeFieldError(error('type', { type: 'integer' }), 'de')).toBe(
      'Bitte gib eine ganze Zahl ohne Komma ein.',
    );
    expect(describeFieldError(error('type', { type: 'number,null' }), 'en')).toBe('Please enter a number.');
    expect(describeFieldError(error('type', { type: ['null', 'boolean'] }), 'en')).toBe(
      'Please choose yes or no.',
    );
  });

  it('names the allowed choices by the texts the person saw, in their language', () => {
    const enumError = error('enum', { allowedValues: ['climate', 'youth', 'art'] }, 'topics/1');
    expect(describeFieldError(enumError, 'de', topics)).toBe('Bitte wähle Klima, Jugend oder art.');
    expect(describeFieldError(enumError, 'en', topics)).toBe('Please choose Climate, Youth or art.');
    expect(describeFieldError(enumError, 'en')).toBe('Please choose climate, youth or art.');
  });

  it('asks to tick a box that must be ticked', () => {
    expect(describeFieldError(error('const', { allowedValue: true }), 'de')).toBe(
      'Bitte setze hier das Häkchen.',
    );
    expect(describeFieldError(error('const', { allowedValue: 'a' }), 'en')).toBe('Only “a” fits here.');
  });

  it('writes limits as numbers of the language', () => {
    expect(describeFieldError(error('maxLength', { limit: 20000 }), 'de')).toBe(
      'Bitte gib höchstens 20.000 Zeichen ein.',
    );
    expect(describeFieldError(error('maxLength', { limit: 20000 }), 'en')).toBe(
      'Please enter at most 20,000 characters.',
    );
    expect(describeFieldError(error('minItems', { limit: 1 }), 'de')).toBe(
      'Bitte wähle mindestens einen Eintrag.',
    );
  });

  it('has a plain sentence without schema words for every keyword in every language', () => {
    const params: Record<string, Record<string, unknown>> = {
      type: { type: 'string' },
      format: { format: 'email' },
      enum: { allowedValues: ['a', 'b'] },
      const: { allowedValue: 'a' },
      additionalProperties: { additionalProperty: 'extra' },
      multipleOf: { multipleOf: 5 },
    };
    for (const language of LOCALES) {
      for (const keyword of [...VALIDATION_KEYWORDS, 'unknownKeyword']) {
        const text = describeFieldError(error(keyword, params[keyword] ?? { limit: 3 }), language);
        expect(text, `${language} ${keyword}`).toMatch(/^\S.*[.»”“]$/);
        expect(text, `${language} ${keyword}`).not.toMatch(JARGON);
        expect(text).not.toContain('undefined');
      }
    }
  });

  it('speaks Swiss German without ß, and falls back to German for an unknown language', () => {
    for (const keyword of VALIDATION_KEYWORDS) {
      expect(describeFieldError(error(keyword, { limit: 3 }), 'de-CH')).not.toContain('ß');
    }
    expect(describeFieldError(error('required'), 'fr')).toBe(VALIDATION_TEXTS.de.required);
  });
});

describe('describeEntryErrors', () => {
  const article = loadShippedType('article');
  const validator = createEntryValidator({
    ...article.schema,
    properties: { ...article.base.properties, ...article.schema.properties },
    required: [...(article.base.required ?? []), ...(article.schema.required ?? [])],
  });
  const uiSchema = article.uiSchema as UiSchema;

  it('names the fields by their labels and the choices by their texts', () => {
    const errors = validator.validate(
      { title: 'T', content: 'C', lead: 'L', topics: ['sport'], author_email: 'nope' },
      'draft',
    );
    const de = describeEntryErrors(errors, 'de', uiSchema);
    expect(de.message).toBe('Bitte prüfe diese Felder: „Themen“, „E-Mail für Rückfragen“.');
    expect(de.errors.find((e) => e.keyword === 'enum')?.message).toMatch(
      /^Themen: Bitte wähle Klima, Bildung, .* oder Jugend\.$/,
    );
    const en = describeEntryErrors(errors, 'en', uiSchema);
    expect(en.message).toBe('Please check these fields: “Topics”, “E-mail for questions”.');
    expect(en.errors.find((e) => e.keyword === 'format')?.message).toBe(
      'E-mail for questions: Please enter an e-mail address, for example name@example.org.',
    );
    expect(en.errors.map(({ field, keyword, params }) => ({ field, keyword, params }))).toEqual(
      errors.map(({ field, keyword, params }) => ({ field, keyword, params })),
    );
  });

  it('names the title by its built-in label', () => {
    const { message } = describeEntryErrors(validator.validate({ content: 'C' }, 'strict'), 'en', uiSchema);
    expect(message).toMatch(/“Title”/);
  });
});
