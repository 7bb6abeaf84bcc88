import { describe, expect, it } from 'vitest';
import { createFormsI18n } from './test-utils';
import { scopeOfError, translateFieldErrors } from './field-errors';

const scopes = new Set(['tags', 'a/b', 'data']);
const error = (field: string) => ({ field, keyword: 'x', message: 'validation.invalid' });

describe('field errors', () => {
  it('puts each error on the property it belongs to', () => {
    expect(scopeOfError(error('tags/2'), scopes)).toBe('tags');
    expect(scopeOfError(error('a~1b'), scopes)).toBe('a/b');
    expect(scopeOfError(error('data/tags/0'), new Set(['tags']))).toBe('tags');
    expect(scopeOfError(error('data/tags'), scopes)).toBe('data');
  });

  it('says in plain words what to do, choices by their texts in the language, each message once', () => {
    createFormsI18n('en');
    const element = {
      scope: 'topics',
      widget: 'tags-predefined',
      options: {
        tags: [{ value: 'climate', text: { de: 'Klima', 'de-CH': 'Klima', en: 'Climate' } }, 'art'],
      },
    };
    const enumError = {
      field: 'topics/0',
      keyword: 'enum',
      message: 'validation.enum',
      params: { allowedValues: ['climate', 'art'] },
    };
    expect(translateFieldErrors([enumError, enumError], 'de', element)).toEqual([
      'Bitte wähle Klima oder art.',
    ]);
    expect(translateFieldErrors([enumError], 'en', element)).toEqual(['Please choose Climate or art.']);
    const format = {
      field: 'mail',
      keyword: 'format',
      message: 'validation.format',
      params: { format: 'email' },
    };
    expect(translateFieldErrors([format], 'de')).toEqual([
      'Bitte gib eine E-Mail-Adresse ein, zum Beispiel name@example.org.',
    ]);
    expect(translateFieldErrors([{ field: 'x', keyword: 'odd', message: 'validation.odd' }], 'en')).toEqual([
      'This entry does not fit. Please check it.',
    ]);
  });
});
