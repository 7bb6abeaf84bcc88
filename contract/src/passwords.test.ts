import { describe, expect, it } from 'vitest';
import { entryPasswordProblems } from './passwords.ts';

describe('entry passwords', () => {
  it('need 8-1024 characters and must not be among the most common', () => {
    const keywords = (password: string) =>
      entryPasswordProblems(password).map((p) => `${p.field} ${p.keyword}`);
    expect(keywords('Velo-Weg 2026!')).toEqual([]);
    expect(keywords('kurz')).toEqual(['password length']);
    expect(keywords('x'.repeat(1025))).toEqual(['password length']);
    expect(keywords('12345678')).toEqual(['password common']);
    expect(keywords('PassWort')).toEqual(['password common']);
  });
});
