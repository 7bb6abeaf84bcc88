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

  it('translates with params, lists shown as words, each message once', () => {
    const { t } = createFormsI18n('en');
    const enumError = {
      field: 'category',
      keyword: 'enum',
      message: 'validation.enum',
      params: { allowedValues: ['a', 'b'] },
    };
    expect(translateFieldErrors([enumError, enumError], t)).toEqual([
      'Please choose one of the allowed values: a, b.',
    ]);
    expect(translateFieldErrors([{ field: 'x', keyword: 'odd', message: 'validation.odd' }], t)).toEqual([
      'The value is not valid.',
    ]);
  });
});
