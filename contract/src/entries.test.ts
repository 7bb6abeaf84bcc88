import { describe, expect, it } from 'vitest';
import { COMMENT_SCHEMA, COMMENT_UI_SCHEMA, ENTRY_ID_PATTERN, isScheduled } from './entries.ts';
import { checkUiSchema } from './forms/ui-schema.ts';
import { createEntryValidator } from './forms/validator.ts';

describe('comment form', () => {
  it('has a UI schema in the entry types’ format covering exactly the schema’s properties', () => {
    expect(checkUiSchema(COMMENT_UI_SCHEMA)).toEqual([]);
    expect(COMMENT_UI_SCHEMA.map((e) => e.scope).sort()).toEqual(
      Object.keys(COMMENT_SCHEMA.properties).sort(),
    );
  });

  it('requires a title of 1-200 and a content of 1-10000 characters', () => {
    const validator = createEntryValidator(COMMENT_SCHEMA);
    expect(validator.validate({ title: 'Frage', content: 'Wann?' }, 'strict')).toEqual([]);
    const fields = validator
      .validate({ title: 'x'.repeat(201), content: '' }, 'strict')
      .map((e) => `${e.field} ${e.keyword}`);
    expect(fields.sort()).toEqual(['content required', 'title maxLength']);
  });
});

describe('entry ids', () => {
  it('need at least 22 base64url characters (128 bits)', () => {
    const pattern = new RegExp(ENTRY_ID_PATTERN);
    expect(pattern.test('AAAAAAAAAAAAAAAAAAAAAA')).toBe(true);
    expect(pattern.test('AAAAAAAAAAAAAAAAAAAAA')).toBe(false);
    expect(pattern.test('AAAAAAAAAAAAAAAAAAAAA/')).toBe(false);
  });
});

describe('scheduled publication', () => {
  const now = Date.parse('2026-11-23T18:00:00Z');
  it('is a published entry whose publish_at is still to come, not a state of its own', () => {
    expect(isScheduled({ state: 'published', publish_at: '2026-11-23T18:00:01Z' }, now)).toBe(true);
    expect(isScheduled({ state: 'published', publish_at: '2026-11-23T18:00:00Z' }, now)).toBe(false);
    expect(isScheduled({ state: 'published', publish_at: null }, now)).toBe(false);
    expect(isScheduled({ state: 'proposed', publish_at: '2030-01-01T00:00:00Z' }, now)).toBe(false);
  });
});
